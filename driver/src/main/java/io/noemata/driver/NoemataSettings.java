package io.noemata.driver;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.regex.Pattern;

/**
 * The driver's own connection properties ({@code noemata.*}, from the URL's query string or the
 * Properties). They are removed before the rest reaches clickhouse-jdbc, which would otherwise
 * forward unknown names to the server as settings.
 *
 * @param rewrite {@code noemata.rewrite}: on (default), off, dry-run
 * @param catalogTtl {@code noemata.catalog.ttl}: how long a catalog read may be used (default 5m)
 * @param catalogRefresh {@code noemata.catalog.refresh}: age after which the next use reloads it in
 *     the background while the cached one keeps serving (default: half the TTL)
 * @param hideInternal {@code noemata.metadata.hide-internal}: DatabaseMetaData omits noemata's
 *     ledger, rollup targets and their views, and {@code __nm_*} columns (default true)
 * @param namespace {@code noemata.namespace}: read only this deployment namespace's ledgers; absent
 *     (the default), the driver reads the ledgers of every namespace it finds on the server
 */
public record NoemataSettings(RewriteMode rewrite, Duration catalogTtl, Duration catalogRefresh,
    boolean hideInternal, Optional<String> namespace) {

  public static final String PREFIX = "noemata.";
  public static final String REWRITE = "noemata.rewrite";
  public static final String CATALOG_TTL = "noemata.catalog.ttl";
  public static final String CATALOG_REFRESH = "noemata.catalog.refresh";
  public static final String HIDE_INTERNAL = "noemata.metadata.hide-internal";
  public static final String NAMESPACE = "noemata.namespace";

  // before DEFAULTS: the constructor uses them
  private static final Pattern DURATION = Pattern.compile("(\\d+)(ms|s|m|h)");
  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  public static final NoemataSettings DEFAULTS =
      new NoemataSettings(RewriteMode.ON, Duration.ofMinutes(5), Duration.ofSeconds(150), true, Optional.empty());

  public NoemataSettings {
    Objects.requireNonNull(rewrite, "rewrite");
    Objects.requireNonNull(catalogTtl, "catalogTtl");
    Objects.requireNonNull(catalogRefresh, "catalogRefresh");
    Objects.requireNonNull(namespace, "namespace");
    if (catalogTtl.isNegative() || catalogTtl.isZero()) {
      throw new IllegalArgumentException(CATALOG_TTL + " must be positive");
    }
    if (catalogRefresh.isNegative() || catalogRefresh.isZero() || catalogRefresh.compareTo(catalogTtl) > 0) {
      throw new IllegalArgumentException(CATALOG_REFRESH + " must be positive and at most " + CATALOG_TTL);
    }
    if (namespace.isPresent() && !NAME.matcher(namespace.get()).matches()) {
      throw new IllegalArgumentException(NAMESPACE + " must be a plain identifier, was '" + namespace.get() + "'");
    }
  }

  /** Reads the {@code noemata.*} entries of {@code props}; unknown {@code noemata.*} names are refused. */
  public static NoemataSettings from(Properties props) {
    for (String name : props.stringPropertyNames()) {
      if (name.startsWith(PREFIX) && !name.equals(REWRITE) && !name.equals(CATALOG_TTL)
          && !name.equals(CATALOG_REFRESH) && !name.equals(HIDE_INTERNAL) && !name.equals(NAMESPACE)) {
        throw new IllegalArgumentException("unknown property " + name);
      }
    }
    RewriteMode mode = props.containsKey(REWRITE) ? RewriteMode.parse(props.getProperty(REWRITE)) : DEFAULTS.rewrite;
    Duration ttl = props.containsKey(CATALOG_TTL) ? duration(CATALOG_TTL, props.getProperty(CATALOG_TTL)) : DEFAULTS.catalogTtl;
    Duration refresh = props.containsKey(CATALOG_REFRESH)
        ? duration(CATALOG_REFRESH, props.getProperty(CATALOG_REFRESH))
        : ttl.dividedBy(2).isZero() ? ttl : ttl.dividedBy(2);
    boolean hide = !props.containsKey(HIDE_INTERNAL) || bool(HIDE_INTERNAL, props.getProperty(HIDE_INTERNAL));
    Optional<String> ns = Optional.ofNullable(props.getProperty(NAMESPACE)).map(String::strip);
    return new NoemataSettings(mode, ttl, refresh, hide, ns);
  }

  /** {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}, or a bare number of seconds. */
  static Duration duration(String name, String value) {
    String v = value.strip();
    if (v.chars().allMatch(Character::isDigit) && !v.isEmpty()) {
      return Duration.ofSeconds(Long.parseLong(v));
    }
    var m = DURATION.matcher(v);
    if (!m.matches()) {
      throw new IllegalArgumentException(name + " must look like 500ms, 30s, 5m or 1h, was '" + value + "'");
    }
    long n = Long.parseLong(m.group(1));
    switch (m.group(2)) {
      case "ms":
        return Duration.ofMillis(n);
      case "s":
        return Duration.ofSeconds(n);
      case "m":
        return Duration.ofMinutes(n);
      default:
        return Duration.ofHours(n);
    }
  }

  private static boolean bool(String name, String value) {
    String v = value.strip();
    if (v.equalsIgnoreCase("true") || v.equals("1")) {
      return true;
    }
    if (v.equalsIgnoreCase("false") || v.equals("0")) {
      return false;
    }
    throw new IllegalArgumentException(name + " must be true or false, was '" + value + "'");
  }
}

package io.noemata.driver;

import com.clickhouse.jdbc.ClickHouseDriver;
import io.noemata.driver.catalog.CatalogCache;
import io.noemata.driver.catalog.CatalogKey;
import io.noemata.driver.proxy.InPlaceConnection;
import io.noemata.driver.proxy.ProxyConnection;
import io.noemata.driver.proxy.QueryPlanner;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.logging.Logger;

/**
 * {@code jdbc:noemata:clickhouse://...} and {@code jdbc:noemata:ch://...}: the official
 * clickhouse-jdbc driver, given the same URL without {@code noemata:} and every property except the
 * driver's own {@code noemata.*} ones, behind a proxy that rewrites queries to read installed
 * accelerators. Registered through {@code META-INF/services/java.sql.Driver}.
 */
public final class NoemataDriver implements Driver {

  static {
    try {
      DriverManager.registerDriver(new NoemataDriver());
    } catch (SQLException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private static volatile Driver clickhouse;

  /** The wrapped driver, made on first use and called directly (not through DriverManager). */
  static Driver clickhouse() {
    Driver d = clickhouse;
    if (d == null) {
      synchronized (NoemataDriver.class) {
        d = clickhouse;
        if (d == null) {
          d = new ClickHouseDriver();
          clickhouse = d;
        }
      }
    }
    return d;
  }

  @Override
  public boolean acceptsURL(String url) {
    return NoemataUrl.accepts(url);
  }

  @Override
  public Connection connect(String url, Properties info) throws SQLException {
    if (!acceptsURL(url)) {
      return null;
    }
    Wiring w = Wiring.of(url, info);
    Connection delegate = clickhouse().connect(w.parsed().delegateUrl(), w.theirs());
    if (delegate == null) {
      throw new SQLException("clickhouse-jdbc refused the URL of " + w.parsed().endpoint(), "08001");
    }
    return new ProxyConnection(delegate, w.settings(), w.cache(), w.catalogKey(), w.namedParameters(),
        w.meaningSettings());
  }

  /**
   * noemata's rewriting for a connection clickhouse-jdbc opened itself (the agent): its URL
   * ({@code jdbc:clickhouse:...} or {@code jdbc:ch:...}) and properties, read as the URL swap reads
   * them, with the same catalog cache.
   */
  public static InPlaceConnection inPlace(String clickhouseUrl, Properties info) throws SQLException {
    return new InPlaceConnection(Wiring.of(NoemataUrl.PREFIX + clickhouseUrl.substring("jdbc:".length()), info).planner());
  }

  /**
   * What clickhouse-jdbc is given for a connection it opens itself (the agent): {@code clickhouseUrl}
   * without its {@code noemata.*} query parameters and {@code info} without noemata's properties,
   * as the URL swap hands them on; null when neither holds any (the arguments stay as they are).
   * Read by name only: the values are checked where noemata reads them ({@link #inPlace}).
   */
  public static ClickHouseArguments clickhouseArguments(String clickhouseUrl, Properties info) {
    boolean inUrl = clickhouseUrl.indexOf('?') >= 0 && clickhouseUrl.contains(NoemataSettings.PREFIX);
    boolean inInfo = info != null && java.util.stream.Stream.concat(info.keySet().stream(), info.stringPropertyNames().stream())
        .anyMatch(n -> n instanceof String name && name.startsWith(NoemataSettings.PREFIX));
    if (!inUrl && !inInfo) {
      return null;
    }
    String url = inUrl ? NoemataUrl.parse(NoemataUrl.PREFIX + clickhouseUrl.substring("jdbc:".length())).delegateUrl() : clickhouseUrl;
    return new ClickHouseArguments(url, inInfo ? delegateProperties(info, new Properties()) : info);
  }

  /** A clickhouse-jdbc URL and properties, as {@link #clickhouseArguments} leaves them. */
  public record ClickHouseArguments(String url, Properties info) {}

  /** What a noemata URL and its properties make: noemata's settings, clickhouse-jdbc's properties, the catalog to read. */
  private record Wiring(NoemataUrl parsed, Properties theirs, NoemataSettings settings) {

    static Wiring of(String url, Properties info) throws SQLException {
      NoemataUrl parsed = NoemataUrl.parse(url);
      Properties ours = new Properties();
      ours.putAll(parsed.options());
      Properties theirs = delegateProperties(info, ours);
      try {
        return new Wiring(parsed, theirs, NoemataSettings.from(ours));
      } catch (IllegalArgumentException e) {
        throw new SQLException(e.getMessage(), "HY024", e);
      }
    }

    CatalogCache cache() {
      return CatalogCache.shared(settings.catalogTtl(), settings.catalogRefresh(), settings.namespace().orElse(null));
    }

    /** The catalog is read on connections of its own, opened by clickhouse-jdbc directly. */
    CatalogKey catalogKey() {
      String user = theirs.getProperty("user", parsed.urlUser() == null ? "default" : parsed.urlUser());
      return new CatalogKey(parsed.endpoint(), user, () -> clickhouse().connect(parsed.delegateUrl(), theirs));
    }

    Map<String, String> namedParameters() {
      return QueryParameterValues.of(parsed.delegateUrl(), theirs);
    }

    /** The settings the connection sends that change what a rewrite would mean (it then rewrites nothing). */
    Set<String> meaningSettings() {
      return QueryParameterValues.meaningChanging(parsed.delegateUrl(), theirs);
    }

    QueryPlanner planner() {
      return new QueryPlanner(settings, cache(), catalogKey(), namedParameters(), meaningSettings());
    }
  }

  /**
   * What clickhouse-jdbc is given: every property of {@code info} as the object it is (a
   * {@code Supplier} query-id generator stays a Supplier), defaults included, except noemata's own,
   * which go to {@code ours} (over the URL's query string: properties given to connect() win).
   */
  static Properties delegateProperties(Properties info, Properties ours) {
    Properties theirs = new Properties();
    if (info == null) {
      return theirs;
    }
    for (String name : info.stringPropertyNames()) { // the defaults' String entries too
      theirs.setProperty(name, info.getProperty(name));
    }
    theirs.putAll(info); // every entry of info itself, whatever its type
    for (Object key : List.copyOf(theirs.keySet())) {
      if (key instanceof String name && name.startsWith(NoemataSettings.PREFIX)) {
        ours.setProperty(name, String.valueOf(theirs.remove(name)));
      }
    }
    return theirs;
  }

  @Override
  public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) throws SQLException {
    List<DriverPropertyInfo> out = new ArrayList<>();
    out.add(info(NoemataSettings.REWRITE, "on", "on, off or dry-run (send as written, report what would change)",
        "on", "off", "dry-run"));
    out.add(info(NoemataSettings.CATALOG_TTL, "5m", "how long a catalog read is used, e.g. 30s, 5m"));
    out.add(info(NoemataSettings.CATALOG_REFRESH, "half the TTL", "age after which a catalog is reloaded in the background"));
    out.add(info(NoemataSettings.HIDE_INTERNAL, "true", "hide noemata's internal tables and __nm_* columns from DatabaseMetaData",
        "true", "false"));
    out.add(info(NoemataSettings.NAMESPACE, "", "read only this deployment namespace's ledgers (default: every namespace found)"));
    if (acceptsURL(url)) {
      out.addAll(Arrays.asList(clickhouse().getPropertyInfo(NoemataUrl.parse(url).delegateUrl(), info)));
    }
    return out.toArray(new DriverPropertyInfo[0]);
  }

  private static DriverPropertyInfo info(String name, String value, String description, String... choices) {
    DriverPropertyInfo i = new DriverPropertyInfo(name, value);
    i.description = description;
    i.choices = choices.length == 0 ? null : choices;
    return i;
  }

  @Override
  public int getMajorVersion() {
    return 0;
  }

  @Override
  public int getMinorVersion() {
    return 1;
  }

  @Override
  public boolean jdbcCompliant() {
    return false;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException("noemata logs through SLF4J");
  }
}

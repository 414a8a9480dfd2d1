package io.noemata.core.naming;

import io.noemata.core.expr.Canonical;
import io.noemata.core.expr.CanonicalExpr;
import io.noemata.core.expr.Exprs;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * The names of what noemata installs in ClickHouse, as the seed gives them: stored columns, skip
 * indexes and projections are {@code __nm_<hash>}; a rollup is
 * {@code <namespace>_rollup_<alias>_<key>} (the stable view), {@code ...__<hash8>} (the target) and
 * {@code ...__<hash8>_mv}. The hash scheme is documented in {@code package-info.java}; changing it
 * renames every installed object, so it is versioned.
 */
public final class Names {

  /** What every {@code __nm_*} object starts with, so prune and the driver recognize them. */
  public static final String PREFIX = "__nm_";
  /** The OTel exporter's own stored columns of {@code ResourceAttributes} keys. */
  public static final String EXPORTER_PREFIX = "__otel_materialized_";
  static final String COLUMN_DOMAIN = "noemata/column/v1";
  /**
   * v2: the storage of a shape changed (a var/stddev moment as power sums, each definition stored
   * once, an avg's count the row count), so a target written by v1 is never taken for a v2 one: a
   * publish after the upgrade installs and backfills the new target and retires the old.
   */
  static final String ROLLUP_DOMAIN = "noemata/rollup/v2";

  private Names() {}

  /** {@code __nm_} and 16 hex digits for the stored column of {@code expression}. */
  public static String columnName(CanonicalExpr expression) {
    return PREFIX + sha256Hex(COLUMN_DOMAIN + "\n" + Canonical.text(expression)).substring(0, 16);
  }

  /**
   * The OTel exporter's column that stores {@code expression}: {@code ResourceAttributes['k8s.pod.name']}
   * is {@code __otel_materialized_k8s.pod.name}; empty for any other expression.
   */
  public static Optional<String> exporterColumn(CanonicalExpr expression) {
    if (Exprs.mapSubscriptColumn(expression).filter("ResourceAttributes"::equals).isPresent()) {
      CanonicalExpr key = ((CanonicalExpr.Call) expression).arguments().get(1);
      return Optional.of(EXPORTER_PREFIX + ((CanonicalExpr.Literal) key).text());
    }
    return Optional.empty();
  }

  /** The skip index of {@code type} (as ClickHouse spells it) over {@code column}. */
  public static String index(String type, String column) {
    return hashed("index", type + "\n" + column);
  }

  /** The projection storing {@code columns}, sorted by {@code orderBy}. */
  public static String projection(List<String> columns, List<String> orderBy) {
    return hashed("projection", String.join(",", columns) + "\n" + String.join(",", orderBy));
  }

  /** {@code __nm_<16 hex>} for an object whose whole definition is {@code definition}. */
  private static String hashed(String domain, String definition) {
    return PREFIX + sha256Hex("noemata/" + domain + "/v1\n" + definition).substring(0, 16);
  }

  /** 8 hex digits identifying a rollup's stored shape; the target table ends in {@code __<hash8>}. */
  public static String rollupHash8(RollupShape shape) {
    return sha256Hex(ROLLUP_DOMAIN + "\n" + shape.canonicalText()).substring(0, 8);
  }

  /** {@code <namespace>_rollup_<alias>_<key>}: the view queries and other tools read. */
  public static String stableView(String namespace, String alias, String key) {
    return namespace + "_rollup_" + alias + "_" + key;
  }

  /** {@code <namespace>_rollup_<alias>_<key>__<hash8>}: the AggregatingMergeTree target of one stored shape. */
  public static String rollupTarget(String namespace, String alias, String key, String hash8) {
    return stableView(namespace, alias, key) + "__" + hash8;
  }

  /** The materialized view writing {@code target}. */
  public static String materializedView(String target) {
    return target + "_mv";
  }

  /** The local table under a Distributed rollup target {@code target}, on every server. */
  public static String localTarget(String target) {
    return target + "_local";
  }

  /** The table a repair fills one day of {@code target} into before it replaces that day's partition. */
  public static String repairTable(String target) {
    return target + "_repair";
  }

  /** What follows {@code __<hash8>} in a rollup's installed objects: its view, local table, repair table. */
  private static final java.util.regex.Pattern HASHED_OBJECT =
      java.util.regex.Pattern.compile(".+__[0-9a-f]{8}(" + materializedView("") + "|" + localTarget("") + "|" + repairTable("")
          + ")*");

  /**
   * True when {@code name} is one of a rollup's installed objects named by its shape's hash (the
   * target, its materialized view, a Distributed target's local table, a repair table), not the
   * stable view queries and other tools read.
   */
  public static boolean hashedRollupObject(String name) {
    return HASHED_OBJECT.matcher(name).matches();
  }

  /** Lower-case hex SHA-256 of the UTF-8 bytes of {@code text}. */
  public static String sha256Hex(String text) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(sha.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}

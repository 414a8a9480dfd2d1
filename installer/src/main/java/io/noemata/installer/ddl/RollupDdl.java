package io.noemata.installer.ddl;

import io.noemata.core.naming.Names;
import io.noemata.core.ledger.LedgerSchema;
import io.noemata.core.sql.Literals;
import io.noemata.installer.plan.Accelerator;
import io.noemata.installer.plan.Accelerator.Dimension;
import io.noemata.installer.plan.Accelerator.Rollup;
import io.noemata.installer.plan.StoredMeasure;
import io.noemata.resources.model.PhysicalName;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The seed's four rollup objects: the AggregatingMergeTree target (partitioned by day, sorted by
 * dimensions then bucket, TTL from retention), the materialized view writing source rows from the
 * cutover, the backfill of one day before it, and the stable view. Source columns are read through
 * the alias {@code __src} so that output names (such as {@code bucket}) never capture them.
 *
 * <p>Over a Distributed source the target is a local table on every server, its view reads the
 * local source (where inserts land), a Distributed table over the local targets is the
 * {@code object}, and the stable view reads it. The backfill runs on every shard over that shard's
 * own rows ({@code parallel_distributed_insert_select = 2}), as the view does: each source row is in
 * the target of the shard that holds it, once, and reading the Distributed rollup sums every shard
 * once, exactly as reading the Distributed source does. (Through the Distributed source into one
 * server's target would also count each row once on disjoint shards, but a retry reaching another
 * server is not deduplicated there, and where shards share a table it counts differently from
 * the raw table: see the README, Clusters.)
 */
public final class RollupDdl {

  static final String SRC = "__src";
  /** Remembered insert blocks: a backfill chunk retried with its token is dropped, never counted twice. */
  static final int DEDUPLICATION_WINDOW = 10000;

  private RollupDdl() {}

  /** The target where rows are stored: the local target over a Distributed source. */
  public static String createTarget(Rollup r, Placement p) {
    List<String> cols = columns(r);
    List<String> key = new ArrayList<>();
    boolean nullableKey = false;
    for (Dimension d : r.dimensions()) {
      key.add(Literals.identifier(d.column()));
      nullableKey |= d.type().startsWith("Nullable(") || d.type().startsWith("LowCardinality(Nullable(");
    }
    key.add(Literals.identifier(LedgerSchema.BUCKET_COLUMN));
    String bucket = Literals.identifier(LedgerSchema.BUCKET_COLUMN);
    return "CREATE TABLE IF NOT EXISTS " + qualified(r, r.storageTarget()) + on(r, p) + " (\n  "
        + String.join(",\n  ", cols) + "\n)"
        + " ENGINE = " + Placement.aggregating(r.replicated()) + "\nPARTITION BY toDate(" + bucket + ")\nORDER BY ("
        + String.join(", ", key) + ")"
        + (r.retentionSeconds() > 0 ? "\nTTL " + bucket + " + INTERVAL " + r.retentionSeconds() + " SECOND" : "")
        + "\nSETTINGS " + (r.replicated() ? "replicated_deduplication_window" : "non_replicated_deduplication_window")
        + " = " + DEDUPLICATION_WINDOW
        + (nullableKey ? ", allow_nullable_key = 1" : "")
        + "\nCOMMENT " + Literals.string("noemata rollup " + r.key() + " of " + r.table() + ", grain "
            + r.grainSeconds() + "s, shape " + r.hash8());
  }

  /**
   * Over a Distributed source: the Distributed table over the local targets, on the source's
   * cluster, without a sharding key (nothing is inserted through it but the per-shard backfill).
   */
  public static String createDistributedTarget(Rollup r, Placement p) {
    Accelerator.Spread spread = r.spread().orElseThrow(() -> new IllegalArgumentException(r.key() + " is not distributed"));
    return "CREATE TABLE IF NOT EXISTS " + qualified(r, r.object()) + on(r, p) + " (\n  " + String.join(",\n  ", columns(r))
        + "\n) ENGINE = Distributed(" + Literals.string(spread.cluster()) + ", " + Literals.string(r.table().database())
        + ", " + Literals.string(r.storageTarget()) + ")";
  }

  private static List<String> columns(Rollup r) {
    List<String> cols = new ArrayList<>();
    for (Dimension d : r.dimensions()) {
      cols.add(Literals.identifier(d.column()) + " " + d.type());
    }
    cols.add(Literals.identifier(LedgerSchema.BUCKET_COLUMN) + " DateTime('UTC')");
    for (StoredMeasure m : r.measures()) {
      cols.add(Literals.identifier(m.column()) + " " + m.type());
    }
    return cols;
  }

  /** Every statement creating the target(s), in order. */
  public static List<String> createTargets(Rollup r, Placement p) {
    return r.spread().isPresent() ? List.of(createTarget(r, p), createDistributedTarget(r, p))
        : List.of(createTarget(r, p));
  }

  /** The materialized view: rows at or after the cutover, as they are inserted. */
  public static String createMaterializedView(Rollup r, Instant cutover, Placement p) {
    return "CREATE MATERIALIZED VIEW IF NOT EXISTS " + qualified(r, r.materializedView()) + on(r, p) + " TO "
        + qualified(r, r.storageTarget()) + "\nAS " + select(r, r.viewSource(), time(r) + " >= " + instant(cutover));
  }

  /**
   * A refreshed rollup's view: the server aggregates the whole source ({@code FINAL} where its
   * engine merges rows; within retention and one grain more) on the schedule and replaces the
   * target's rows with the result. It is created with its first refresh running.
   */
  public static String createRefreshedView(Rollup r, Placement p) {
    Accelerator.Refreshing refresh = r.refresh().orElseThrow(() -> new IllegalArgumentException(r.key()
        + " is fed by inserts"));
    // an older bucket than retention and a grain is dropped by the target's TTL anyway; the driver
    // reads only buckets inside retention, each of which this reads whole
    String where = r.retentionSeconds() > 0 ? time(r) + " >= now() - INTERVAL " + (r.retentionSeconds()
        + r.grainSeconds()) + " SECOND" : "1";
    return "CREATE MATERIALIZED VIEW IF NOT EXISTS " + qualified(r, r.materializedView()) + on(r, p) + " REFRESH "
        + refresh.clause() + " TO " + qualified(r, r.storageTarget()) + "\nAS " + select(r, r.viewSource(), where,
            refresh.fin());
  }

  /** Runs a refreshed rollup's refresh now (the first fill, or after a repair). */
  public static String refreshNow(Rollup r) {
    return "SYSTEM REFRESH VIEW " + qualified(r, r.materializedView());
  }

  /** Waits for the running refresh; the server fails it with the refresh's error. */
  public static String waitForRefresh(Rollup r) {
    return "SYSTEM WAIT VIEW " + qualified(r, r.materializedView());
  }

  /** Whether a view's statement, as the server writes it, is a refreshable one. */
  public static boolean refreshed(String statement) {
    return statement != null && statement.matches("(?s)CREATE MATERIALIZED VIEW \\S+ REFRESH .*");
  }

  /**
   * What in the server's statement of {@code r}'s view differs from its declaration (the schedule,
   * FINAL, or a view fed by inserts), as told to the user; empty when it is the declared one.
   */
  public static java.util.Optional<String> refreshDrift(Rollup r, String statement) {
    if (r.refresh().isEmpty()) {
      return refreshed(statement) ? java.util.Optional.of("materialized view " + r.materializedView()
          + " is refreshed, and the rollup is declared fed by inserts") : java.util.Optional.empty();
    }
    Accelerator.Refreshing refresh = r.refresh().get();
    if (!refreshed(statement)) {
      return java.util.Optional.of("materialized view " + r.materializedView() + " is fed by inserts, and the rollup"
          + " is declared REFRESH " + refresh.clause());
    }
    if (!statement.contains(" REFRESH " + refresh.clause() + " TO ")) {
      return java.util.Optional.of("materialized view " + r.materializedView() + " is not REFRESH "
          + refresh.clause() + " as declared");
    }
    if (refresh.fin() != statement.contains(" " + SRC + " FINAL")) {
      return java.util.Optional.of("materialized view " + r.materializedView() + (refresh.fin()
          ? " reads its source without FINAL" : " reads its source FINAL"));
    }
    return java.util.Optional.empty();
  }

  /** MODIFY QUERY in place: the view's query changed but its target did not. */
  public static String modifyQuery(Rollup r, Instant cutover, Placement p) {
    return "ALTER TABLE " + qualified(r, r.materializedView()) + on(r, p) + " MODIFY QUERY "
        + select(r, r.viewSource(), time(r) + " >= " + instant(cutover));
  }

  /**
   * The days of {@code [from, until)} that hold source rows, newest first, as epoch seconds of their
   * UTC midnight: the backfill's chunks are these days (a day without rows has nothing to fill).
   */
  public static String backfillDays(Rollup r, Instant from, Instant until) {
    String time = Literals.identifier(r.sourceTimeColumn());
    return "SELECT DISTINCT intDiv(toUnixTimestamp(" + time + "), 86400) * 86400 AS day FROM "
        + Literals.qualified(r.source().database(), r.source().table()) + " WHERE " + time + " >= " + instant(from)
        + " AND " + time + " < " + Literals.instant(until.getEpochSecond()) + " ORDER BY day DESC";
  }

  /**
   * One backfill chunk {@code [from, until)}, inserted as one block with a deduplication token so
   * that a retry after a crash never counts the chunk twice.
   */
  public static String backfillChunk(Rollup r, Instant from, Instant until, String token) {
    return "INSERT INTO " + qualified(r, r.object()) + insertColumns(r) + "\n"
        + select(r, r.source(), time(r) + " >= " + instant(from) + " AND " + time(r) + " < " + Literals.instant(until.getEpochSecond()))
        // over a Distributed source: each shard inserts into its local target from its local rows
        + "\nSETTINGS " + (r.spread().isPresent() ? "parallel_distributed_insert_select = 2, " : "")
        + "insert_deduplicate = 1, insert_deduplication_token = " + Literals.string(token)
        // squash the whole chunk into one block: one part, written all or not at all
        + ", min_insert_block_size_rows = 1000000000000, min_insert_block_size_bytes = 1000000000000000"
        + ", max_insert_block_size = 1000000000000, max_insert_threads = 1";
  }

  /** The table a repair fills one day into before it replaces the target's partition of that day. */
  public static String repairTable(Rollup r) {
    return Names.repairTable(r.object());
  }

  /** A fresh copy of the target's structure (same engine, key and partitioning, so partitions can move). */
  public static String createRepairTable(Rollup r) {
    return "CREATE TABLE " + qualified(r, repairTable(r)) + " AS " + qualified(r, r.object());
  }

  /**
   * One day {@code [from, until)} of the target as the source holds it now, into the repair table.
   * No deduplication: a repair after a crash must write the day again.
   */
  public static String repairChunk(Rollup r, Instant from, Instant until) {
    return "INSERT INTO " + qualified(r, repairTable(r)) + insertColumns(r) + "\n"
        + select(r, r.source(), time(r) + " >= " + instant(from) + " AND " + time(r) + " < " + Literals.instant(until.getEpochSecond()))
        + "\nSETTINGS insert_deduplicate = 0";
  }

  /**
   * Swaps the target's partition of {@code day} for the repair table's, atomically for readers and
   * without firing materialized views (a coarser rollup fed by this target is not written twice).
   */
  public static String replaceDay(Rollup r, java.time.LocalDate day) {
    return "ALTER TABLE " + qualified(r, r.object()) + " REPLACE PARTITION " + Literals.string(day.toString())
        + " FROM " + qualified(r, repairTable(r));
  }

  /** "A publication updates the rollup TTL when this value changes." */
  public static String modifyTtl(Rollup r, Placement p) {
    String bucket = Literals.identifier(LedgerSchema.BUCKET_COLUMN);
    return "ALTER TABLE " + qualified(r, r.storageTarget()) + on(r, p) + (r.retentionSeconds() > 0
        ? " MODIFY TTL " + bucket + " + INTERVAL " + r.retentionSeconds() + " SECOND" : " REMOVE TTL");
  }

  /** The stable view queries read; {@code CREATE OR REPLACE} re-points it atomically. */
  public static String pointStableView(Rollup r, Placement p) {
    return "CREATE OR REPLACE VIEW " + qualified(r, r.stableView()) + on(r, p) + " AS SELECT * FROM "
        + qualified(r, r.object());
  }

  /** Empties the target that stores rows (the view was missing after the cutover: refilled from scratch). */
  public static String truncateTarget(Rollup r, Placement p) {
    return "TRUNCATE TABLE IF EXISTS " + qualified(r, r.storageTarget()) + on(r, p);
  }

  public static String dropMaterializedView(String database, String view, Placement p) {
    return "DROP VIEW IF EXISTS " + Literals.qualified(database, view) + p.onCluster(database);
  }

  public static String dropTable(String database, String table, Placement p) {
    return "DROP TABLE IF EXISTS " + Literals.qualified(database, table) + p.onCluster(database);
  }

  /**
   * The target's columns in {@link #select}'s order, named: a kept target (the content hash ignores
   * the order of declarations and the feed) may hold them in another order than a positional insert.
   */
  static String insertColumns(Rollup r) {
    List<String> names = new ArrayList<>();
    r.dimensions().forEach(d -> names.add(Literals.identifier(d.column())));
    names.add(Literals.identifier(LedgerSchema.BUCKET_COLUMN));
    r.measures().forEach(m -> names.add(Literals.identifier(m.column())));
    return " (" + String.join(", ", names) + ")";
  }

  /** The aggregation from source rows (or the finer rollup's states) into target columns. */
  static String select(Rollup r, PhysicalName from, String where) {
    return select(r, from, where, false);
  }

  /** The same, reading {@code from} with {@code FINAL} when {@code fin}. */
  static String select(Rollup r, PhysicalName from, String where, boolean fin) {
    List<String> items = new ArrayList<>();
    List<String> group = new ArrayList<>();
    for (Dimension d : r.dimensions()) {
      items.add(SRC + "." + Literals.identifier(d.column()) + " AS " + Literals.identifier(d.column()));
      group.add(Literals.identifier(d.column()));
    }
    String g = Long.toString(r.grainSeconds());
    items.add("toDateTime(intDiv(toUnixTimestamp(" + time(r) + "), " + g + ") * " + g + ", 'UTC') AS "
        + Literals.identifier(LedgerSchema.BUCKET_COLUMN));
    group.add(Literals.identifier(LedgerSchema.BUCKET_COLUMN));
    for (StoredMeasure m : r.measures()) {
      items.add((r.from() == null ? m.valueSql() : m.fromFinerSql()) + " AS " + Literals.identifier(m.column()));
    }
    return "SELECT " + String.join(", ", items) + "\nFROM " + Literals.qualified(from.database(),
        from.table()) + " AS " + SRC + (fin ? " FINAL" : "") + "\nWHERE " + where + "\nGROUP BY " + String.join(", ", group);
  }

  private static String time(Rollup r) {
    return SRC + "." + Literals.identifier(r.sourceTimeColumn());
  }

  static String instant(Instant t) {
    return "toDateTime(" + t.getEpochSecond() + ", 'UTC')";
  }

  private static String on(Rollup r, Placement p) {
    return p.onCluster(r.table().database());
  }

  private static String qualified(Rollup r, String name) {
    return Literals.qualified(r.table().database(), name);
  }
}

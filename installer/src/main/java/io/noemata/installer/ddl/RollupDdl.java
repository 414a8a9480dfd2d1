package io.noemata.installer.ddl;

import io.noemata.core.ledger.LedgerSchema;
import io.noemata.core.sql.Literals;
import io.noemata.installer.plan.Accelerator.Dimension;
import io.noemata.installer.plan.Accelerator.Rollup;
import io.noemata.installer.plan.StoredMeasure;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The seed's four rollup objects: the AggregatingMergeTree target (partitioned by day, sorted by
 * dimensions then bucket, TTL from retention), the materialized view writing source rows from the
 * cutover, the backfill of one day before it, and the stable view. Source columns are read through
 * the alias {@code __src} so that output names (such as {@code bucket}) never capture them.
 */
public final class RollupDdl {

  static final String SRC = "__src";
  /** Remembered insert blocks: a backfill chunk retried with its token is dropped, never counted twice. */
  static final int DEDUPLICATION_WINDOW = 10000;

  private RollupDdl() {}

  public static String createTarget(Rollup r) {
    List<String> cols = new ArrayList<>();
    List<String> key = new ArrayList<>();
    boolean nullableKey = false;
    for (Dimension d : r.dimensions()) {
      cols.add(Literals.identifier(d.column()) + " " + d.type());
      key.add(Literals.identifier(d.column()));
      nullableKey |= d.type().startsWith("Nullable(") || d.type().startsWith("LowCardinality(Nullable(");
    }
    cols.add(Literals.identifier(LedgerSchema.BUCKET_COLUMN) + " DateTime('UTC')");
    key.add(Literals.identifier(LedgerSchema.BUCKET_COLUMN));
    for (StoredMeasure m : r.measures()) {
      cols.add(Literals.identifier(m.column()) + " " + m.type());
    }
    String bucket = Literals.identifier(LedgerSchema.BUCKET_COLUMN);
    return "CREATE TABLE IF NOT EXISTS " + qualified(r, r.object()) + " (\n  " + String.join(",\n  ", cols) + "\n)"
        + " ENGINE = AggregatingMergeTree\nPARTITION BY toDate(" + bucket + ")\nORDER BY (" + String.join(", ", key) + ")"
        + (r.retentionSeconds() > 0 ? "\nTTL " + bucket + " + INTERVAL " + r.retentionSeconds() + " SECOND" : "")
        + "\nSETTINGS non_replicated_deduplication_window = " + DEDUPLICATION_WINDOW
        + (nullableKey ? ", allow_nullable_key = 1" : "")
        + "\nCOMMENT " + Literals.string("noemata rollup " + r.key() + " of " + r.table() + ", grain "
            + r.grainSeconds() + "s, shape " + r.hash8());
  }

  /** The materialized view: rows at or after the cutover, as they are inserted. */
  public static String createMaterializedView(Rollup r, Instant cutover) {
    return "CREATE MATERIALIZED VIEW IF NOT EXISTS " + qualified(r, r.materializedView()) + " TO "
        + qualified(r, r.object()) + "\nAS " + select(r, time(r) + " >= " + instant(cutover));
  }

  /** MODIFY QUERY in place: the view's query changed but its target did not. */
  public static String modifyQuery(Rollup r, Instant cutover) {
    return "ALTER TABLE " + qualified(r, r.materializedView()) + " MODIFY QUERY "
        + select(r, time(r) + " >= " + instant(cutover));
  }

  /**
   * One backfill chunk {@code [from, until)}, inserted as one block with a deduplication token so
   * that a retry after a crash never counts the chunk twice.
   */
  public static String backfillChunk(Rollup r, Instant from, Instant until, String token) {
    return "INSERT INTO " + qualified(r, r.object()) + "\n"
        + select(r, time(r) + " >= " + instant(from) + " AND " + time(r) + " < " + instant(until))
        + "\nSETTINGS insert_deduplicate = 1, insert_deduplication_token = " + Literals.string(token)
        // squash the whole chunk into one block: one part, written all or not at all
        + ", min_insert_block_size_rows = 1000000000000, min_insert_block_size_bytes = 1000000000000000"
        + ", max_insert_block_size = 1000000000000, max_insert_threads = 1";
  }

  /** The table a repair fills one day into before it replaces the target's partition of that day. */
  public static String repairTable(Rollup r) {
    return r.object() + "_repair";
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
    return "INSERT INTO " + qualified(r, repairTable(r)) + "\n"
        + select(r, time(r) + " >= " + instant(from) + " AND " + time(r) + " < " + instant(until))
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
  public static String modifyTtl(Rollup r) {
    String bucket = Literals.identifier(LedgerSchema.BUCKET_COLUMN);
    return "ALTER TABLE " + qualified(r, r.object()) + (r.retentionSeconds() > 0
        ? " MODIFY TTL " + bucket + " + INTERVAL " + r.retentionSeconds() + " SECOND" : " REMOVE TTL");
  }

  /** The stable view queries read; {@code CREATE OR REPLACE} re-points it atomically. */
  public static String pointStableView(Rollup r) {
    return "CREATE OR REPLACE VIEW " + qualified(r, r.stableView()) + " AS SELECT * FROM " + qualified(r, r.object());
  }

  public static String dropMaterializedView(String database, String view) {
    return "DROP VIEW IF EXISTS " + Literals.qualified(database, view);
  }

  public static String dropTable(String database, String table) {
    return "DROP TABLE IF EXISTS " + Literals.qualified(database, table);
  }

  /** The aggregation from source rows (or the finer rollup's states) into target columns. */
  static String select(Rollup r, String where) {
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
    return "SELECT " + String.join(", ", items) + "\nFROM " + Literals.qualified(r.source().database(),
        r.source().table()) + " AS " + SRC + "\nWHERE " + where + "\nGROUP BY " + String.join(", ", group);
  }

  private static String time(Rollup r) {
    return SRC + "." + Literals.identifier(r.sourceTimeColumn());
  }

  static String instant(Instant t) {
    return "toDateTime(" + t.getEpochSecond() + ", 'UTC')";
  }

  private static String qualified(Rollup r, String name) {
    return Literals.qualified(r.table().database(), name);
  }
}

package io.noemata.core.ledger;

import io.noemata.core.sql.Literals;
import java.util.List;
import java.util.Objects;

/**
 * Names and DDL of the tables the installer keeps beside rollup targets, in every database it
 * installs into, created where a {@link LedgerPlacement} says (ON CLUSTER where statements run on a
 * cluster, replicated where it replicates). Every column is documented in {@code package-info.java}.
 * Format 1 only grows: later releases may add columns (with defaults) and states, never change the
 * meaning of these.
 */
public final class LedgerSchema {

  /** The format these tables are written in; also stored in every ledger row. */
  public static final int FORMAT_VERSION = 1;

  /** Name of the rollup bucket column in every target. */
  public static final String BUCKET_COLUMN = "bucket";

  private LedgerSchema() {}

  /** {@code <namespace>_resource_ledger}. */
  public static String ledgerTable(String namespace) {
    return checkNamespace(namespace) + "_resource_ledger";
  }

  /** {@code <namespace>_resource_objects}: every installed object with its kind and settings as JSON. */
  public static String objectsTable(String namespace) {
    return checkNamespace(namespace) + "_resource_objects";
  }

  /** {@code <namespace>_resource_lock}: the namespace lock's holders. */
  public static String lockTable(String namespace) {
    return checkNamespace(namespace) + "_resource_lock";
  }

  /** Columns added in format 1 after its first release (a ledger written before lacks them). */
  public static final List<String> QUARANTINE_COLUMNS =
      List.of("quarantine String DEFAULT ''", "quarantine_days Array(Date) DEFAULT []");

  /** Columns added in format 1 for late rows: a rollup's block-number watermarks per covered day and partition. */
  public static final List<String> WATERMARK_COLUMNS = List.of("watermarked UInt8 DEFAULT 0",
      "watermark_days Array(Date) DEFAULT []", "watermark_partitions Array(String) DEFAULT []",
      "watermark_low Array(Int64) DEFAULT []", "watermark_high Array(Int64) DEFAULT []");

  /** Adds to an older ledger the columns that {@link #createLedger} has since gained; a no-op on a current one. */
  public static List<String> upgradeLedger(String database, String namespace, LedgerPlacement p) {
    return java.util.stream.Stream.concat(QUARANTINE_COLUMNS.stream(), WATERMARK_COLUMNS.stream()).map(c -> "ALTER TABLE " + Literals.qualified(database, ledgerTable(namespace))
        + p.onCluster(database) + " ADD COLUMN IF NOT EXISTS " + c).toList();
  }

  /**
   * The ledger: one row per accelerator and installed object, newest {@code version} wins (read it
   * with {@code FINAL}).
   */
  public static String createLedger(String database, String namespace, LedgerPlacement p) {
    return "CREATE TABLE IF NOT EXISTS " + Literals.qualified(database, ledgerTable(namespace)) + p.onCluster(database) + " (\n"
        + "  format_version UInt16,\n"
        + "  namespace String,\n"
        + "  kind LowCardinality(String),\n"
        + "  key String,\n"
        + "  table_database String,\n"
        + "  table_name String,\n"
        + "  object String,\n"
        + "  content_hash String,\n"
        + "  state LowCardinality(String),\n"
        + "  async UInt8,\n"
        + "  file String,\n"
        + "  revision String,\n"
        + "  declaration String,\n"
        + "  stable_view String,\n"
        + "  source_object String,\n"
        + "  time_column String,\n"
        + "  grain_seconds UInt32,\n"
        + "  retention_seconds UInt32,\n"
        + "  dimensions Array(String),\n"
        + "  measure_names Array(String),\n"
        + "  measure_definitions Array(String),\n"
        + "  measure_columns Array(String),\n"
        + "  cutover Nullable(DateTime('UTC')),\n"
        + "  backfill_floor Nullable(DateTime('UTC')),\n"
        + "  backfilled_from Nullable(DateTime('UTC')),\n"
        + "  retired_at Nullable(DateTime('UTC')),\n"
        + "  prune_after Nullable(DateTime('UTC')),\n"
        + "  pruned_at Nullable(DateTime('UTC')),\n"
        + "  updated_at DateTime64(3, 'UTC'),\n"
        + "  version UInt64,\n"
        + "  " + QUARANTINE_COLUMNS.get(0) + ",\n"
        + "  " + QUARANTINE_COLUMNS.get(1) + ",\n"
        + "  " + String.join(",\n  ", WATERMARK_COLUMNS) + "\n"
        + ") ENGINE = " + engine(database, p) + "\n"
        + "ORDER BY (table_database, table_name, kind, key, object)\n"
        + "COMMENT " + Literals.string("noemata resource ledger, format " + FORMAT_VERSION
            + "; read with FINAL; columns documented in io.noemata.core.ledger");
  }

  /** Every object noemata installed, with its kind and settings as JSON; newest {@code version} wins. */
  public static String createObjects(String database, String namespace, LedgerPlacement p) {
    return "CREATE TABLE IF NOT EXISTS " + Literals.qualified(database, objectsTable(namespace)) + p.onCluster(database) + " (\n"
        + "  format_version UInt16,\n"
        + "  object_database String,\n"
        + "  object_table String,\n"
        + "  object String,\n"
        + "  kind LowCardinality(String),\n"
        + "  ledger_key String,\n"
        + "  settings String,\n"
        + "  dropped UInt8,\n"
        + "  updated_at DateTime64(3, 'UTC'),\n"
        + "  version UInt64\n"
        + ") ENGINE = " + engine(database, p) + "\n"
        + "ORDER BY (object_database, object_table, kind, object)\n"
        + "COMMENT " + Literals.string("noemata resource objects, format " + FORMAT_VERSION
            + "; each object with its kind and settings as JSON; read with FINAL");
  }

  /** Lock holders: a row per attempt; the oldest unexpired, unreleased row holds the lock. */
  public static String createLock(String database, String namespace, LedgerPlacement p) {
    return "CREATE TABLE IF NOT EXISTS " + Literals.qualified(database, lockTable(namespace)) + p.onCluster(database) + " (\n"
        + "  holder String,\n"
        + "  acquired_at DateTime64(3, 'UTC'),\n"
        + "  expires_at DateTime64(3, 'UTC'),\n"
        + "  released UInt8,\n"
        + "  version UInt64\n"
        + ") ENGINE = " + engine(database, p) + "\n"
        + "ORDER BY holder\n"
        + "COMMENT " + Literals.string("noemata namespace lock, format " + FORMAT_VERSION
            + "; the oldest row with released = 0 and expires_at in the future holds it");
  }

  /** All three tables keep the newest {@code version} of a row: ReplacingMergeTree, or its Replicated variant. */
  private static String engine(String database, LedgerPlacement p) {
    return p.ledgerEngine(database, "ReplacingMergeTree", "version");
  }

  /** Whether {@code name} can be a namespace: a plain identifier. */
  public static boolean isNamespace(String name) {
    return name != null && name.matches("[A-Za-z_][A-Za-z0-9_]*");
  }

  static String checkNamespace(String namespace) {
    if (!isNamespace(Objects.requireNonNull(namespace, "namespace"))) {
      throw new IllegalArgumentException("namespace must be a plain identifier: " + namespace);
    }
    return namespace;
  }
}

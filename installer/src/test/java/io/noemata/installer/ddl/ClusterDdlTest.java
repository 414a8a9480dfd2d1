package io.noemata.installer.ddl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.ledger.LedgerPlacement;
import io.noemata.core.ledger.LedgerSchema;
import io.noemata.installer.plan.Accelerator;
import io.noemata.resources.model.PhysicalName;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The exact statements of every DDL kind the installer emits, on one server, ON CLUSTER, in a
 * Replicated database (no ON CLUSTER: it replicates its schema itself), and over a Distributed source.
 */
class ClusterDdlTest {

  static final Placement SINGLE = Placement.SINGLE;
  static final Placement CLUSTER = new Placement(Optional.of("prod-ch"), true, 4, Set.of());
  static final Placement REPLICATED_DB = new Placement(Optional.of("prod-ch"), true, 4, Set.of("otel"));
  /** The embedded engine's two local shards: the name is known, statements run here. */
  static final Placement LOCAL_SHARDS = new Placement(Optional.of("two_local"), false, 2, Set.of());

  static final PhysicalName LOGS = new PhysicalName("otel", "otel_logs");
  static final PhysicalName LOCAL = new PhysicalName("otel", "otel_logs_local");
  static final Optional<Accelerator.Spread> SPREAD = Optional.of(new Accelerator.Spread("prod-ch", LOCAL));
  static final String ON = " ON CLUSTER `prod-ch`";
  static final String T = "`otel`.`noemata_rollup_logs_logs_1m__0123abcd`";

  static Accelerator.StoredColumn column(Optional<Accelerator.Spread> spread) {
    return new Accelerator.StoredColumn("pod", "x.resources.json", LOGS, "__nm_0123456789abcdef", false,
        "ResourceAttributes['k8s.pod.name']", "String", false, "{}", spread);
  }

  static Accelerator.SkipIndex index(Optional<Accelerator.Spread> spread) {
    return new Accelerator.SkipIndex("pod_bf", "x.resources.json", LOGS, "__nm_fedcba9876543210", false,
        "__nm_0123456789abcdef", "bloom_filter(0.01) GRANULARITY 1", "{}", spread);
  }

  static Accelerator.Projection projection(Optional<Accelerator.Spread> spread) {
    return new Accelerator.Projection("by_pod", "x.resources.json", LOGS, "__nm_00112233aabbccdd", false,
        List.of("Timestamp", "__nm_0123456789abcdef"), List.of("__nm_0123456789abcdef"), "{}", spread);
  }

  @Test
  void storedColumnStatementsWithAndWithoutACluster() {
    String def = "`__nm_0123456789abcdef` String MATERIALIZED ResourceAttributes['k8s.pod.name']";
    assertEquals(List.of("ALTER TABLE `otel`.`otel_logs` ADD COLUMN IF NOT EXISTS " + def + " CODEC(ZSTD(1))",
        "ALTER TABLE `otel`.`otel_logs` MATERIALIZE COLUMN `__nm_0123456789abcdef`"),
        ColumnDdl.statements(column(Optional.empty()), SINGLE, false));
    assertEquals(List.of("ALTER TABLE `otel`.`otel_logs`" + ON + " ADD COLUMN IF NOT EXISTS " + def + " CODEC(ZSTD(1))",
        "ALTER TABLE `otel`.`otel_logs`" + ON + " MATERIALIZE COLUMN `__nm_0123456789abcdef`"),
        ColumnDdl.statements(column(Optional.empty()), CLUSTER, false));
    assertEquals("ALTER TABLE `otel`.`otel_logs`" + ON + " MODIFY COLUMN " + def + " CODEC(ZSTD(1))",
        ColumnDdl.modify(column(Optional.empty()), CLUSTER));
    assertEquals("ALTER TABLE `otel`.`otel_logs` MODIFY COLUMN " + def + " CODEC(ZSTD(1))",
        ColumnDdl.modify(column(Optional.empty()), REPLICATED_DB));
    assertEquals("ALTER TABLE `otel`.`otel_logs`" + ON + " DROP COLUMN IF EXISTS `__nm_0123456789abcdef`",
        ColumnDdl.drop("otel", "otel_logs", "__nm_0123456789abcdef", CLUSTER));
    assertEquals("ALTER TABLE `otel`.`otel_logs` DROP COLUMN IF EXISTS `__nm_0123456789abcdef`",
        ColumnDdl.drop("otel", "otel_logs", "__nm_0123456789abcdef", REPLICATED_DB));
  }

  @Test
  void overADistributedTableTheColumnIsStoredLocallyAndDeclaredOnTheDistributedTableToo() {
    String def = "`__nm_0123456789abcdef` String MATERIALIZED ResourceAttributes['k8s.pod.name']";
    assertEquals(List.of(
        "ALTER TABLE `otel`.`otel_logs_local`" + ON + " ADD COLUMN IF NOT EXISTS " + def + " CODEC(ZSTD(1))",
        "ALTER TABLE `otel`.`otel_logs`" + ON + " ADD COLUMN IF NOT EXISTS " + def,
        "ALTER TABLE `otel`.`otel_logs_local`" + ON + " MATERIALIZE COLUMN `__nm_0123456789abcdef`"),
        ColumnDdl.statements(column(SPREAD), CLUSTER, false));
    assertEquals(List.of(
        "ALTER TABLE `otel`.`otel_logs_local` MODIFY COLUMN " + def + " CODEC(ZSTD(1))",
        "ALTER TABLE `otel`.`otel_logs` ADD COLUMN IF NOT EXISTS " + def,
        "ALTER TABLE `otel`.`otel_logs` MODIFY COLUMN " + def,
        "ALTER TABLE `otel`.`otel_logs_local` MATERIALIZE COLUMN `__nm_0123456789abcdef`"),
        ColumnDdl.statements(column(SPREAD), LOCAL_SHARDS, true));
  }

  @Test
  void indexStatements() {
    String add = " ADD INDEX IF NOT EXISTS `__nm_fedcba9876543210` `__nm_0123456789abcdef` TYPE bloom_filter(0.01)"
        + " GRANULARITY 1";
    String mat = " MATERIALIZE INDEX `__nm_fedcba9876543210`";
    assertEquals(List.of("ALTER TABLE `otel`.`otel_logs`" + add, "ALTER TABLE `otel`.`otel_logs`" + mat),
        IndexDdl.statements(index(Optional.empty()), SINGLE));
    assertEquals(List.of("ALTER TABLE `otel`.`otel_logs`" + ON + add, "ALTER TABLE `otel`.`otel_logs`" + ON + mat),
        IndexDdl.statements(index(Optional.empty()), CLUSTER));
    assertEquals(List.of("ALTER TABLE `otel`.`otel_logs`" + add, "ALTER TABLE `otel`.`otel_logs`" + mat),
        IndexDdl.statements(index(Optional.empty()), REPLICATED_DB));
    assertEquals(List.of("ALTER TABLE `otel`.`otel_logs_local`" + ON + add, "ALTER TABLE `otel`.`otel_logs_local`" + ON
        + mat), IndexDdl.statements(index(SPREAD), CLUSTER));
    assertEquals("ALTER TABLE `otel`.`otel_logs_local`" + ON + " DROP INDEX IF EXISTS `__nm_fedcba9876543210`",
        IndexDdl.drop("otel", "otel_logs_local", "__nm_fedcba9876543210", CLUSTER));
  }

  @Test
  void projectionStatements() {
    String settings = " MODIFY SETTING lightweight_mutation_projection_mode = 'rebuild',"
        + " deduplicate_merge_projection_mode = 'rebuild'";
    String add = " ADD PROJECTION IF NOT EXISTS `__nm_00112233aabbccdd` (SELECT `Timestamp`, `__nm_0123456789abcdef`"
        + " ORDER BY (`__nm_0123456789abcdef`))";
    String mat = " MATERIALIZE PROJECTION `__nm_00112233aabbccdd`";
    String local = "ALTER TABLE `otel`.`otel_logs_local`";
    assertEquals(List.of(local + ON + settings, local + ON + add, local + ON + mat),
        ProjectionDdl.statements(projection(SPREAD), CLUSTER));
    assertEquals(List.of("ALTER TABLE `otel`.`otel_logs`" + settings, "ALTER TABLE `otel`.`otel_logs`" + add,
        "ALTER TABLE `otel`.`otel_logs`" + mat), ProjectionDdl.statements(projection(Optional.empty()), SINGLE));
    assertEquals(List.of("ALTER TABLE `otel`.`otel_logs`" + settings, "ALTER TABLE `otel`.`otel_logs`" + add,
        "ALTER TABLE `otel`.`otel_logs`" + mat), ProjectionDdl.statements(projection(Optional.empty()), REPLICATED_DB));
    assertEquals(local + ON + " DROP PROJECTION IF EXISTS `__nm_00112233aabbccdd`",
        ProjectionDdl.drop("otel", "otel_logs_local", "__nm_00112233aabbccdd", CLUSTER));
  }

  static final String COLUMNS = " (\n  `ServiceName` LowCardinality(String),\n  `bucket` DateTime('UTC'),\n"
      + "  `LogCount` SimpleAggregateFunction(sum, UInt64)\n)";
  static final String SORTED = "\nPARTITION BY toDate(`bucket`)\nORDER BY (`ServiceName`, `bucket`)";
  static final String COMMENT = "\nCOMMENT 'noemata rollup logs_1m of otel.otel_logs, grain 60s, shape 0123abcd'";
  static final String SELECT = "SELECT __src.`ServiceName` AS `ServiceName`, toDateTime(intDiv(toUnixTimestamp("
      + "__src.`Timestamp`), 60) * 60, 'UTC') AS `bucket`, count() AS `LogCount`\nFROM %s AS __src\nWHERE %s"
      + "\nGROUP BY `ServiceName`, `bucket`";

  @Test
  void rollupTargetsOnOneServerOnAClusterAndInAReplicatedDatabase() {
    Accelerator.Rollup plain = RollupDdlTest.rollup(null, 0);
    assertEquals(List.of("CREATE TABLE IF NOT EXISTS " + T + COLUMNS + " ENGINE = AggregatingMergeTree" + SORTED
        + "\nSETTINGS non_replicated_deduplication_window = 10000" + COMMENT), RollupDdl.createTargets(plain, SINGLE));
    assertEquals("CREATE TABLE IF NOT EXISTS " + T + ON + COLUMNS + " ENGINE = AggregatingMergeTree" + SORTED
        + "\nSETTINGS non_replicated_deduplication_window = 10000" + COMMENT, RollupDdl.createTarget(plain, CLUSTER));
    Accelerator.Rollup replicated = RollupDdlTest.rollup(null, 0, Optional.empty(), true);
    assertEquals("CREATE TABLE IF NOT EXISTS " + T + COLUMNS + " ENGINE = ReplicatedAggregatingMergeTree" + SORTED
        + "\nSETTINGS replicated_deduplication_window = 10000" + COMMENT, RollupDdl.createTarget(replicated, REPLICATED_DB));
    assertEquals("ALTER TABLE " + T + ON + " REMOVE TTL", RollupDdl.modifyTtl(plain, CLUSTER));
    assertEquals("TRUNCATE TABLE IF EXISTS " + T + ON, RollupDdl.truncateTarget(plain, CLUSTER));
    assertEquals("TRUNCATE TABLE IF EXISTS " + T, RollupDdl.truncateTarget(plain, REPLICATED_DB));
    assertThrows(IllegalArgumentException.class, () -> RollupDdl.createDistributedTarget(plain, CLUSTER));
  }

  @Test
  void aDistributedRollupIsALocalTargetOnEveryServerUnderADistributedTable() {
    Accelerator.Rollup r = RollupDdlTest.rollup(null, 86400, SPREAD, true);
    String local = "`otel`.`noemata_rollup_logs_logs_1m__0123abcd_local`";
    assertEquals(List.of(
        "CREATE TABLE IF NOT EXISTS " + local + ON + COLUMNS + " ENGINE = ReplicatedAggregatingMergeTree" + SORTED
            + "\nTTL `bucket` + INTERVAL 86400 SECOND\nSETTINGS replicated_deduplication_window = 10000" + COMMENT,
        "CREATE TABLE IF NOT EXISTS " + T + ON + COLUMNS + " ENGINE = Distributed('prod-ch', 'otel',"
            + " 'noemata_rollup_logs_logs_1m__0123abcd_local')"), RollupDdl.createTargets(r, CLUSTER));
    Instant cutover = Instant.ofEpochSecond(1_717_400_000);
    // the view reads the local table, where inserts land, and writes the local target
    assertEquals("CREATE MATERIALIZED VIEW IF NOT EXISTS `otel`.`noemata_rollup_logs_logs_1m__0123abcd_mv`" + ON
        + " TO " + local + "\nAS " + SELECT.formatted("`otel`.`otel_logs_local`",
            "__src.`Timestamp` >= toDateTime(1717400000, 'UTC')"), RollupDdl.createMaterializedView(r, cutover, CLUSTER));
    assertEquals("ALTER TABLE `otel`.`noemata_rollup_logs_logs_1m__0123abcd_mv`" + ON + " MODIFY QUERY "
        + SELECT.formatted("`otel`.`otel_logs_local`", "__src.`Timestamp` >= toDateTime(1717400000, 'UTC')"),
        RollupDdl.modifyQuery(r, cutover, CLUSTER));
    // the backfill: each shard from its own rows into its own local target; an INSERT has no ON CLUSTER
    assertEquals("INSERT INTO " + T + " (`ServiceName`, `bucket`, `LogCount`)\n" + SELECT.formatted("`otel`.`otel_logs`",
        "__src.`Timestamp` >= toDateTime(1717286400, 'UTC') AND __src.`Timestamp` < toDateTime64(1717400000, 0, 'UTC')")
        + "\nSETTINGS parallel_distributed_insert_select = 2, insert_deduplicate = 1, insert_deduplication_token = 't/1'"
        + ", min_insert_block_size_rows = 1000000000000, min_insert_block_size_bytes = 1000000000000000"
        + ", max_insert_block_size = 1000000000000, max_insert_threads = 1",
        RollupDdl.backfillChunk(r, Instant.ofEpochSecond(1_717_286_400), cutover, "t/1"));
    assertEquals("CREATE OR REPLACE VIEW `otel`.`noemata_rollup_logs_logs_1m`" + ON + " AS SELECT * FROM " + T,
        RollupDdl.pointStableView(r, CLUSTER));
    assertEquals("ALTER TABLE " + local + ON + " MODIFY TTL `bucket` + INTERVAL 86400 SECOND",
        RollupDdl.modifyTtl(r, CLUSTER));
    assertEquals("TRUNCATE TABLE IF EXISTS " + local, RollupDdl.truncateTarget(r, LOCAL_SHARDS));
  }

  @Test
  void aBackfillOnOneServerHasNoParallelInsert() {
    String chunk = RollupDdl.backfillChunk(RollupDdlTest.rollup(null, 0), Instant.EPOCH, Instant.ofEpochSecond(60), "t");
    assertTrue(chunk.startsWith("INSERT INTO " + T + " (`ServiceName`, `bucket`, `LogCount`)\n"), chunk);
    assertTrue(chunk.contains("FROM `otel`.`otel_logs` AS __src"), chunk);
    assertTrue(chunk.contains("\nSETTINGS insert_deduplicate = 1,"), chunk);
  }

  @Test
  void dropsRunOnClusterExceptInAReplicatedDatabase() {
    assertEquals("DROP VIEW IF EXISTS `otel`.`v`" + ON, RollupDdl.dropMaterializedView("otel", "v", CLUSTER));
    assertEquals("DROP VIEW IF EXISTS `otel`.`v`", RollupDdl.dropMaterializedView("otel", "v", REPLICATED_DB));
    assertEquals("DROP TABLE IF EXISTS `otel`.`t`" + ON, RollupDdl.dropTable("otel", "t", CLUSTER));
    assertEquals("DROP TABLE IF EXISTS `otel`.`t`", RollupDdl.dropTable("otel", "t", LOCAL_SHARDS));
    assertEquals("DROP TABLE IF EXISTS `otel`.`t`", RollupDdl.dropTable("otel", "t", SINGLE));
  }

  @Test
  void ledgerTablesAreReplicatedWhereTheClusterReplicates() {
    String ledger = LedgerSchema.createLedger("otel", "noemata", CLUSTER);
    assertTrue(ledger.startsWith("CREATE TABLE IF NOT EXISTS `otel`.`noemata_resource_ledger` ON CLUSTER `prod-ch` (\n"),
        ledger);
    assertTrue(ledger.contains("\n) ENGINE = ReplicatedReplacingMergeTree('/clickhouse/noemata/{uuid}',"
        + " '{shard}-{replica}', version)\nORDER BY"), ledger);
    String objects = LedgerSchema.createObjects("otel", "noemata", REPLICATED_DB);
    assertTrue(objects.startsWith("CREATE TABLE IF NOT EXISTS `otel`.`noemata_resource_objects` (\n"), objects);
    assertTrue(objects.contains("\n) ENGINE = ReplicatedReplacingMergeTree(version)\nORDER BY"), objects);
    String lock = LedgerSchema.createLock("otel", "noemata", SINGLE);
    assertTrue(lock.startsWith("CREATE TABLE IF NOT EXISTS `otel`.`noemata_resource_lock` (\n"), lock);
    assertTrue(lock.contains("\n) ENGINE = ReplacingMergeTree(version)\nORDER BY holder"), lock);
    String localLock = LedgerSchema.createLock("otel", "noemata", LOCAL_SHARDS);
    assertTrue(localLock.contains("\n) ENGINE = ReplacingMergeTree(version)\nORDER BY holder"), localLock);
    assertEquals(LedgerSchema.createLedger("otel", "noemata", LedgerPlacement.HERE),
        LedgerSchema.createLedger("otel", "noemata", SINGLE));
  }

  @Test
  void placementsSayWhereStatementsRun() {
    assertEquals("", SINGLE.onCluster("otel"));
    assertEquals(" ON CLUSTER `prod-ch`", CLUSTER.onCluster("otel"));
    assertEquals("", REPLICATED_DB.onCluster("otel"));
    assertEquals(" ON CLUSTER `prod-ch`", REPLICATED_DB.onCluster("default"));
    assertEquals(" ON CLUSTER `a\\`b`", new Placement(Optional.of("a`b"), true, 2, Set.of()).onCluster("x"));
    assertTrue(LOCAL_SHARDS.describe().contains("without ON CLUSTER"), LOCAL_SHARDS.describe());
    assertTrue(REPLICATED_DB.describe().contains("Replicated database otel"), REPLICATED_DB.describe());
    assertThrows(IllegalArgumentException.class, () -> new Placement(Optional.empty(), true, 1, Set.of()));
  }
}

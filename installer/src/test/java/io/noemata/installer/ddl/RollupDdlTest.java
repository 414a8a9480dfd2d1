package io.noemata.installer.ddl;

import io.noemata.core.naming.Names;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.installer.plan.Accelerator;
import io.noemata.installer.plan.StoredMeasure;
import io.noemata.resources.model.PhysicalName;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RollupDdlTest {

  static Accelerator.Rollup rollup(String from, long retention) {
    return rollup(from, retention, Optional.empty(), false);
  }

  /** The test rollup, over a Distributed source when {@code spread} is present. */
  static Accelerator.Rollup rollup(String from, long retention, Optional<Accelerator.Spread> spread, boolean replicated) {
    PhysicalName t = new PhysicalName("otel", "otel_logs");
    String target = Names.rollupTarget("noemata", "logs", "logs_1m", "0123abcd");
    return new Accelerator.Rollup("logs_1m", "x.resources.json", t, target, false, "logs", "0123abcd",
        Names.stableView("noemata", "logs", "logs_1m"), Names.materializedView(target),
        from == null ? t : new PhysicalName("otel", "finer"), "Timestamp", from == null ? "Timestamp" : "bucket", 60,
        retention, List.of(new Accelerator.Dimension("ServiceName", "LowCardinality(String)")),
        List.of(new StoredMeasure("LogCount", "count()", "LogCount", "SimpleAggregateFunction(sum, UInt64)", "sum",
            "count()", "sum(__src.`LogCount`)")), from, "{}", spread, replicated);
  }

  @Test
  void theTargetIsPartitionedByDaySortedByDimensionsThenBucketWithTtlFromRetention() {
    String ddl = RollupDdl.createTarget(rollup(null, 86400), Placement.SINGLE);
    assertTrue(ddl.startsWith("CREATE TABLE IF NOT EXISTS `otel`.`noemata_rollup_logs_logs_1m__0123abcd` ("), ddl);
    assertTrue(ddl.contains("ENGINE = AggregatingMergeTree\nPARTITION BY toDate(`bucket`)\n"
        + "ORDER BY (`ServiceName`, `bucket`)\nTTL `bucket` + INTERVAL 86400 SECOND"), ddl);
    assertTrue(ddl.contains("non_replicated_deduplication_window = 10000"), ddl);
  }

  @Test
  void theViewWritesRowsFromTheCutoverAndTheBackfillAChunkWithItsToken() {
    Instant cutover = Instant.ofEpochSecond(1_717_400_000);
    String mv = RollupDdl.createMaterializedView(rollup(null, 0), cutover, Placement.SINGLE);
    assertTrue(mv.contains("TO `otel`.`noemata_rollup_logs_logs_1m__0123abcd`"), mv);
    assertTrue(mv.contains("WHERE __src.`Timestamp` >= toDateTime(1717400000, 'UTC')"), mv);
    String chunk = RollupDdl.backfillChunk(rollup(null, 0), Instant.ofEpochSecond(1_717_286_400), cutover, "t/1");
    assertTrue(chunk.contains("WHERE __src.`Timestamp` >= toDateTime(1717286400, 'UTC') AND __src.`Timestamp` <"
        + " toDateTime64(1717400000, 0, 'UTC')"), chunk);
    assertTrue(chunk.contains("insert_deduplication_token = 't/1'"), chunk);
    assertEquals("SELECT DISTINCT intDiv(toUnixTimestamp(`Timestamp`), 86400) * 86400 AS day FROM `otel`.`otel_logs`"
        + " WHERE `Timestamp` >= toDateTime(1717286400, 'UTC') AND `Timestamp` < toDateTime64(1717400000, 0, 'UTC')"
        + " ORDER BY day DESC", RollupDdl.backfillDays(rollup(null, 0), Instant.ofEpochSecond(1_717_286_400), cutover));
  }

  @Test
  void aFromRollupMergesTheFinerStatesAndIdentifiersAreQuoted() {
    String mv = RollupDdl.createMaterializedView(rollup("logs_1s", 0), Instant.EPOCH, Placement.SINGLE);
    assertTrue(mv.contains("sum(__src.`LogCount`) AS `LogCount`"), mv);
    assertTrue(mv.contains("FROM `otel`.`finer` AS __src"), mv);
    assertEquals("CREATE OR REPLACE VIEW `otel`.`noemata_rollup_logs_logs_1m` AS SELECT * FROM"
        + " `otel`.`noemata_rollup_logs_logs_1m__0123abcd`", RollupDdl.pointStableView(rollup(null, 0), Placement.SINGLE));
    assertEquals("ALTER TABLE `otel`.`noemata_rollup_logs_logs_1m__0123abcd` REMOVE TTL",
        RollupDdl.modifyTtl(rollup(null, 0), Placement.SINGLE));
  }
}

package io.noemata.core.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.system.SourceEngines;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which sources keep their inserted rows, as an insert-fed rollup needs, from what system.tables and system.mutations say. */
class SourceRowsTest {

  private static final String PLAIN = "MergeTree PARTITION BY toDate(Timestamp) ORDER BY (ServiceName, Timestamp)"
      + " SETTINGS index_granularity = 8192";

  private static SourceRows of(String engine, String full) {
    return SourceRows.of(engine, full, "CREATE TABLE d.t (`a` UInt8, `Timestamp` DateTime) ENGINE = " + full, List.of());
  }

  @Test
  void plainAndReplicatedMergeTreeKeepRows() {
    assertTrue(of("MergeTree", PLAIN).rewritesFor(null).isEmpty());
    assertTrue(of("ReplicatedMergeTree", "Replicated" + PLAIN).rewritesFor(null).isEmpty());
    assertTrue(of("SharedMergeTree", "Shared" + PLAIN).rewritesFor(null).isEmpty());
    assertTrue(of("Memory", "Memory").rewritesFor(null).isEmpty());
  }

  @Test
  void enginesThatMergeRowsRewriteThem() {
    for (String e : List.of("ReplacingMergeTree", "CollapsingMergeTree", "VersionedCollapsingMergeTree",
        "SummingMergeTree", "AggregatingMergeTree", "ReplicatedReplacingMergeTree", "SharedCollapsingMergeTree")) {
      SourceRows r = of(e, e + "(x) ORDER BY a");
      assertFalse(r.rewritesFor(null).isEmpty(), e);
      assertTrue(r.reason().contains(e), r.reason());
      assertEquals(r.rewritesFor(Instant.EPOCH), Optional.of(r.reason()));
    }
  }

  @Test
  void aTtlThatDeletesRewritesRowsOneThatMovesPartsDoesNot() {
    assertFalse(of("MergeTree", "MergeTree ORDER BY a TTL Timestamp + toIntervalDay(3) SETTINGS index_granularity = 8192")
        .rewritesFor(null).isEmpty());
    assertFalse(of("MergeTree", "MergeTree ORDER BY a TTL Timestamp + toIntervalDay(3) DELETE WHERE a = 1").rewritesFor(null).isEmpty());
    assertFalse(of("MergeTree", "MergeTree ORDER BY a TTL Timestamp + toIntervalDay(3) TO VOLUME 'cold',"
        + " Timestamp + toIntervalDay(30)").rewritesFor(null).isEmpty());
    assertFalse(of("MergeTree", "MergeTree ORDER BY a TTL Timestamp + toIntervalDay(3) GROUP BY a SET b = max(b)").rewritesFor(null).isEmpty());
    assertTrue(of("MergeTree", "MergeTree ORDER BY a TTL Timestamp + toIntervalDay(3) TO VOLUME 'cold',"
        + " Timestamp + toIntervalDay(9) TO DISK 'x' SETTINGS storage_policy = 'tiered'").rewritesFor(null).isEmpty());
    assertTrue(of("MergeTree", "MergeTree ORDER BY a TTL Timestamp + toIntervalDay(3) RECOMPRESS CODEC(ZSTD(17))").rewritesFor(null).isEmpty());
    assertTrue(of("MergeTree", "MergeTree ORDER BY a SETTINGS ttl_only_drop_parts = 1").rewritesFor(null).isEmpty(), "a setting, no TTL");
  }

  @Test
  void aColumnTtlRewritesRows() {
    assertFalse(SourceRows.of("MergeTree", PLAIN, "CREATE TABLE d.t (`a` UInt8 TTL Timestamp + toIntervalDay(1),"
        + " `Timestamp` DateTime) ENGINE = " + PLAIN, List.of()).rewritesFor(null).isEmpty());
    assertTrue(SourceRows.of("MergeTree", PLAIN, "CREATE TABLE d.t (` TTL ` UInt8, `Timestamp` DateTime) ENGINE = "
        + PLAIN, List.of()).rewritesFor(null).isEmpty(), "a column named TTL is no TTL");
  }

  static final Instant FED = Instant.parse("2026-01-01T00:00:00Z");

  static SourceRows mutated(String command, Instant created, boolean done) {
    return SourceRows.of("MergeTree", PLAIN, "CREATE TABLE d.t (`a` UInt8) ENGINE = " + PLAIN,
        List.of(new SourceRows.Mutation(command, created, done)));
  }

  @Test
  void deletingAndUpdatingMutationsSinceTheRollupWasFedRewriteItsRows() {
    Instant after = FED.plusSeconds(60);
    for (String cmd : List.of("DELETE WHERE a = 1", "(UPDATE _row_exists = 0 WHERE a = 1)", "(DELETE WHERE a = 5)",
        "UPDATE a = 2 WHERE 1", "UPDATE (patch part patch-9834-all_3_3_0_2)")) {
      assertTrue(mutated(cmd, after, true).rewritesFor(FED).isPresent(), cmd);
      assertTrue(mutated(cmd, FED, true).rewritesFor(FED).isPresent(), "at the cutover: " + cmd);
      assertTrue(mutated(cmd, FED.minusSeconds(60), true).rewritesFor(FED).isEmpty(), "finished before: " + cmd);
      assertTrue(mutated(cmd, FED.minusSeconds(60), false).rewritesFor(FED).isPresent(), "unfinished: " + cmd);
      assertTrue(mutated(cmd, after, true).rewritesFor(null).isEmpty(), "a rollup installed now: " + cmd);
    }
    assertTrue(mutated("(MATERIALIZE COLUMN __nm_1)", after, false).rewritesFor(FED).isEmpty());
    assertTrue(mutated("MATERIALIZE INDEX i", after, true).rewritesFor(FED).isEmpty());
  }

  @Test
  void aDistributedTableNamesItsLocalTable() {
    assertEquals(Optional.of(new TableName("otel", "logs_local")),
        SourceEngines.distributedOver("Distributed('c', 'otel', 'logs_local', rand())", "x"));
    assertEquals(Optional.of(new TableName("x", "logs_local")),
        SourceEngines.distributedOver("Distributed(c, currentDatabase(), logs_local)", "x"));
    assertEquals(Optional.empty(), SourceEngines.distributedOver("MergeTree ORDER BY a", "x"));
  }
}

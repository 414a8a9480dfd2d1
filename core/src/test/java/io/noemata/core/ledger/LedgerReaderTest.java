package io.noemata.core.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.Rollup;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LedgerReaderTest {

  static LedgerRow rollupRow(Instant backfilledFrom, long retention) {
    return new LedgerRow(1, new LedgerRow.Identity("noemata", LedgerKind.ROLLUP, "logs_1m", "otel", "otel_logs",
        "noemata_rollup_logs_logs_1m__0123abcd"), new LedgerRow.Declared("0123abcd", false, "x.resources.json", "r1",
        "{}"), LedgerState.READY, new LedgerRow.Shape("noemata_rollup_logs_logs_1m", "otel_logs", "Timestamp", 60,
        retention, List.of("ServiceName"), List.of("LogCount"), List.of("count()"), List.of("LogCount")),
        new LedgerRow.Backfill(Instant.parse("2024-06-10T00:00:30Z"), backfilledFrom, backfilledFrom),
        LedgerRow.Retirement.NONE, LedgerRow.Quarantine.NONE, Instant.EPOCH, 1);
  }

  @Test
  void readyRowBecomesRollupWithStateTypesFromTheTarget() {
    Rollup r = LedgerReader.toRollup(rollupRow(Instant.parse("2024-06-03T00:00:00Z"), 0),
        Map.of("LogCount", "SimpleAggregateFunction(sum, UInt64)"), Instant.parse("2024-06-11T00:00:00Z"));
    assertEquals("noemata_rollup_logs_logs_1m", r.stableView());
    assertEquals(Duration.ofMinutes(1), r.grain());
    assertEquals("bucket", r.bucketColumn());
    assertEquals("SimpleAggregateFunction(sum, UInt64)", r.measures().get(0).stateType());
    assertEquals(Instant.parse("2024-06-03T00:00:00Z"), r.coveredFrom());
    assertNull(r.coveredUntil());
  }

  @Test
  void retentionMovesTheCoveredStartUpToAGrainBoundary() {
    Rollup r = LedgerReader.toRollup(rollupRow(Instant.parse("2024-06-03T00:00:00Z"), 86400),
        Map.of("LogCount", "SimpleAggregateFunction(sum, UInt64)"), Instant.parse("2024-06-11T00:00:10Z"));
    assertEquals(Instant.parse("2024-06-10T00:01:00Z"), r.coveredFrom());
  }

  @Test
  void missingStateColumnMeansNotUsable() {
    assertNull(LedgerReader.toRollup(rollupRow(Instant.parse("2024-06-03T00:00:00Z"), 0), Map.of(),
        Instant.parse("2024-06-11T00:00:00Z")));
  }

  @Test
  void arraysTravelAsHex() {
    assertEquals(List.of("a,b", "ü"), LedgerReader.unhex("612C62,C3BC"));
    assertTrue(LedgerReader.unhex("").isEmpty());
  }

  @Test
  void aStateOrKindALaterReleaseAddedIsNotRead() {
    assertTrue(LedgerState.parse("compacting").isEmpty());
    assertTrue(LedgerKind.parse("dictionary").isEmpty());
    assertEquals(java.util.Optional.of(LedgerState.READY), LedgerState.parse("ready"));
  }

  /** Installed servers read these spellings from the ledger: they never change. */
  @Test
  void theStoredSpellingsAreTheLedgerFormats() {
    assertEquals(List.of("installing", "backfilling", "ready", "quarantined", "retired", "pruned"),
        java.util.Arrays.stream(LedgerState.values()).map(LedgerState::text).toList());
    assertEquals(List.of("column", "index", "projection", "rollup"),
        java.util.Arrays.stream(LedgerKind.values()).map(LedgerKind::text).toList());
    for (LedgerState s : LedgerState.values()) {
      assertEquals(java.util.Optional.of(s), LedgerState.parse(s.text()));
      assertEquals(s.text(), s.toString());
    }
    for (LedgerKind k : LedgerKind.values()) {
      assertEquals(java.util.Optional.of(k), LedgerKind.parse(k.text()));
    }
  }
}

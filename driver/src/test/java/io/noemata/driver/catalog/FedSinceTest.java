package io.noemata.driver.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.core.ledger.LedgerKind;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerState;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * When a rollup began to hold its source's rows, against which the source's mutations are judged:
 * its cutover, or down a ladder the finest one's (a coarser cutover is its bucket's start, up to a
 * grain before the rows it holds were read).
 */
class FedSinceTest {

  static LedgerRow row(String key, String object, String source, long grain, Instant cutover) {
    return new LedgerRow(1, new LedgerRow.Identity("noemata", LedgerKind.ROLLUP, key, "otel", "otel_logs", object),
        new LedgerRow.Declared("0123abcd", false, "x.resources.json", "r1", "{}"), LedgerState.READY,
        new LedgerRow.Shape("v_" + key, source, "Timestamp", grain, 0, List.of("ServiceName"), List.of("LogCount"),
            List.of("count()"), List.of("LogCount")), new LedgerRow.Backfill(cutover, cutover, cutover),
        LedgerRow.Retirement.NONE, LedgerRow.Quarantine.NONE, Instant.EPOCH, 1);
  }

  static final Instant MINUTE_CUTOVER = Instant.parse("2026-12-03T18:41:39Z");
  static final Instant HOUR_CUTOVER = Instant.parse("2026-12-03T18:00:00Z");

  @Test
  void aRollupOverTheTableIsFedSinceItsCutover() {
    LedgerRow minute = row("logs_1m", "t_1m", "otel_logs", 60, MINUTE_CUTOVER);
    assertEquals(MINUTE_CUTOVER, CatalogLoader.fedSince(minute, MINUTE_CUTOVER, Map.of("t_1m", minute)));
  }

  @Test
  void aRollupFedFromAFinerOneIsFedSinceTheFinerOnesCutover() {
    LedgerRow minute = row("logs_1m", "t_1m", "otel_logs", 60, MINUTE_CUTOVER);
    LedgerRow hour = row("logs_1h", "t_1h", "t_1m", 3600, HOUR_CUTOVER);
    LedgerRow day = row("logs_1d", "t_1d", "t_1h_local", 86400, Instant.parse("2026-12-03T00:00:00Z"));
    Map<String, LedgerRow> byObject = Map.of("t_1m", minute, "t_1h", hour, "t_1h_local", hour, "t_1d", day);
    assertEquals(MINUTE_CUTOVER, CatalogLoader.fedSince(hour, HOUR_CUTOVER, byObject));
    assertEquals(MINUTE_CUTOVER, CatalogLoader.fedSince(day, day.backfill().cutover(), byObject), "two levels down,"
        + " through a Distributed ladder's local target");
  }
}

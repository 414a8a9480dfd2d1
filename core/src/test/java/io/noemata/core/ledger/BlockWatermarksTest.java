package io.noemata.core.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.core.ledger.LedgerRow.Watermark;
import io.noemata.core.ledger.LedgerRow.Watermarks;
import io.noemata.core.system.PendingMutation;
import io.noemata.core.system.SystemPart;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The late-rows rule, case by case (docs/resources-format.md, "Late rows"). */
class BlockWatermarksTest {

  // backfilled from 06-08; cutover 06-10 00:00:30, so 06-10 holds 30 s of backfilled rows
  static final LocalDate D8 = LocalDate.parse("2024-06-08");
  static final LocalDate D9 = LocalDate.parse("2024-06-09");
  static final LocalDate D10 = LocalDate.parse("2024-06-10");
  static final LocalDate D11 = LocalDate.parse("2024-06-11");

  static LedgerRow row(List<Watermark> entries) {
    return LedgerReaderTest.rollupRow(Instant.parse("2024-06-08T00:00:00Z"), 0)
        .withWatermarks(new Watermarks(true, entries), Instant.EPOCH, 2);
  }

  static SystemPart part(LocalDate day, long min, long max, long dataVersion, String from, String to) {
    return new SystemPart("otel", "otel_logs", day.toString().replace("-", ""), min, max, dataVersion,
        Instant.parse(day + "T" + from + "Z"), Instant.parse(day + "T" + to + "Z"), 10);
  }

  static Watermark w(LocalDate day, long low, long high) {
    return new Watermark(day, day.toString().replace("-", ""), low, high);
  }

  static final List<Watermark> BACKFILLED = List.of(w(D8, 3, 3), w(D9, 5, 5), w(D10, 7, 7));

  @Test
  void partsWithinTheWatermarkAreNotLate() {
    assertEquals(List.of(), BlockWatermarks.lateDays(row(BACKFILLED), List.of(part(D8, 1, 3, 1, "01:00:00",
        "20:00:00"), part(D9, 4, 5, 4, "00:00:00", "23:00:00"), part(D10, 6, 7, 6, "00:00:00", "00:00:20"))));
  }

  @Test
  void aNewerPartInABackfilledDayIsLate() {
    assertEquals(List.of(D9), BlockWatermarks.lateDays(row(BACKFILLED), List.of(part(D9, 9, 9, 9, "10:00:00",
        "10:16:40"))));
  }

  @Test
  void aMergeKeepsTheNewerBlocksVisible() {
    assertEquals(List.of(D8), BlockWatermarks.lateDays(row(BACKFILLED), List.of(part(D8, 1, 12, 1, "00:00:00",
        "23:59:59"))));
  }

  @Test
  void aMutationAfterTheReadIsLate() {
    assertEquals(List.of(D8), BlockWatermarks.lateDays(row(BACKFILLED), List.of(part(D8, 1, 3, 13, "00:00:00",
        "23:59:59"))));
  }

  @Test
  void theCutoverDayIsLateOnlyForRowsBeforeTheCutover() {
    // fed by the view: all its rows at or after the cutover
    assertEquals(List.of(), BlockWatermarks.lateDays(row(BACKFILLED), List.of(part(D10, 9, 9, 9, "00:00:30",
        "08:00:00"))));
    // stamped before the cutover, inserted after the backfill read the day: only the rows before it
    assertEquals(List.of(D10), BlockWatermarks.lateDays(row(BACKFILLED), List.of(part(D10, 9, 9, 9, "00:00:10",
        "00:00:20"))));
    BlockWatermarks.Late late = BlockWatermarks.late(row(BACKFILLED), List.of(part(D10, 9, 9, 9, "00:00:10",
        "00:00:20")));
    assertEquals(List.of(), late.days());
    assertEquals(Instant.parse("2024-06-10T00:00:30Z"), late.until());
    // with a backfilled day late too, the cutover day stays apart
    late = BlockWatermarks.late(row(BACKFILLED), List.of(part(D10, 9, 9, 9, "00:00:10", "00:00:20"),
        part(D8, 10, 10, 10, "01:00:00", "02:00:00")));
    assertEquals(List.of(D8), late.days());
    assertEquals(Instant.parse("2024-06-10T00:00:30Z"), late.until());
    // days after the cutover day hold only the view's rows
    assertEquals(List.of(), BlockWatermarks.lateDays(row(BACKFILLED), List.of(part(D11, 2, 20, 2, "00:00:00",
        "23:00:00"))));
  }

  @Test
  void aCoveredDayTheBackfillNeverReadIsLateForAnyPart() {
    assertEquals(List.of(D9), BlockWatermarks.lateDays(row(List.of(w(D8, 3, 3), w(D10, 7, 7))),
        List.of(part(D9, 1, 1, 1, "10:00:00", "11:00:00"))));
  }

  @Test
  void aRepairsLossWindowStaysLateEvenForRowsAfterTheCutover() {
    List<Watermark> repaired = List.of(w(D8, 3, 3), w(D9, 5, 5), w(D10, 10, 14));
    assertEquals(List.of(D10), BlockWatermarks.lateDays(row(repaired), List.of(part(D10, 12, 12, 12, "09:00:00",
        "09:10:00"))));
    assertEquals(List.of(), BlockWatermarks.lateDays(row(repaired), List.of(part(D10, 15, 15, 15, "09:00:00",
        "09:10:00"))));
  }

  @Test
  void aRepairedDayAfterTheCutoverIsNotLateForTheViewsRowsMergedWithItsOwn() {
    List<Watermark> repaired = List.of(w(D8, 3, 3), w(D9, 5, 5), w(D10, 7, 7), w(D11, 20, 20));
    assertEquals(List.of(), BlockWatermarks.lateDays(row(repaired), List.of(part(D11, 2, 30, 2, "00:00:00",
        "23:00:00"))));
    assertEquals(List.of(D11), BlockWatermarks.lateDays(row(List.of(w(D11, 20, 25))), List.of(part(D11, 2, 30, 2,
        "00:00:00", "23:00:00"))));
  }

  @Test
  void aRollupWithoutWatermarksIsNotChecked() {
    LedgerRow legacy = LedgerReaderTest.rollupRow(Instant.parse("2024-06-08T00:00:00Z"), 0);
    assertEquals(List.of(), BlockWatermarks.lateDays(legacy, List.of(part(D9, 9, 9, 9, "10:00:00", "11:00:00"))));
  }

  @Test
  void theWatermarkIsTakenBelowUnfinishedMutations() {
    List<SystemPart> parts = List.of(part(D8, 1, 3, 1, "00:00:00", "23:00:00"), part(D9, 4, 6, 4, "00:00:00",
        "23:00:00"));
    Instant from = Instant.parse("2024-06-08T00:00:00Z");
    assertEquals(List.of(w(D8, 3, 3)), BlockWatermarks.before(D8, from, from.plusSeconds(86_400), parts, List.of()));
    assertEquals(List.of(w(D8, 1, 1)), BlockWatermarks.before(D8, from, from.plusSeconds(86_400), parts,
        List.of(new PendingMutation("otel", "otel_logs", List.of(""), List.of(2L)))));
    assertEquals(List.of(new Watermark(D11, "", -1, -1)), BlockWatermarks.before(D11,
        Instant.parse("2024-06-11T00:00:00Z"), Instant.parse("2024-06-12T00:00:00Z"), parts, List.of()));
  }

  @Test
  void aRepairKeepsTheBlocksBetweenItsReadAndItsSwap() {
    assertEquals(List.of(w(D9, 5, 9)), BlockWatermarks.repaired(D9, List.of(w(D9, 5, 5)), List.of(w(D9, 9, 9))));
  }

  @Test
  void aCoarserRollupIsWidenedByTheFinerOnesWatermarks() {
    Watermarks finer = new Watermarks(true, List.of(w(D9, 4, 6)));
    assertEquals(List.of(w(D9, 4, 8)), BlockWatermarks.capped(List.of(w(D9, 8, 8)), finer));
    assertEquals(List.of(w(D8, 3, 3)), BlockWatermarks.capped(List.of(w(D8, 3, 3)), finer));
  }
}

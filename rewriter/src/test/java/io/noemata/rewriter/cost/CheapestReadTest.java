package io.noemata.rewriter.cost;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.Measure;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableRows;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The cost model alone: rows in the window weighted by what each aggregate costs per row. */
class CheapestReadTest {

  static final Instant DAY0 = Instant.parse("2024-06-01T00:00:00Z");
  static final long NANOS = 1_000_000_000L;
  /** A window of days 1 to 3 (half-open), in nanoseconds. */
  static final long FROM = DAY0.plus(Duration.ofDays(1)).getEpochSecond() * NANOS;
  static final long UNTIL = DAY0.plus(Duration.ofDays(3)).getEpochSecond() * NANOS;

  /** {@code days} daily partitions of {@code perDay} rows each, from DAY0 on. */
  static TableRows daily(int days, long perDay) {
    List<TableRows.Partition> parts = new ArrayList<>();
    for (int d = 0; d < days; d++) {
      Instant first = DAY0.plus(Duration.ofDays(d));
      parts.add(new TableRows.Partition(first, first.plus(Duration.ofDays(1)).minusSeconds(1), perDay));
    }
    return new TableRows(parts);
  }

  static Rollup rollup(String key, Duration grain) {
    return new Rollup(key, "v_" + key, "t_" + key, "00000000", grain, "Timestamp", "bucket", List.of("ServiceName"),
        List.of(new Measure("LogCount", "count()", "LogCount", "SimpleAggregateFunction(sum, UInt64)")),
        DAY0, null);
  }

  static CheapestRead.Decision choose(List<CheapestRead.Candidate> candidates, TableRows source,
      Map<String, TableRows> targets, List<AggregateKind> kinds) {
    return CheapestRead.choose(candidates, source, targets, FROM, UNTIL, kinds).orElseThrow();
  }

  @Test
  void aRollupWithMoreRowsThanRawLoses() {
    Rollup wide = rollup("wide", Duration.ofMinutes(1));
    CheapestRead.Decision d = choose(List.of(new CheapestRead.Candidate(wide, false)), daily(5, 1_000),
        Map.of(wide.target(), daily(5, 1_500)), List.of(AggregateKind.SIMPLE));
    assertTrue(d.rawIsCheaper(), d.toString());
    assertTrue(d.raw() < d.costs().get(0), d.toString());
  }

  @Test
  void aRollupWithFarFewerRowsWins() {
    Rollup hourly = rollup("hourly", Duration.ofHours(1));
    CheapestRead.Decision d = choose(List.of(new CheapestRead.Candidate(hourly, false)), daily(5, 100_000),
        Map.of(hourly.target(), daily(5, 192)), List.of(AggregateKind.SIMPLE));
    assertEquals(0, d.chosen());
    // two of the five days are in the window: 200,000 raw rows, 384 rollup rows
    assertEquals(200_000 * (ReadCost.ROW + AggregateKind.SIMPLE.raw), d.raw(), 1e-6);
    assertEquals(384 * (ReadCost.ROW + AggregateKind.SIMPLE.state), d.costs().get(0), 1e-6);
  }

  @Test
  void aSketchLevelLosesWhereACountLevelWins() {
    // a minute rollup holding 40% of the table's rows: cheap to sum, dear to merge DDSketches from
    Rollup minute = rollup("minute", Duration.ofMinutes(1));
    TableRows source = daily(5, 100_000);
    Map<String, TableRows> targets = Map.of(minute.target(), daily(5, 40_000));
    List<CheapestRead.Candidate> one = List.of(new CheapestRead.Candidate(minute, false));
    assertEquals(0, choose(one, source, targets, List.of(AggregateKind.SIMPLE)).chosen());
    assertTrue(choose(one, source, targets, List.of(AggregateKind.SKETCH)).rawIsCheaper());
    assertTrue(AggregateKind.SKETCH.state > AggregateKind.SKETCH.raw, "merging a sketch costs more than adding a row");
  }

  @Test
  void tiesGoToTheCoarserLevel() {
    Rollup hourly = rollup("hourly", Duration.ofHours(1));
    Rollup minute = rollup("minute", Duration.ofMinutes(1));
    TableRows same = daily(5, 500);
    // coarsest first, as the rule passes them: equal costs keep the first
    CheapestRead.Decision d = choose(List.of(new CheapestRead.Candidate(hourly, false),
        new CheapestRead.Candidate(minute, false)), daily(5, 100_000), Map.of(hourly.target(), same,
        minute.target(), same), List.of(AggregateKind.SIMPLE));
    assertEquals(0, d.chosen(), d.toString());
    assertEquals(d.costs().get(0), d.costs().get(1));
    // and a rollup as dear as raw is read: raw, the finest level, wins only when strictly cheaper
    double perRaw = ReadCost.ROW + AggregateKind.SIMPLE.raw;
    double perState = ReadCost.ROW + AggregateKind.SIMPLE.state;
    long rollupPerDay = 1_000_000;
    long rawPerDay = Math.round(rollupPerDay * perState / perRaw);
    CheapestRead.Decision tie = choose(List.of(new CheapestRead.Candidate(minute, false)), daily(5, rawPerDay),
        Map.of(minute.target(), daily(5, rollupPerDay)), List.of(AggregateKind.SIMPLE));
    assertEquals(tie.raw(), tie.costs().get(0), 1e-3 * tie.raw());
    assertEquals(0, tie.chosen(), tie.toString());
  }

  @Test
  void rawEdgesCostTheSourcePartitionsTheyTouch() {
    Rollup hourly = rollup("hourly", Duration.ofHours(1));
    TableRows source = daily(5, 100_000);
    long ragged = FROM + 1_800 * NANOS; // half past the hour: day 1 is touched by the ragged start
    double whole = ReadCost.rollup(daily(5, 192), source, hourly.grain(), hourly.coveredFrom(), null, FROM, UNTIL,
        false, false, List.of(AggregateKind.SIMPLE));
    double edges = ReadCost.rollup(daily(5, 192), source, hourly.grain(), hourly.coveredFrom(), null, ragged, UNTIL,
        true, false, List.of(AggregateKind.SIMPLE));
    assertTrue(edges >= whole - 192 + 100_000 * (ReadCost.ROW + AggregateKind.SIMPLE.raw), edges + " vs " + whole);
  }

  @Test
  void withoutRowCountsThereIsNoEstimate() {
    Rollup hourly = rollup("hourly", Duration.ofHours(1));
    assertTrue(CheapestRead.choose(List.of(new CheapestRead.Candidate(hourly, false)), null, Map.of(), FROM, UNTIL,
        List.of()).isEmpty());
    assertTrue(CheapestRead.choose(List.of(new CheapestRead.Candidate(hourly, false)), daily(1, 1), Map.of(), FROM,
        UNTIL, List.of()).isEmpty());
  }

  @Test
  void rawEdgesOnATimeKeyCostTheirOwnRows() {
    // a 36-hour window from half past three, over days of 1,000,000 rows: on a key that leads with a
    // floor of the time column the edges read about their own rows, else every row of their days
    Rollup hourly = rollup("hourly", Duration.ofHours(1));
    TableRows source = daily(5, 1_000_000);
    long from = FROM + 12_600 * NANOS;
    long until = from + 36 * 3_600 * NANOS;
    List<CheapestRead.Candidate> one = List.of(new CheapestRead.Candidate(hourly, true));
    Map<String, TableRows> targets = Map.of(hourly.target(), daily(5, 192));
    CheapestRead.Decision unkeyed = CheapestRead.choose(one, source, targets, from, until,
        List.of(AggregateKind.SIMPLE)).orElseThrow();
    assertTrue(unkeyed.rawIsCheaper(), unkeyed.toString());
    TableRows keyed = new TableRows(source.partitions(), "toStartOfFiveMinutes(Timestamp)");
    CheapestRead.Decision d = CheapestRead.choose(one, keyed, targets, from, until, List.of(AggregateKind.SIMPLE))
        .orElseThrow();
    assertEquals(0, d.chosen(), d.toString());
    assertTrue(d.costs().get(0) < d.raw() / 10, d.toString());
  }

  @Test
  void onAKeyThatFloorsTheTimeARawWindowReadsEveryPartItTouches() {
    // six hours of one day: the engine skips parts by their time range, but narrows nothing inside a
    // part by a range on Timestamp when the key leads with toStartOfFiveMinutes(Timestamp)
    long from = FROM + 3 * 3_600 * NANOS;
    long until = from + 6 * 3_600 * NANOS;
    TableRows plain = daily(5, 1_000_000);
    TableRows keyed = new TableRows(plain.partitions(), "toStartOfFiveMinutes(Timestamp)");
    TableRows bare = new TableRows(plain.partitions(), "Timestamp");
    double perRow = ReadCost.ROW + AggregateKind.SIMPLE.raw;
    assertEquals(250_000 * perRow, ReadCost.raw(bare, from, until, false, List.of(AggregateKind.SIMPLE)), 1e-6);
    assertEquals(1_000_000 * perRow, ReadCost.raw(keyed, from, until, true, List.of(AggregateKind.SIMPLE)), 1e-6);
    Rollup fiveMinutes = rollup("five", Duration.ofMinutes(5));
    List<CheapestRead.Candidate> one = List.of(new CheapestRead.Candidate(fiveMinutes, true));
    Map<String, TableRows> targets = Map.of(fiveMinutes.target(), daily(5, 2_304));
    assertEquals(0, CheapestRead.choose(one, keyed, targets, from + 31 * NANOS, until, List.of(AggregateKind.SIMPLE))
        .orElseThrow().chosen());
  }
}

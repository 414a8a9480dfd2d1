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
    // two of the five days are in the window: one read of two parts, 200,000 raw rows or 384 rollup rows
    assertEquals(ReadCost.READ + 2 * ReadCost.PART + 200_000 * (ReadCost.ROW + AggregateKind.SIMPLE.raw), d.raw(),
        1e-6);
    assertEquals(ReadCost.READ + 2 * ReadCost.PART + 384 * (ReadCost.ROW + AggregateKind.SIMPLE.state),
        d.costs().get(0), 1e-6);
    assertEquals(384 * (ReadCost.ROW + AggregateKind.SIMPLE.state), d.rowCosts().get(0), 1e-6);
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
    // the same fixed costs on both sides (one read, two parts): the rows decide
    long rawPerDay = (long) Math.ceil(rollupPerDay * perState / perRaw);
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
    List<AggregateKind> count = List.of(AggregateKind.SIMPLE);
    double whole = ReadCost.rollup(daily(5, 192), source, hourly.grain(), hourly.coveredFrom(), null, FROM, UNTIL,
        false, false, count, count).total();
    double edges = ReadCost.rollup(daily(5, 192), source, hourly.grain(), hourly.coveredFrom(), null, ragged, UNTIL,
        true, false, count, count).total();
    // a second read, the union around it, and every row of the day part the edge touches
    assertEquals(whole + ReadCost.READ + ReadCost.UNION + ReadCost.PART + 100_000 * (ReadCost.ROW
        + AggregateKind.SIMPLE.raw), edges, 1e-6);
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
    assertTrue(d.costs().get(0) < d.raw() / 1.5, d.toString());
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
    double onePart = ReadCost.READ + ReadCost.PART;
    // on the bare column the window's 250,000 rows, in whole granules (31 and the one a bound cuts)
    assertEquals(onePart + 32 * 8192 * perRow, ReadCost.raw(bare, from, until, false, List.of(AggregateKind.SIMPLE))
        .total(), 1e-6);
    assertEquals(onePart + 1_000_000 * perRow, ReadCost.raw(keyed, from, until, true, List.of(AggregateKind.SIMPLE))
        .total(), 1e-6);
    Rollup fiveMinutes = rollup("five", Duration.ofMinutes(5));
    List<CheapestRead.Candidate> one = List.of(new CheapestRead.Candidate(fiveMinutes, true));
    Map<String, TableRows> targets = Map.of(fiveMinutes.target(), daily(5, 2_304));
    assertEquals(0, CheapestRead.choose(one, keyed, targets, from + 31 * NANOS, until, List.of(AggregateKind.SIMPLE))
        .orElseThrow().chosen());
  }

  /** The demo's day parts at 2M rows: 250,000 rows a day, on the exporter's key. */
  static final TableRows DEMO = new TableRows(daily(8, 250_000).partitions(), "toStartOfFiveMinutes(Timestamp)");
  /** A Grafana range: from 03:17:31 of day 2. */
  static final long RAGGED = DAY0.plus(Duration.ofDays(2)).getEpochSecond() * NANOS + (3 * 3_600 + 17 * 60 + 31) * NANOS;

  static CheapestRead.Decision unaligned(TableRows source, Rollup r, TableRows target, long hours) {
    return CheapestRead.choose(List.of(new CheapestRead.Candidate(r, true)), source, Map.of(r.target(), target),
        RAGGED, RAGGED + hours * 3_600 * NANOS, List.of(AggregateKind.SIMPLE)).orElseThrow();
  }

  @Test
  void aShortUnalignedWindowReadsRawWhereTheUnionsFixedCostsOutweighIt() {
    // measured at 2M rows: 3 hours on five-minute buckets, raw 5.4 ms, the union 10.2 ms; 36 hours on
    // hourly buckets, raw 9.1 ms (two day parts), the union 10.7 ms (its middle, its edge of four granules)
    Rollup fiveMinutes = rollup("five", Duration.ofMinutes(5));
    CheapestRead.Decision three = unaligned(DEMO, fiveMinutes, daily(8, 24_400), 3);
    assertTrue(three.rawIsCheaper(), three.toString());
    Rollup hourly = rollup("hourly", Duration.ofHours(1));
    CheapestRead.Decision day = unaligned(DEMO, hourly, daily(8, 192), 36);
    assertTrue(day.rawIsCheaper(), day.toString());
    // raw reads two whole parts; the union two reads, four parts and the edges' four granules
    assertEquals(ReadCost.READ + 2 * ReadCost.PART + 500_000 * (ReadCost.ROW + AggregateKind.SIMPLE.raw), day.raw(),
        1e-6);
    assertEquals(2 * ReadCost.READ + ReadCost.UNION + 4 * ReadCost.PART, day.costs().get(0)
        - day.rowCosts().get(0), 1e-6);
  }

  @Test
  void aLongUnalignedWindowReadsTheUnion() {
    // measured at 2M rows: 84 hours, raw 14.4 ms (four day parts), the union 11.1 ms; at 50M rows the
    // 36-hour range read 12.5M rows raw against ~290,000 through the union
    Rollup hourly = rollup("hourly", Duration.ofHours(1));
    CheapestRead.Decision longer = unaligned(DEMO, hourly, daily(8, 192), 84);
    assertEquals(0, longer.chosen(), longer.toString());
    TableRows large = new TableRows(daily(8, 6_250_000).partitions(), "toStartOfFiveMinutes(Timestamp)");
    CheapestRead.Decision day = unaligned(large, hourly, daily(8, 192), 36);
    assertEquals(0, day.chosen(), day.toString());
    assertTrue(day.costs().get(0) < day.raw() / 4, day.toString());
  }
}

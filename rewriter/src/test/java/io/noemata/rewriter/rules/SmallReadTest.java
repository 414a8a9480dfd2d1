package io.noemata.rewriter.rules;

import static io.noemata.rewriter.rules.RollupAnswersTest.rewrite;
import static io.noemata.rewriter.rules.RollupAnswersTest.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableName;
import io.noemata.core.catalog.TableRows;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.RollupCatalog;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SmallReadTest {

  static final String ALL = " SETTINGS max_threads = 1, optimize_move_to_prewhere = 0,"
      + " optimize_use_implicit_projections = 0, output_format_parallel_formatting = 0";
  /** Whole hours of 2024-06-10. */
  static final String PANEL = "SELECT toStartOfHour(Timestamp) AS time, ServiceName, count() AS logs FROM otel.otel_logs"
      + " WHERE Timestamp >= toDateTime(1717977600) AND Timestamp < toDateTime(1718064000)"
      + " GROUP BY time, ServiceName ORDER BY time, ServiceName";

  final Rollup minute = RollupCatalog.logsRollup(RollupCatalog.COVERED_FROM, null);
  final Rollup hour = new Rollup("r_logs_1h", "noemata_rollup_logs_r_logs_1h", "noemata_rollup_logs_r_logs_1h__0000aaaa",
      "0000aaaa", Duration.ofHours(1), "Timestamp", "bucket", minute.dimensions(), minute.measures(),
      RollupCatalog.COVERED_FROM, null);

  /** Both rollups with row counts for 2024-06-10: the hourly target holding {@code hourRows}. */
  CatalogSnapshot snapshot(long hourRows, Set<String> changeable) {
    return RollupCatalog.snapshot(List.of(minute, hour), List.of()).withServerTimeZone(ZoneOffset.UTC)
        .withRows(Map.of(new TableName("otel", "otel_logs"), new TableRows(day(10_000_000).partitions(), "Timestamp"),
            new TableName("otel", hour.target()),
            day(hourRows), new TableName("otel", minute.target()), day(hourRows * 60)), 3)
        .withChangeableSettings(changeable);
  }

  static TableRows day(long rows) {
    return new TableRows(List.of(new TableRows.Partition(Instant.parse("2024-06-10T00:00:00Z"),
        Instant.parse("2024-06-10T23:59:59Z"), rows)));
  }

  @Test
  void aSmallReadFromWholeBucketsIsReadWithOneThreadAndNoPrewhere() {
    RewriteResult r = rewrite(PANEL, snapshot(1_344, SmallRead.SETTINGS.keySet()));
    assertTrue(use(r, "r_logs_1h").read() && !use(r, "r_logs_1h").rawEdges(), r.provenance().toString());
    assertTrue(r.sql().endsWith("ORDER BY time, ServiceName" + ALL), r.sql());
    // only the settings the user may change: a query with any other would fail
    RewriteResult some = rewrite(PANEL, snapshot(1_344, Set.of("optimize_move_to_prewhere")));
    assertTrue(some.sql().endsWith("ORDER BY time, ServiceName SETTINGS optimize_move_to_prewhere = 0"), some.sql());
    RewriteResult none = rewrite(PANEL, snapshot(1_344, Set.of()));
    assertEquals(r.sql().substring(0, r.sql().length() - ALL.length()), none.sql());
  }

  @Test
  void aLargerReadKeepsTheEnginesDefaults() {
    RewriteResult r = rewrite(PANEL, snapshot(40_000, SmallRead.SETTINGS.keySet()));
    assertTrue(use(r, "r_logs_1h").read(), r.provenance().toString());
    assertFalse(r.sql().contains("SETTINGS"), r.sql());
  }

  @Test
  void aStatementWithSettingsOfItsOwnOrAFormatIsLeftToThem() {
    CatalogSnapshot s = snapshot(1_344, SmallRead.SETTINGS.keySet());
    RewriteResult own = rewrite(PANEL + " SETTINGS max_threads = 2", s);
    assertTrue(use(own, "r_logs_1h").read(), own.provenance().toString());
    assertTrue(own.sql().endsWith("ServiceName SETTINGS max_threads = 2"), own.sql());
    RewriteResult format = rewrite(PANEL + " FORMAT JSONEachRow", s);
    assertFalse(format.sql().contains("SETTINGS"), format.sql());
  }

  @Test
  void aUnionWithEdgesOfAFewGranulesIsReadWithOneThreadAndNoPrewhere() {
    // from 08:59:30: an edge of 30 seconds (two granules of the day's 10M rows), the rest whole hours,
    // over an hourly rollup of counts alone (the edge computes every measure of the rollup)
    Rollup counts = new Rollup("r_counts_1h", "noemata_rollup_logs_r_counts_1h", "noemata_rollup_logs_r_counts_1h__0000bbbb",
        "0000bbbb", Duration.ofHours(1), "Timestamp", "bucket", minute.dimensions(), minute.measures().stream()
        .filter(m -> m.definition().equals("count()")).toList(), RollupCatalog.COVERED_FROM, null);
    CatalogSnapshot s = RollupCatalog.snapshot(List.of(counts), List.of()).withServerTimeZone(ZoneOffset.UTC)
        .withRows(Map.of(new TableName("otel", "otel_logs"), new TableRows(day(10_000_000).partitions(), "Timestamp"),
            new TableName("otel", counts.target()), day(1_344)), 3)
        .withChangeableSettings(SmallRead.SETTINGS.keySet());
    String from = PANEL.replace("toDateTime(1717977600)", "toDateTime(1718009970)");
    RewriteResult edges = rewrite(from, s);
    assertTrue(use(edges, "r_counts_1h").read() && use(edges, "r_counts_1h").rawEdges(), edges.provenance().toString());
    assertTrue(edges.sql().endsWith("ORDER BY time, ServiceName" + ALL), edges.sql());
    // from 08:30:30: the edge holds 29.5 minutes of rows, whose second stream pays back
    RewriteResult longer = rewrite(PANEL.replace("toDateTime(1717977600)", "toDateTime(1718008230)"), s);
    assertTrue(use(longer, "r_counts_1h").rawEdges(), longer.provenance().toString());
    assertFalse(longer.sql().contains("SETTINGS"), longer.sql());
  }

  @Test
  void largeRawEdgesOrAnotherTableReadKeepTheEnginesDefaults() {
    CatalogSnapshot s = snapshot(1_344, SmallRead.SETTINGS.keySet());
    // 08:30:30 is inside every bucket: raw rows for the edge, 29.5 minutes of 10M rows a day on the
    // hourly rollup (the minute one's edge is 30 seconds, a small read since its union carries no
    // uniq states the count does not need)
    CatalogSnapshot hourly = RollupCatalog.snapshot(List.of(hour), List.of()).withServerTimeZone(ZoneOffset.UTC)
        .withRows(Map.of(new TableName("otel", "otel_logs"), new TableRows(day(10_000_000).partitions(), "Timestamp"),
            new TableName("otel", hour.target()), day(1_344)), 3)
        .withChangeableSettings(SmallRead.SETTINGS.keySet());
    RewriteResult edges = rewrite(PANEL.replace("toDateTime(1717977600)", "toDateTime(1718008230)"), hourly);
    assertTrue(edges.provenance().rollups().stream().anyMatch(u -> u instanceof io.noemata.rewriter.provenance.ResourceUse.Rollup read && read.rawEdges()),
        edges.provenance().toString());
    assertFalse(edges.sql().contains("SETTINGS"), edges.sql());
    // a subquery over a table without rollups: its read may be large
    RewriteResult other = rewrite(PANEL.replace("GROUP BY", "AND ServiceName IN (SELECT name FROM otel.services)"
        + " GROUP BY"), s);
    assertTrue(other.changed(), other.provenance().toString());
    assertFalse(other.sql().contains("SETTINGS"), other.sql());
    // no row counts, no estimate: the read is not known to be small
    RewriteResult unknown = rewrite(PANEL, RollupCatalog.snapshot(List.of(minute, hour), List.of())
        .withServerTimeZone(ZoneOffset.UTC).withChangeableSettings(SmallRead.SETTINGS.keySet()));
    assertTrue(unknown.changed());
    assertFalse(unknown.sql().contains("SETTINGS"), unknown.sql());
  }
}

package io.noemata.rewriter.union;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.sql.Expr;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.rewriter.checks.Checked;
import io.noemata.rewriter.checks.Skip;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import io.noemata.rewriter.time.TimeConstant;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Whole buckets answer a window that "starts and ends on rollup bucket boundaries" inside "the range
 * the rollup covers"; any other window is read by the union rewrite, whole buckets plus raw rows, or
 * not at all.
 */
class WindowReadTest {

  private final Rollup logs = RollupCatalog.logsRollup(RollupCatalog.COVERED_FROM, null);

  private static RawEdges.Bound bound(String conjunct, String instant) {
    Expr.Binary b = (Expr.Binary) Levels.expr(conjunct);
    TimeConstant at = new TimeConstant(Instant.parse(instant).getEpochSecond() * TimeConstant.NANOS, true);
    return BucketBoundaries.constant(b, conjunct, b.op(), b.right(), at, 1, java.time.Duration.ofMinutes(1),
        "DateTime64(9)");
  }

  private Checked<Optional<UnionEdges>> read(List<RawEdges.Bound> bounds) {
    LevelWindow w = new LevelWindow();
    bounds.forEach(b -> w.raw(b, null));
    return WindowRead.of(w.bounds(), w.lower(), w.upper(), List.of(ZoneId.of("UTC")), logs, 1, "DateTime64(9)");
  }

  @Test
  void aWindowOnBucketBoundariesInsideTheCoveredRangeReadsWholeBuckets() {
    assertEquals(Optional.empty(), Levels.holds(read(List.of(
        bound("Timestamp >= toDateTime(1718006400)", "2024-06-10T08:00:00Z"),
        bound("Timestamp < toDateTime(1718010000)", "2024-06-10T09:00:00Z")))));
  }

  @Test
  void aWindowOffBucketBoundariesReadsItsEdgesFromRawRows() {
    Optional<UnionEdges> union = Levels.holds(read(List.of(
        bound("Timestamp >= toDateTime(1718006430)", "2024-06-10T08:00:30Z"),
        bound("Timestamp < toDateTime(1718010000)", "2024-06-10T09:00:00Z"))));
    assertTrue(union.orElseThrow() instanceof RawEdges);
  }

  @Test
  void aWindowStartingBeforeTheCoveredRangeReadsThatPartFromRawRows() {
    assertTrue(Levels.holds(read(List.of(bound("Timestamp >= toDateTime(1713999600)", "2024-04-24T23:00:00Z"))))
        .isPresent());
  }

  @Test
  void edgesBoundByParametersCannotBeRepeatedSoTheLevelIsNotRead() {
    Expr.Binary b = (Expr.Binary) Levels.expr("Timestamp >= ?");
    TimeConstant at = new TimeConstant(Instant.parse("2024-06-10T08:00:30Z").getEpochSecond() * TimeConstant.NANOS, true);
    RawEdges.Bound ragged = BucketBoundaries.constant(b, "Timestamp >= ?", ">=", b.right(), at, 1,
        java.time.Duration.ofMinutes(1), "DateTime64(9)");
    Skip skip = Levels.skips(RollupSkip.WINDOW_NOT_ON_BOUNDARIES, read(List.of(ragged)));
    assertTrue(skip.reason().contains("parameters"), skip.reason());
  }

  @Test
  void aZoneCuttingBucketsApartFailsEvenOnBoundaries() {
    Rollup hour = new Rollup(logs.key(), logs.stableView(), logs.target(), logs.contentHash(),
        java.time.Duration.ofHours(1), logs.timeColumn(), logs.bucketColumn(), logs.dimensions(), logs.measures(),
        logs.coveredFrom(), null);
    LevelWindow w = new LevelWindow();
    Expr.Binary b = (Expr.Binary) Levels.expr("Timestamp >= toDateTime(1718006400)");
    w.raw(BucketBoundaries.constant(b, "", ">=", b.right(), new TimeConstant(1718006400L * TimeConstant.NANOS, true), 1,
        hour.grain(), "DateTime64(9)"), null);
    Levels.skips(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, WindowRead.of(w.bounds(), w.lower(), w.upper(),
        List.of(ZoneId.of("Asia/Kolkata")), hour, 1, "DateTime64(9)"));
  }
}

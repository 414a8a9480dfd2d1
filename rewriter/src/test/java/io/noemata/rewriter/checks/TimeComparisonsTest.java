package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.sql.Expr;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import io.noemata.rewriter.time.RelativeTime;
import io.noemata.rewriter.time.TimeConstant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The query "has a window" when its filter compares the time column (or a bucket of it) with a time. */
class TimeComparisonsTest {

  private static Optional<Expr.Identifier> timestamp(Expr e) {
    return e instanceof Expr.Identifier id && id.name().equals("Timestamp") ? Optional.of(id) : Optional.empty();
  }

  private static Checked<List<TimeComparisons.Comparison>> of(String conjunct) {
    return TimeComparisons.of(Levels.expr(conjunct), TimeComparisonsTest::timestamp,
        v -> TimeConstant.of(v).isPresent() || RelativeTime.of(v).isPresent(), conjunct);
  }

  @Test
  void aComparisonOfTheTimeColumnWithATimeBoundsTheWindowTheColumnOnTheLeft() {
    List<TimeComparisons.Comparison> flipped = Levels.holds(of("toDateTime(1718006400) <= Timestamp"));
    assertEquals(1, flipped.size());
    assertEquals(">=", flipped.get(0).op());
    List<TimeComparisons.Comparison> between = Levels.holds(of(
        "Timestamp BETWEEN toDateTime(1718006400) AND now()"));
    assertEquals(List.of(">=", "<="), between.stream().map(TimeComparisons.Comparison::op).toList());
  }

  @Test
  void aComparisonWithSomethingElseThanATimeIsNoBoundTheRuleReads() {
    Skip skip = Levels.skips(RollupSkip.WINDOW_NOT_ON_BOUNDARIES, of("Timestamp >= SomeColumn"));
    assertTrue(skip.reason().contains("SomeColumn"), skip.reason());
  }

  @Test
  void anyOtherConjunctBoundsNothing() {
    assertEquals(List.of(), Levels.holds(of("ServiceName = 'api'")));
    assertEquals(List.of(), Levels.holds(of("Timestamp NOT BETWEEN toDateTime(0) AND toDateTime(1)")));
  }

  @Test
  void aBucketComparedWithAConstantIsReadWithTheConstantOnTheRight() {
    TimeComparisons.Constant c = TimeComparisons.withConstant(Levels.expr(
        "toDateTime(1718006400) > toStartOfHour(Timestamp)"), TimeConstant::of).orElseThrow();
    assertEquals("<", c.op());
    assertTrue(c.side() instanceof Expr.Call);
    assertEquals(Optional.empty(), TimeComparisons.withConstant(Levels.expr("toStartOfHour(Timestamp) > x"),
        TimeConstant::of));
  }

  @Test
  void aFilterIsReadConjunctByConjunct() {
    assertEquals(3, TimeComparisons.conjuncts(Levels.expr("(a = 1 AND (b = 2)) AND c = 3")).size());
    assertEquals(1, TimeComparisons.conjuncts(Levels.expr("a = 1 OR b = 2")).size());
  }
}

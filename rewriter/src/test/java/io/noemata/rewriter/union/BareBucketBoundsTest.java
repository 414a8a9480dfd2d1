package io.noemata.rewriter.union;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.SqlParser;
import io.noemata.rewriter.syntax.Edit;
import java.util.List;
import org.junit.jupiter.api.Test;
import io.noemata.rewriter.time.TimeConstant;

/** Bounds on bucket boundaries compare the bare bucket; anything else keeps the column's form. */
class BareBucketBoundsTest {

  static final long S = TimeConstant.NANOS;

  private static Expr conjunct(String text) {
    return SqlParser.parseExpression(text).node();
  }

  private static RawEdges.Bound bound(Expr conjunct, boolean lower, long seconds, boolean aligned, boolean zoneKnown) {
    return new RawEdges.Bound(conjunct, lower, new TimeConstant(seconds * S, zoneKnown), aligned, "", lower ? ">=" : "<",
        conjunct, null);
  }

  @Test
  void aBoundOnABoundaryComparesTheBucket() {
    Expr c = conjunct("Timestamp >= toDateTime(1718006400)");
    List<Edit> edits = BareBucketBounds.edits(List.of(bound(c, true, 1718006400, true, true)), "bucket");
    assertEquals(List.of(new Edit(c.start(), c.end(), "`bucket` >= toDateTime(1718006400)")), edits);
  }

  @Test
  void betweenGetsBothBoundsOrNone() {
    Expr c = conjunct("Timestamp BETWEEN toDateTime(1718006400) AND toDateTime(1718027999)");
    List<Edit> both = BareBucketBounds.edits(List.of(bound(c, true, 1718006400, true, true),
        bound(c, false, 1718028000, true, true)), "bucket");
    assertEquals("(`bucket` >= toDateTime(1718006400) AND `bucket` < toDateTime(1718028000))", both.get(0).text());
    assertTrue(BareBucketBounds.edits(List.of(bound(c, true, 1718006400, true, true),
        bound(c, false, 1718028000, true, false)), "bucket").isEmpty(), "a wall clock keeps the column's form");
  }

  @Test
  void parametersUnalignedAndMovingBoundsKeepTheColumnsForm() {
    Expr p = conjunct("Timestamp >= ?");
    assertTrue(BareBucketBounds.edits(List.of(bound(p, true, 1718006400, true, true)), "bucket").isEmpty());
    Expr c = conjunct("Timestamp >= toDateTime(1718006401)");
    assertTrue(BareBucketBounds.edits(List.of(bound(c, true, 1718006401, false, true)), "bucket").isEmpty());
    RawEdges.Bound moving = new RawEdges.Bound(c, true, null, true, "", ">=", c, null);
    assertTrue(BareBucketBounds.edits(List.of(moving), "bucket").isEmpty());
  }
}

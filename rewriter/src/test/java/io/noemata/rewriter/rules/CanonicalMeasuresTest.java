package io.noemata.rewriter.rules;

import io.noemata.rewriter.provenance.RollupDecision;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.Measure;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.expr.Canonical;
import io.noemata.core.expr.ExprException;
import io.noemata.core.expr.ExprParser;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.RollupCatalog;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * What the installer records as a measure's definition ({@link ExprParser#parse} then {@link
 * Canonical#text}, as {@code Declarations} does) and what the rewriter matches a query's aggregate
 * by are one conversion: a measure written in five spellings installs one definition, and a query
 * written in any of them (or with FILTER, or qualified names) reads it.
 */
class CanonicalMeasuresTest {

  private static final List<String> SEVERE = List.of("countIf(SeverityNumber >= 17)",
      "countIf(greaterOrEquals(SeverityNumber, 17))", "countIf( `SeverityNumber`>=17 )",
      "countIf((SeverityNumber) >= 17 /* errors and worse */)", "countIf(\"SeverityNumber\" >= (17))");
  private static final List<String> POSTS = List.of("countIf(LogAttributes['http.method'] = 'POST')",
      "countIf(arrayElement(LogAttributes, 'http.method') == 'POST')", "countIf(`LogAttributes`[ 'http.method' ] = 'POST')",
      "countIf(equals(\"LogAttributes\"['http.method'], 'POST'))", "countIf((LogAttributes['http.method']) = ('POST'))");

  private static String installed(String spelling) {
    try {
      return Canonical.text(ExprParser.parse(spelling, ExprParser.Mode.AGGREGATE));
    } catch (ExprException e) {
      throw new AssertionError(spelling + ": " + e.getMessage(), e);
    }
  }

  private static CatalogSnapshot withMeasure(String definition) {
    Rollup base = RollupCatalog.logsRollup(RollupCatalog.COVERED_FROM, null);
    Rollup r = new Rollup(base.key(), base.stableView(), base.target(), base.contentHash(), base.grain(),
        base.timeColumn(), base.bucketColumn(), base.dimensions(), List.of(base.measures().get(0),
            new Measure("Picked", definition, "Picked", "SimpleAggregateFunction(sum, UInt64)")),
        base.coveredFrom(), base.coveredUntil());
    return RollupCatalog.snapshot(List.of(r), List.of());
  }

  private static void everySpellingInstallsOneShapeAndMatchesAll(List<String> spellings, List<String> queryOnly) {
    Set<String> shapes = new LinkedHashSet<>();
    spellings.forEach(s -> shapes.add(installed(s)));
    assertEquals(1, shapes.size(), shapes.toString());
    CatalogSnapshot snapshot = withMeasure(shapes.iterator().next());
    for (String aggregate : concat(spellings, queryOnly)) {
      String sql = "SELECT ServiceName, " + aggregate + " AS picked FROM otel.otel_logs" + RollupAnswersTest.WINDOW
          + " GROUP BY ServiceName";
      RewriteResult r = RollupAnswersTest.rewrite(sql, snapshot);
      RollupDecision u = RollupAnswersTest.use(r, "r_logs");
      assertTrue(u.read(), aggregate + ": " + u.code() + " " + u.reason());
      assertTrue(r.sql().contains("sum(`Picked`) AS picked"), r.sql());
    }
  }

  private static List<String> concat(List<String> a, List<String> b) {
    return java.util.stream.Stream.concat(a.stream(), b.stream()).toList();
  }

  @Test
  void aConditionalCountInFiveSpellingsIsOneMeasure() {
    everySpellingInstallsOneShapeAndMatchesAll(SEVERE, List.of("count() FILTER (WHERE SeverityNumber >= 17)",
        "countIf(otel_logs.SeverityNumber >= 17)", "COUNT(*) FILTER (WHERE SeverityNumber >= 17.0)"));
  }

  @Test
  void aMapSubscriptInEveryFormIsOneMeasure() {
    everySpellingInstallsOneShapeAndMatchesAll(POSTS, List.of("count() FILTER (WHERE LogAttributes['http.method'] = 'POST')"));
  }
}

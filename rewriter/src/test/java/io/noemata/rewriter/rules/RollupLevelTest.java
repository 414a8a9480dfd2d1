package io.noemata.rewriter.rules;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.TableInfo;
import io.noemata.core.sql.Query;
import io.noemata.core.sql.TableExpr;
import io.noemata.rewriter.syntax.Edit;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import io.noemata.rewriter.checks.Checked;
import io.noemata.rewriter.checks.Skip;

/** The coordinator: it asks every check clause by clause and reports the first condition the level fails. */
class RollupLevelTest {

  private static final String WINDOW = " WHERE Timestamp >= toDateTime(1718006400) AND Timestamp < toDateTime(1718028000)";

  private static Checked<List<Edit>> level(String sql) {
    Query.Select s = Levels.select(sql);
    TableInfo logs = Levels.logs();
    var statement = new LevelContext.StatementFacts(sql, RollupCatalog.snapshot(), Map.of(), null, Optional.empty(),
        "otel", java.util.Set.of(), Optional.empty());
    var level = new LevelContext(statement, s, (TableExpr.Table) s.from(), null, logs.name(), logs, Map.of());
    return new RollupLevel(level, logs.rollups().get(0)).edits();
  }

  @Test
  void aLevelFailingNoConditionGetsItsEdits() {
    List<Edit> edits = Levels.holds(level("SELECT ServiceName, count() AS n FROM otel.otel_logs" + WINDOW
        + " GROUP BY ServiceName"));
    assertTrue(edits.stream().anyMatch(e -> e.text().contains(RollupCatalog.LOGS_VIEW + "__" + RollupCatalog.LOGS_HASH)), edits.toString());
  }

  @Test
  void theFirstConditionFailedInClauseOrderIsTheOneReported() {
    // the select list is read before the filter: Body fails first, the bound that cannot be read is never reached
    Levels.skips(RollupSkip.COLUMN_NOT_DIMENSION, level(
        "SELECT Body, count() AS n FROM otel.otel_logs WHERE Timestamp >= Body GROUP BY Body"));
    Levels.skips(RollupSkip.WINDOW_NOT_ON_BOUNDARIES, level(
        "SELECT count() AS n FROM otel.otel_logs WHERE Timestamp >= Body GROUP BY Body"));
  }

  @Test
  void aConditionInsideAnAggregateStopsTheWalkThere() {
    Skip skip = Levels.skips(RollupSkip.COLUMN_NOT_DIMENSION, level(
        "SELECT countIf(Body = 'x') AS n, max(Body) AS m FROM otel.otel_logs" + WINDOW));
    assertTrue(skip.reason().startsWith("Body"), skip.reason());
  }

  @Test
  void aLevelThatReadsNoGroupsIsNotAnAggregation() {
    Levels.skips(RollupSkip.NOT_AGGREGATING, level("SELECT ServiceName FROM otel.otel_logs" + WINDOW));
  }
}

package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.core.sql.Query;
import io.noemata.core.sql.TableExpr;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import io.noemata.rewriter.syntax.Inlined;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The seed: a rollup answers when "the query reads the table alone". */
class TableAloneTest {

  private static Optional<Skip> check(String sql) {
    Query.Select s = Levels.select(sql);
    Inlined inlined = Inlined.of(s.from()).orElse(null);
    TableExpr.Table t = inlined != null ? inlined.table() : s.from() instanceof TableExpr.Join j
        ? (TableExpr.Table) j.left() : (TableExpr.Table) s.from();
    return TableAlone.check(s, t, inlined);
  }

  @Test
  void theQueryReadsTheTableAlone() {
    assertEquals(Optional.empty(), check("SELECT count() FROM otel.otel_logs"));
    assertEquals(Optional.empty(), check("SELECT count() FROM otel.otel_logs PREWHERE ServiceName = 'a'"),
        "a PREWHERE only filters the same rows earlier");
    assertEquals(Optional.empty(), check("SELECT count() FROM (SELECT * FROM otel.otel_logs WHERE ServiceName = 'a') AS v"),
        "a derived table that only filters the table reads it alone");
  }

  @Test
  void aJoinOnlyToASubqueryOnAConditionKeepsCountsExact() {
    assertEquals(Optional.empty(), check("SELECT count() FROM otel.otel_logs AS l JOIN (SELECT 'a' AS s) AS k"
        + " ON l.ServiceName = k.s"));
  }

  @Test
  void aJoinArrayJoinFinalOrSampleIsNotTheTableAlone() {
    for (String sql : new String[] {
        "SELECT count() FROM otel.otel_logs AS l JOIN otel.otel_traces AS t ON l.TraceId = t.TraceId",
        "SELECT count() FROM otel.otel_logs AS l LEFT JOIN (SELECT 'a' AS s) AS k ON l.ServiceName = k.s",
        "SELECT count() FROM otel.otel_logs ARRAY JOIN [1, 2] AS x",
        "SELECT count() FROM otel.otel_logs FINAL",
        "SELECT count() FROM otel.otel_logs SAMPLE 0.1"}) {
      Levels.skips(RollupSkip.TABLE_NOT_ALONE, check(sql));
    }
  }
}

package io.noemata.driver.proxy;

import io.noemata.rewriter.provenance.ResourceUse;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.driver.provenance.Warnings;
import io.noemata.rewriter.provenance.Provenance;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The warning chain is built when asked for, and says what the last recorded statement did. */
class StatementStateTest {

  private static final String POD = "ResourceAttributes['k8s.pod.name']";

  private static QueryProvenance rewritten(String sql) {
    return new QueryProvenance.Rewritten(sql, "SELECT `__otel_materialized_k8s.pod.name` FROM otel.otel_logs",
        new Provenance(null, List.of(new ResourceUse.Substituted(1, "otel.otel_logs", POD, 7,
            "__otel_materialized_k8s.pod.name"))));
  }

  private static List<String> messages(SQLWarning w) {
    List<String> out = new ArrayList<>();
    for (; w != null; w = w.getNextWarning()) {
      out.add(w.getMessage());
    }
    return out;
  }

  @Test
  void warningsAreThoseOfTheLastRecordedStatementThenTheDelegates() {
    StatementState state = new StatementState();
    state.record(rewritten("SELECT " + POD + " FROM otel.otel_logs"), List.of());
    QueryProvenance last = rewritten("SELECT " + POD + " FROM otel.otel_logs LIMIT 1");
    state.record(last, List.of());
    SQLWarning theirs = new SQLWarning("clickhouse-jdbc's own");
    List<String> expected = new ArrayList<>(messages(Warnings.of(last)));
    expected.add("clickhouse-jdbc's own");
    assertEquals(expected, messages(state.warnings(theirs)));
    assertEquals(expected, messages(state.warnings(theirs)), "asking again appends theirs once");
  }

  @Test
  void nothingToSayGivesTheDelegatesWarnings() {
    StatementState state = new StatementState();
    SQLWarning theirs = new SQLWarning("clickhouse-jdbc's own");
    assertSame(theirs, state.warnings(theirs), "before any statement");
    state.record(new QueryProvenance.Kept("SELECT 1", new Provenance(null, List.of())), List.of());
    assertSame(theirs, state.warnings(theirs));
  }

  @Test
  void clearedWarningsStayClearedUntilTheNextStatement() {
    StatementState state = new StatementState();
    state.record(rewritten("SELECT " + POD + " FROM otel.otel_logs"), List.of());
    state.clearWarnings();
    assertNull(state.warnings(null));
    state.record(rewritten("SELECT " + POD + " FROM otel.otel_logs"), List.of());
    assertEquals(1, messages(state.warnings(null)).size());
  }
}

package io.noemata.itest;

import static io.noemata.itest.DriverFixture.TARGET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import io.noemata.driver.NoemataStatement;
import io.noemata.driver.provenance.QueryProvenance;

/**
 * The corpus (corpus/queries.sql) through {@code jdbc:noemata:clickhouse://.../otel} and through plain
 * clickhouse-jdbc: the same columns and rows; what reached the engine is what the rewriter decided.
 */
class DriverCorpusIT {

  private static Connection plain;
  private static Connection noemata;
  private static final List<String> changed = new ArrayList<>();

  @BeforeAll
  static void open() throws Exception {
    DriverFixture.otel();
    plain = TARGET.connect("otel");
    noemata = DriverFixture.connect("otel");
    // the data may have been made by plain clickhouse-jdbc after another test cached the catalog
    noemata.unwrap(io.noemata.driver.NoemataConnection.class).invalidateCatalog();
  }

  @AfterAll
  static void close() throws SQLException {
    plain.close();
    noemata.close();
  }

  /** Rows as one sortable list: row order is only defined up to ties, and both sides ran the same data. */
  private static List<List<String>> sorted(List<List<String>> rows) {
    List<List<String>> out = new ArrayList<>(rows);
    out.sort(Comparator.comparing(Object::toString));
    return out;
  }

  private record Outcome(List<String> columns, List<List<String>> rows, QueryProvenance provenance, List<String> states) {}

  private static Outcome run(Connection c, CorpusFile.Query q) throws SQLException {
    if (!q.params().isEmpty()) {
      try (PreparedStatement ps = c.prepareStatement(q.sql())) {
        for (int i = 0; i < q.params().size(); i++) {
          ps.setString(i + 1, q.params().get(i));
        }
        try (ResultSet rs = ps.executeQuery()) {
          return outcome(ps, rs);
        }
      }
    }
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(q.sql())) {
      return outcome(s, rs);
    }
  }

  private static Outcome outcome(Statement s, ResultSet rs) throws SQLException {
    List<String> columns = ResultRows.columnNames(rs);
    List<List<String>> rows = ResultRows.rows(rs);
    QueryProvenance p = s.isWrapperFor(NoemataStatement.class) ? s.unwrap(NoemataStatement.class).provenance() : null;
    return new Outcome(columns, rows, p, DriverFixture.states(s.getWarnings()));
  }

  @TestFactory
  Stream<DynamicTest> everyCorpusQueryAnswersAsPlainClickHouseJdbcDoes() {
    return DriverFixture.corpus().stream().map(q -> DynamicTest.dynamicTest(q.id(), () -> {
      Outcome expected;
      try {
        expected = run(plain, q);
      } catch (SQLException plainFailure) {
        // e.g. an explicit FORMAT clause, which clickhouse-jdbc refuses: the same refusal through noemata
        SQLException e = assertThrows(SQLException.class, () -> run(noemata, q));
        assertEquals(plainFailure.getMessage(), e.getMessage());
        return;
      }
      long mark = DriverFixture.log().mark();
      Outcome actual = run(noemata, q);
      List<String> sent = DriverFixture.sentSince(mark);
      if (!q.params().isEmpty()) {
        // clickhouse-jdbc inlines bound values: the engine sees the text with literals in place of ?
        String head = actual.provenance().sent().substring(0, actual.provenance().sent().indexOf('?'));
        String bound = io.noemata.core.sql.Literals.string(q.params().get(q.params().size() - 1));
        assertTrue(sent.stream().anyMatch(t -> t.startsWith(head) && t.contains(bound)), "bound values inlined: " + bound);
        assertEquals(expected.rows(), actual.rows());
        return;
      }
      assertEquals(expected.columns(), actual.columns(), "result column names");
      assertEquals(expected.rows().size(), actual.rows().size(), "row count");
      assertEquals(sorted(expected.rows()), sorted(actual.rows()), "rows");
      QueryProvenance p = actual.provenance();
      assertTrue(sent.contains(p.sent()), "the engine received the text the driver reports sending");
      if (p.changed()) {
        changed.add(q.id());
        assertTrue(actual.states().contains("01N11"), "a rewrite names the stored column it reads: " + actual.states());
        assertFalse(sent.contains(q.sql()), "the original text did not reach the engine");
      } else {
        assertTrue(sent.contains(q.sql()), "unchanged statements arrive byte for byte");
      }
    }));
  }

  /**
   * Issue #5: window functions, the WINDOW clause, QUALIFY and {@code {name:Type}} parameters.
   * clickhouse-jdbc sends a parameter's text as written; its value reaches the server as
   * {@code param_svc} from the connection property {@code clickhouse_setting_param_svc}. The stored
   * column is read in every clause (as the cast where the level is grouped by the cast alone), and
   * the rows are those of plain clickhouse-jdbc.
   */
  @Test
  void windowsAndQueryParametersReadStoredColumnsAndAnswerTheSame() throws SQLException {
    String pod = "ResourceAttributes['k8s.pod.name']";
    List<String> queries = List.of(
        "SELECT " + pod + " AS pod, count() AS n, rank() OVER w AS r, sum(count()) OVER (PARTITION BY " + pod
            + " != '') AS total FROM otel_logs WHERE ServiceName = {svc:String} AND Timestamp >= {from:DateTime64(9)}"
            + " GROUP BY " + pod + " WINDOW w AS (ORDER BY count() DESC, " + pod + ") QUALIFY r <= 5",
        "SELECT " + pod + " AS pod, count() AS n, rank() OVER (ORDER BY " + pod + ") AS r FROM otel_logs"
            + " WHERE ServiceName = {svc:String} GROUP BY pod HAVING " + pod + " != '' ORDER BY " + pod + " LIMIT 5");
    Properties props = TARGET.credentials();
    props.setProperty("clickhouse_setting_param_svc", "checkout");
    props.setProperty("clickhouse_setting_param_from", "2024-06-03 00:00:00");
    try (Connection p = DriverManager.getConnection(TARGET.jdbcUrl("otel"), props);
        Connection n = DriverFixture.connect("otel", "clickhouse_setting_param_svc", "checkout",
            "clickhouse_setting_param_from", "2024-06-03 00:00:00")) {
      for (String sql : queries) {
        Outcome expected = run(p, new CorpusFile.Query("window", "column", List.of(), sql));
        long mark = DriverFixture.log().mark();
        Outcome actual = run(n, new CorpusFile.Query("window", "column", List.of(), sql));
        assertFalse(expected.rows().isEmpty(), "the parameters reached the server: checkout has logs");
        assertEquals(expected.columns(), actual.columns());
        assertEquals(sorted(expected.rows()), sorted(actual.rows()));
        QueryProvenance q = actual.provenance();
        assertTrue(q.changed(), q.toString());
        // the rewritten text ran: no fallback to the original after a refusal
        assertFalse(q.sent().contains(pod), q.toString());
        assertTrue(q.sent().contains("ServiceName = {svc:String}"), q.sent());
        assertTrue(DriverFixture.sentSince(mark).contains(q.sent()), "the engine received the parameters' text as written");
      }
    }
  }

  @Test
  void storedColumnQueriesAreRewrittenAndOnlyThey() throws Exception {
    List<String> expectChange = new ArrayList<>();
    List<String> allowChange = new ArrayList<>();
    List<String> actual = new ArrayList<>();
    for (CorpusFile.Query q : DriverFixture.corpus()) {
      if (q.expect().equals("column")) {
        allowChange.add(q.id());
        // LogAttributes['http.status_code'] has no stored column on this table: see dep-http-status-column
        if (!q.sql().contains("http.status_code")) {
          expectChange.add(q.id());
        }
      }
      if (q.params().isEmpty()) {
        try (Statement s = noemata.createStatement()) {
          try {
            s.executeQuery(q.sql()).close();
          } catch (SQLException refusedByClickHouseJdbc) {
            // FORMAT clauses: the driver still planned the text
          }
          QueryProvenance p = s.unwrap(NoemataStatement.class).provenance();
          if (p.changed()) {
            actual.add(q.id());
          } else if (expectChange.contains(q.id())) {
            System.out.println("noemata corpus: not rewritten " + q.id() + ": " + p);
          }
        }
      }
    }
    assertFalse(expectChange.isEmpty());
    assertTrue(actual.containsAll(expectChange), "rewritten " + actual + ", expected at least " + expectChange);
    assertTrue(allowChange.containsAll(actual), "rewritten " + actual + ", only column queries may be: " + allowChange);
  }
}

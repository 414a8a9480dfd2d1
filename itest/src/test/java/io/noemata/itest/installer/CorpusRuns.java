package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import io.noemata.driver.NoemataStatement;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.itest.CorpusFile;
import io.noemata.itest.ResultRows;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/** Runs corpus queries against a database of their own and compares the answers of two connections. */
final class CorpusRuns {

  private CorpusRuns() {}

  /** Rows (sorted), the driver's provenance (null on plain clickhouse-jdbc) and the warnings of one run. */
  record Outcome(List<List<String>> rows, QueryProvenance provenance, List<SQLWarning> warnings) {}

  /** The corpus statement reading {@code db} instead of {@code otel}. */
  static String retarget(String sql, String db) {
    return sql.replace("otel.otel_", db + ".otel_").replace("`otel`.`otel_", "`" + db + "`.`otel_")
        .replace("\"otel\".\"otel_", "\"" + db + "\".\"otel_");
  }

  static Outcome run(Connection c, CorpusFile.Query q, String db) throws SQLException {
    String sql = retarget(q.sql(), db);
    Statement st;
    ResultSet rs;
    if (!q.params().isEmpty()) {
      PreparedStatement ps = c.prepareStatement(sql);
      for (int i = 0; i < q.params().size(); i++) {
        ps.setString(i + 1, q.params().get(i));
      }
      st = ps;
      rs = ps.executeQuery();
    } else {
      st = c.createStatement();
      rs = st.executeQuery(sql);
    }
    try (st; rs) {
      List<List<String>> rows = ResultRows.rows(rs);
      rows.sort(Comparator.comparing(Object::toString));
      QueryProvenance p = st.isWrapperFor(NoemataStatement.class) ? st.unwrap(NoemataStatement.class).provenance() : null;
      List<SQLWarning> w = new ArrayList<>();
      for (SQLWarning x = st.getWarnings(); x != null; x = x.getNextWarning()) {
        w.add(x);
      }
      return new Outcome(rows, p, w);
    }
  }

  /** Exact, except sketches (uniq, quantile) read from stored states: within the 3% the seed allows them. */
  static void assertSameRows(List<List<String>> expected, List<List<String>> actual, boolean sketches) {
    assertEquals(expected.size(), actual.size(), "row count");
    for (int r = 0; r < expected.size(); r++) {
      for (int i = 0; i < expected.get(r).size(); i++) {
        String a = expected.get(r).get(i);
        String b = actual.get(r).get(i);
        if (a == null ? b == null : a.equals(b)) {
          continue;
        }
        try {
          double x = Double.parseDouble(a);
          double y = Double.parseDouble(b);
          double tolerance = sketches ? 0.03 : 1e-9;
          if (Math.abs(x - y) <= tolerance * Math.max(Math.abs(x), Math.abs(y))) {
            continue;
          }
        } catch (NumberFormatException | NullPointerException notNumbers) {
          // compared as text below
        }
        fail("row " + r + " column " + (i + 1) + ": " + a + " vs " + b);
      }
    }
  }
}

package io.noemata.cli.demo;

import io.noemata.rewriter.provenance.ResourceUse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.noemata.driver.NoemataStatement;
import io.noemata.embedded.http.QueryLog;
import io.noemata.rewriter.provenance.RollupSkip;

/**
 * Runs each panel on plain clickhouse-jdbc and through noemata, alternating the two so that both
 * see the same machine state. The engine's query log says what SQL arrived; {@code EXPLAIN
 * ESTIMATE} of that SQL says how many rows the engine reads for it (after index and partition
 * pruning, granule by granule), for the original and for what noemata sent.
 */
public final class DashboardRun {

  /** Relative difference allowed between raw and accelerated results (sketch states merge approximately). */
  public static final double TOLERANCE = 0.03;

  private final Connection raw;
  private final Connection proxied;
  private final QueryLog log;
  private final int repetitions;

  public DashboardRun(Connection raw, Connection proxied, QueryLog log, int repetitions) {
    this.raw = raw;
    this.proxied = proxied;
    this.log = log;
    this.repetitions = repetitions;
  }

  public PanelResult run(DashboardQuery q) throws SQLException {
    Execution rawFirst = execute(raw, q.sql());
    Execution proxiedFirst = execute(proxied, q.sql());
    double[] rawMs = new double[repetitions];
    double[] proxiedMs = new double[repetitions];
    for (int i = 0; i < repetitions; i++) {
      rawMs[i] = execute(raw, q.sql()).millis;
      proxiedMs[i] = execute(proxied, q.sql()).millis;
    }
    return new PanelResult(q, proxiedFirst.sent, median(rawMs), median(proxiedMs), rowsRead(q.sql()), rowsRead(proxiedFirst.sent),
        proxiedFirst.warnings, rawFirst.table.difference(proxiedFirst.table, TOLERANCE), proxiedFirst.rawIsCheaper);
  }

  private record Execution(ResultTable table, double millis, String sent, List<String> warnings, boolean rawIsCheaper) {}

  /** Rows the engine reads for {@code sql}: the sum over the tables {@code EXPLAIN ESTIMATE} lists. */
  private long rowsRead(String sql) throws SQLException {
    long rows = 0;
    try (Statement s = raw.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN ESTIMATE " + sql)) {
      while (rs.next()) {
        rows += rs.getLong("rows");
      }
    }
    return rows;
  }

  private Execution execute(Connection c, String sql) throws SQLException {
    long mark = log.mark();
    long started = System.nanoTime();
    ResultTable table;
    List<String> warnings = new ArrayList<>();
    boolean rawIsCheaper = false;
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      table = ResultTable.read(rs);
      for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
        warnings.add(w.getMessage());
      }
      if (s.isWrapperFor(NoemataStatement.class) && s.unwrap(NoemataStatement.class).provenance() != null) {
        rawIsCheaper = s.unwrap(NoemataStatement.class).provenance().rollups().stream()
            .anyMatch(u -> u instanceof ResourceUse.SkippedRollup skipped && skipped.code() == RollupSkip.RAW_IS_CHEAPER);
      }
    }
    double millis = (System.nanoTime() - started) / 1e6;
    List<QueryLog.Entry> arrived = log.since(mark);
    // The query itself is the last statement that arrived; earlier ones are catalog reads.
    QueryLog.Entry last = arrived.isEmpty() ? null : arrived.get(arrived.size() - 1);
    return new Execution(table, millis, last == null ? sql : last.sql(), warnings, rawIsCheaper);
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}

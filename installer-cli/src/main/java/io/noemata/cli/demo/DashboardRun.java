package io.noemata.cli.demo;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.noemata.embedded.http.QueryLog;

/**
 * Runs each panel on plain clickhouse-jdbc and through noemata, alternating the two so that both
 * see the same machine state, and reads from the engine's query log what each one read.
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
    return new PanelResult(q, proxiedFirst.sent, median(rawMs), median(proxiedMs), rawFirst.rowsRead, proxiedFirst.rowsRead,
        proxiedFirst.warnings, rawFirst.table.difference(proxiedFirst.table, TOLERANCE));
  }

  private record Execution(ResultTable table, double millis, String sent, long rowsRead, List<String> warnings) {}

  private Execution execute(Connection c, String sql) throws SQLException {
    long mark = log.mark();
    long started = System.nanoTime();
    ResultTable table;
    List<String> warnings = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      table = ResultTable.read(rs);
      for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
        warnings.add(w.getMessage());
      }
    }
    double millis = (System.nanoTime() - started) / 1e6;
    List<QueryLog.Entry> arrived = log.since(mark);
    // The query itself is the last statement that arrived; earlier ones are catalog reads.
    QueryLog.Entry last = arrived.isEmpty() ? null : arrived.get(arrived.size() - 1);
    return new Execution(table, millis, last == null ? sql : last.sql(), last == null ? 0 : last.rowsRead(), warnings);
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}

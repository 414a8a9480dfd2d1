package io.noemata.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.noemata.embedded.EmbeddedClickHouse;
import io.noemata.embedded.http.HttpFrontend;
import io.noemata.otel.OtelDataGenerator;
import io.noemata.otel.OtelDataSpec;
import io.noemata.otel.OtelSchema;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code noemata demo}: the main job on the embedded engine. Starts ClickHouse in process, serves
 * it on loopback, generates OpenTelemetry logs and spans through the official clickhouse-jdbc, and
 * shows what is there.
 */
@Command(name = "demo", description = "Start the embedded engine, generate OpenTelemetry demo data and query it.")
final class DemoCommand implements Callable<Integer> {

  /** Sized for a 2-core machine: about half a minute of generation. */
  static final long DEFAULT_ROWS = 2_000_000;

  @Option(names = "--rows", defaultValue = "" + DEFAULT_ROWS, description = "Rows in each of otel_logs and otel_traces. Default: ${DEFAULT-VALUE}.")
  long rows;

  @Option(names = "--days", defaultValue = "" + OtelDataSpec.CORPUS_DAYS, description = "Days the timestamps spread over, from 2024-06-03 UTC. Default: ${DEFAULT-VALUE}.")
  int days;

  @Option(names = "--keep", description = "Keep the engine's data in this folder (default: a temporary folder deleted at exit).")
  Path keep;

  @Override
  public Integer call() throws Exception {
    if (rows < 0 || rows > 1_000_000_000L) {
      throw new UserError("--rows " + rows + " is out of range (0 to 1000000000)");
    }
    if (days < 1 || days > 3650) {
      throw new UserError("--days " + days + " is out of range (1 to 3650)");
    }
    PrintStream out = System.out;
    OtelDataSpec spec = new OtelDataSpec("otel", rows, rows, OtelDataSpec.CORPUS_FIRST_DAY, days);
    out.printf("noemata demo: %,d logs and %,d spans over %d days from %s UTC, on the embedded engine%n",
        spec.logRows(), spec.spanRows(), spec.days(), spec.firstDay());
    try (EmbeddedClickHouse engine = EmbeddedClickHouse.start(keep);
         HttpFrontend frontend = engine.serve(0);
         Connection c = DriverManager.getConnection(frontend.jdbcUrl("default"), "default", "")) {
      out.printf("engine: ClickHouse %s (chDB) at %s, data in %s%n", engine.version(), frontend.url(), engine.dataDir());
      try (Statement s = c.createStatement()) {
        s.execute("DROP DATABASE IF EXISTS " + spec.database());
        long started = System.nanoTime();
        ProgressBar bar = new ProgressBar(out);
        new OtelDataGenerator(spec).generate(s::execute, bar::update);
        out.printf("generated in %.1f s%n%n", (System.nanoTime() - started) / 1e9);

        out.println("rows per table:");
        for (String table : List.of(OtelSchema.LOGS, OtelSchema.TRACES)) {
          out.printf("  %-12s %,15d%n", table, scalar(s, "SELECT count() FROM " + spec.database() + "." + table));
        }
        out.println();
        out.println("p99 span latency and error rate by service (otel_traces):");
        printTable(out, s, "SELECT ServiceName AS service, count() AS spans,"
            + " round(quantile(0.99)(Duration) / 1e6, 1) AS p99_ms,"
            + " round(100 * countIf(StatusCode = 'Error') / count(), 2) AS error_pct"
            + " FROM " + spec.database() + "." + OtelSchema.TRACES + " GROUP BY service ORDER BY spans DESC");
      }
    }
    return 0;
  }

  private static long scalar(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** Prints a result as aligned columns: a person reads this, so no framing beyond a header. */
  static void printTable(PrintStream out, Statement s, String sql) throws SQLException {
    List<String[]> rows = new ArrayList<>();
    try (ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      String[] header = new String[md.getColumnCount()];
      for (int i = 0; i < header.length; i++) {
        header[i] = md.getColumnLabel(i + 1);
      }
      rows.add(header);
      while (rs.next()) {
        String[] row = new String[header.length];
        for (int i = 0; i < row.length; i++) {
          row[i] = rs.getString(i + 1);
        }
        rows.add(row);
      }
    }
    int[] widths = new int[rows.get(0).length];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        widths[i] = Math.max(widths[i], String.valueOf(row[i]).length());
      }
    }
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder(" ");
      for (int i = 0; i < row.length; i++) {
        String cell = String.valueOf(row[i]);
        line.append(' ').append(i == 0 ? String.format("%-" + widths[i] + "s", cell) : String.format("%" + widths[i] + "s", cell));
      }
      out.println(line);
    }
  }
}

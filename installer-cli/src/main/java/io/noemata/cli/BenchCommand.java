package io.noemata.cli;

import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.noemata.cli.bench.Interleaved;
import io.noemata.embedded.EmbeddedClickHouse;
import io.noemata.embedded.http.HttpFrontend;
import io.noemata.otel.OtelDataGenerator;
import io.noemata.otel.OtelDataSpec;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code noemata bench}: end-to-end figures on the embedded engine, each a ratio of two things
 * measured side by side in one run ({@link Interleaved}), with the machine noted.
 */
@Command(name = "bench", description = "Measure noemata end to end on the embedded engine: ratios from one run, machine noted.")
final class BenchCommand implements Callable<Integer> {

  @Option(names = "--rows", defaultValue = "2000000", description = "Rows in each OTel table. Default: ${DEFAULT-VALUE}.")
  long rows;

  @Option(names = "--rounds", defaultValue = "200", description = "Timed rounds of the pass-through scenario. Default: ${DEFAULT-VALUE}.")
  int rounds;

  @Option(names = "--report", description = "Also write the figures as Markdown to this file.")
  Path report;

  @Override
  public Integer call() throws Exception {
    PrintStream out = System.out;
    List<String> lines = new ArrayList<>();
    try (EmbeddedClickHouse engine = EmbeddedClickHouse.start(null); HttpFrontend frontend = engine.serve(0)) {
      String machine = io.noemata.cli.bench.MachineInfo.describe(engine.version());
      lines.add("Measured on: " + machine + ", " + String.format(Locale.ROOT, "%,d", rows) + " rows per table.");
      lines.add("");
      lines.add("| scenario | A | B | A median ms | B median ms | ratio B/A | rounds |");
      lines.add("|---|---|---|---|---|---|---|");
      String hostPort = "127.0.0.1:" + frontend.port();
      try (Connection setup = DriverManager.getConnection("jdbc:clickhouse://" + hostPort + "/default", "default", "");
           Statement s = setup.createStatement()) {
        new OtelDataGenerator(OtelDataSpec.corpusDays(rows)).generate(s::execute, (t, d, n) -> { });
      }
      {
        try (Connection plain = DriverManager.getConnection("jdbc:clickhouse://" + hostPort + "/otel", "default", "");
             Connection noemata = DriverManager.getConnection("jdbc:noemata:clickhouse://" + hostPort + "/otel", "default", "")) {
          lines.add(row("pass-through `SELECT 1`", "clickhouse-jdbc", "noemata",
              Interleaved.measure(() -> drain(plain, "SELECT 1"), () -> drain(noemata, "SELECT 1"), rounds / 4, rounds)));
          String passthrough = "SELECT SpanKind, count() FROM otel.otel_traces WHERE Duration > 1000000000 GROUP BY SpanKind ORDER BY SpanKind";
          lines.add(row("pass-through corpus-shaped query", "clickhouse-jdbc", "noemata",
              Interleaved.measure(() -> drain(plain, passthrough), () -> drain(noemata, passthrough), 5, Math.max(10, rounds / 10))));
          String mapFilter = "SELECT count() FROM otel.otel_logs WHERE ResourceAttributes['k8s.pod.name'] = 'checkout-boundary-0'";
          lines.add(row("Map-subscript filter", "raw subscript", "noemata (stored column)",
              Interleaved.measure(() -> drain(plain, mapFilter), () -> drain(noemata, mapFilter), 3, 15)));
        }
      }
    }
    lines.forEach(out::println);
    if (report != null) {
      Files.writeString(report, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }
    return 0;
  }

  private static String row(String scenario, String a, String b, Interleaved.Result r) {
    return String.format(Locale.ROOT, "| %s | %s | %s | %.3f | %.3f | %.3f | %d |", scenario, a, b, r.aMedianMs(), r.bMedianMs(), r.ratio(), r.rounds());
  }

  private static void drain(Connection c, String sql) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        rs.getObject(1);
      }
    }
  }
}

package io.noemata.cli;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import io.noemata.cli.advise.Advice;
import io.noemata.cli.advise.AdviceReport;
import io.noemata.cli.advise.Advisor;
import io.noemata.cli.advise.WorkloadFile;
import io.noemata.cli.demo.Dashboard;
import io.noemata.cli.demo.DashboardWorkload;
import io.noemata.cli.demo.RollupsRead;
import io.noemata.resources.parse.ProjectReader;
import io.noemata.cli.demo.DashboardQuery;
import io.noemata.cli.demo.DashboardReport;
import io.noemata.cli.demo.DashboardRun;
import io.noemata.cli.demo.DemoProject;
import io.noemata.cli.demo.PanelResult;
import io.noemata.embedded.EmbeddedClickHouse;
import io.noemata.embedded.http.HttpFrontend;
import io.noemata.otel.OtelDataGenerator;
import io.noemata.otel.OtelDataSpec;
import io.noemata.otel.OtelSchema;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code noemata demo}: the main job on the embedded engine. Starts ClickHouse in process, serves
 * it on loopback, generates OpenTelemetry logs and spans, runs {@code noemata advise} over the
 * dashboard's queries, publishes the advised project's accelerators with the installer, then runs
 * a dashboard twice, on plain clickhouse-jdbc and through
 * {@code jdbc:noemata:clickhouse://}, and shows what each read, how fast, and why.
 */
@Command(name = "demo", description = "Embedded ClickHouse, OpenTelemetry demo data, noemata advise over the dashboard, the advised accelerators installed, and the dashboard raw vs through noemata.")
final class DemoCommand implements Callable<Integer> {

  /** Sized for a 2-core machine: generation, publication and the dashboard in about two minutes. */
  static final long DEFAULT_ROWS = 2_000_000;
  static final int DEFAULT_DAYS = 8;

  @Option(names = "--rows", defaultValue = "" + DEFAULT_ROWS, description = "Rows in each of otel_logs and otel_traces. Default: ${DEFAULT-VALUE}.")
  long rows;

  @Option(names = "--days", defaultValue = "" + DEFAULT_DAYS, description = "Days the timestamps spread over, ending at today's midnight UTC. Default: ${DEFAULT-VALUE}.")
  int days;

  @Option(names = "--keep", description = "Keep the engine's data in this folder (default: a temporary folder deleted at exit).")
  Path keep;

  @Option(names = "--report", description = "Also write the dashboard comparison as a self-contained HTML page.")
  Path report;

  @Option(names = "--repeat", defaultValue = "3", description = "Timed runs of each panel per side. Default: ${DEFAULT-VALUE}.")
  int repeat;

  @Option(names = "--layout", defaultValue = "v0.151", description = "The exporter's otel_logs layout: v0.151 (sorted by"
      + " toStartOfFiveMinutes(Timestamp), ServiceName) or timestamp-time (sorted by ServiceName, TimestampTime)."
      + " Default: ${DEFAULT-VALUE}.")
  String layout;

  @Override
  public Integer call() throws Exception {
    if (rows < 1 || rows > 1_000_000_000L) {
      throw new UserError("--rows " + rows + " is out of range (1 to 1000000000)");
    }
    if (days < 3 || days > 30) {
      throw new UserError("--days " + days + " is out of range (3 to 30: the rollups keep 30 days, the dashboard reads days 2 to 7)");
    }
    if (repeat < 1 || repeat > 100) {
      throw new UserError("--repeat " + repeat + " is out of range (1 to 100)");
    }
    PrintStream out = System.out;
    LocalDate firstDay = LocalDate.now(ZoneOffset.UTC).minusDays(days);
    io.noemata.otel.OtelLayout logsLayout = io.noemata.otel.OtelLayout.of(layout).orElseThrow(() -> new UserError(
        "--layout " + layout + " is not a layout of the exporter's; use v0.151 or timestamp-time"));
    OtelDataSpec spec = new OtelDataSpec("otel", rows, rows, firstDay, days, logsLayout);
    out.printf("noemata demo: %,d logs and %,d spans over %d days from %s UTC, otel_logs in the %s layout,"
        + " on the embedded engine%n", spec.logRows(), spec.spanRows(), spec.days(), spec.firstDay(), logsLayout.id);
    try (EmbeddedClickHouse engine = EmbeddedClickHouse.start(keep == null ? null : keep.resolve("engine"));
         HttpFrontend frontend = engine.serve(0)) {
      out.printf("engine: ClickHouse %s (chDB) at %s, data in %s%n%n", engine.version(), frontend.url(), engine.dataDir());
      generate(out, frontend, spec);
      Path projectDir = keep == null ? Files.createTempDirectory("noemata-demo-project-") : keep.resolve("project");
      Advice advice = advise(out, frontend, spec, projectDir);
      publish(out, frontend, projectDir);
      List<PanelResult> results = dashboard(out, frontend, spec);
      return verdict(out, results, advice, levels(frontend, results));
    }
  }

  private static void generate(PrintStream out, HttpFrontend frontend, OtelDataSpec spec) throws Exception {
    out.println("1. generating OpenTelemetry data (otel.otel_logs, otel.otel_traces; the exporter's v0.151 layout)");
    try (Connection c = DriverManager.getConnection(frontend.jdbcUrl("default"), "default", ""); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + spec.database());
      long started = System.nanoTime();
      new OtelDataGenerator(spec).generate(s::execute, new CliProgress(out)::advance);
      out.printf("   generated in %.1f s:", (System.nanoTime() - started) / 1e9);
      for (String table : List.of(OtelSchema.LOGS, OtelSchema.TRACES)) {
        out.printf(" %s %,d rows;", table, scalar(s, "SELECT count() FROM " + spec.database() + "." + table));
      }
      out.println();
      out.println();
    }
  }

  /**
   * The advise step: the dashboard's panels written as a workload file, replayed against the
   * accelerators advise proposes (nothing installed yet), and the proposal written as the advised
   * project's resources file.
   */
  private static Advice advise(PrintStream out, HttpFrontend frontend, OtelDataSpec spec, Path projectDir)
      throws Exception {
    DemoProject.writeAdvisedFramesTo(projectDir);
    Path workload = projectDir.resolve("dashboard.workload.sql");
    Files.writeString(workload, DashboardWorkload.text(Dashboard.panels(spec)));
    out.println("2. noemata advise --workload " + workload + ": the dashboard's queries replayed against proposed"
        + " accelerators, as if installed (nothing is installed yet)");
    Advice advice;
    try (Connection c = DriverManager.getConnection(frontend.jdbcUrl("otel"), "default", "")) {
      advice = Advisor.run(projectDir, ProjectReader.read(projectDir).project(), WorkloadFile.parse(Files.readString(workload)),
          c, "otel", new CliProgress(out));
    }
    out.println();
    AdviceReport.text(advice, "the dashboard").lines().forEach(l -> out.println("   " + l));
    if (!advice.valid()) {
      throw new UserError("the advised resources file does not validate; see the findings above", 3);
    }
    Files.writeString(projectDir.resolve(DemoProject.ADVISED_FILE), advice.resourcesFile());
    out.println("   wrote " + projectDir.resolve(DemoProject.ADVISED_FILE) + (advice.resourcesFile().equals(DemoProject.advisedResources())
        ? " (the same as the advised project shipped with noemata)" : " (differs from the advised project shipped with noemata)"));
    out.println();
    return advice;
  }

  private void publish(PrintStream out, HttpFrontend frontend, Path projectDir) throws Exception {
    out.println("3. noemata publish: the advised project's resources (" + projectDir + ")");
    long started = System.nanoTime();
    // The demo ingests nothing while it runs, so the rollup views may take over after 5 s instead of 30 s.
    int exit = new CommandLine(new Main()).execute("publish", "--project", projectDir.toString(),
        "--url", frontend.jdbcUrl("otel"), "--cutover-delay", "5s");
    if (exit != 0) {
      throw new UserError("publishing the demo project failed (exit " + exit + "); see the lines above", exit);
    }
    out.printf("   published in %.1f s%n%n", (System.nanoTime() - started) / 1e9);
  }

  private List<PanelResult> dashboard(PrintStream out, HttpFrontend frontend, OtelDataSpec spec) throws SQLException {
    out.println("4. the dashboard, each panel " + repeat + " times on plain clickhouse-jdbc and through jdbc:noemata:clickhouse://,"
        + " alternating; rows read are the engine's own figures");
    List<PanelResult> results = new ArrayList<>();
    try (Connection raw = DriverManager.getConnection(frontend.jdbcUrl("otel"), "default", "");
         Connection noemata = DriverManager.getConnection("jdbc:noemata:clickhouse://127.0.0.1:" + frontend.port() + "/otel", "default", "")) {
      DashboardRun run = new DashboardRun(raw, noemata, frontend.queryLog(), repeat);
      for (DashboardQuery q : Dashboard.panels(spec)) {
        results.add(run.run(q));
      }
    }
    out.println();
    DashboardReport.printText(out, results);
    return results;
  }

  /** The rollups the driver read per panel, from its provenance. */
  private static List<List<String>> levels(HttpFrontend frontend, List<PanelResult> results) throws SQLException {
    List<List<String>> out = new ArrayList<>();
    try (Connection noemata = DriverManager.getConnection("jdbc:noemata:clickhouse://127.0.0.1:" + frontend.port() + "/otel",
        "default", "")) {
      for (PanelResult r : results) {
        out.add(RollupsRead.of(noemata, r.query().sql()));
      }
    }
    return out;
  }

  /**
   * The demo checks its own claims: the panels meant to be accelerated were, every result equals raw,
   * each panel read the rollup advise said it would (the coarsest that answers it), and advise's
   * projected rows are within 2x of what the engine reads.
   */
  private int verdict(PrintStream out, List<PanelResult> results, Advice advice, List<List<String>> read) throws Exception {
    List<String> problems = new ArrayList<>();
    long accelerated = 0;
    out.println();
    out.println("advise's projection against what the engine reads (EXPLAIN ESTIMATE) after the install:");
    for (int i = 0; i < results.size(); i++) {
      PanelResult r = results.get(i);
      List<String> predicted = advice.replays().get(i).rollupsRead();
      // advise projects without the engine's row counts; the driver weighs them and may read the table instead
      if (!predicted.equals(read.get(i)) && !r.rawIsCheaper()) {
        problems.add(r.query().panel() + ": advise said it reads " + predicted + ", the driver read " + read.get(i));
      }
      java.util.OptionalLong projected = advice.rowsRead().get(i).projectedRows();
      double ratio = projected.isPresent() ? Math.max(1, r.proxiedRowsRead()) / (double) Math.max(1, projected.getAsLong()) : 0;
      out.printf("  %-42s %-36s projected %,12d  measured %,12d  (%.2f)%n", r.query().panel(),
          read.get(i).isEmpty() ? "the table" : String.join(", ", read.get(i)), projected.orElse(-1), r.proxiedRowsRead(), ratio);
      if (projected.isEmpty() || ratio > 2 || ratio < 0.5) {
        problems.add(r.query().panel() + ": projected rows read " + projected + " are not within 2x of the measured "
            + r.proxiedRowsRead());
      }
    }
    for (PanelResult r : results) {
      if (r.difference() != null) {
        problems.add(r.query().panel() + ": result differs from raw: " + r.difference());
      }
      if (r.query().expectAccelerated() && !r.accelerated() && !r.rawIsCheaper()) {
        problems.add(r.query().panel() + ": meant to be accelerated, was not");
      }
      accelerated += r.accelerated() ? 1 : 0;
      if (!r.query().expectAccelerated() && r.warnings().stream().noneMatch(w -> w.contains("skipped"))) {
        problems.add(r.query().panel() + ": not accelerated, and no warning says why");
      }
    }
    if (report != null) {
      DashboardReport.writeHtml(report, "noemata demo: dashboard raw vs through noemata", results);
      out.println("\nreport: " + report.toAbsolutePath());
    }
    out.println();
    if (problems.isEmpty()) {
      out.printf("checked: %d of %d panels accelerated, every result identical to raw (sketch measures within %.0f%%); "
          + "the others say why they were not.%n", accelerated, results.size(), DashboardRun.TOLERANCE * 100);
      return 0;
    }
    problems.forEach(p -> out.println("CHECK FAILED: " + p));
    return 3;
  }

  private static long scalar(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}

package io.noemata.cli;

import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.core.naming.Names;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import io.noemata.cli.bench.IngestBench;
import io.noemata.cli.bench.IngestTarget;
import io.noemata.cli.bench.Interleaved;
import io.noemata.cli.bench.MachineInfo;
import io.noemata.cli.bench.ProxyBench;
import io.noemata.cli.bench.Settle;
import io.noemata.cli.bench.SizeTable;
import io.noemata.cli.bench.Transport;
import io.noemata.cli.demo.Dashboard;
import io.noemata.cli.demo.DashboardQuery;
import io.noemata.cli.demo.DashboardRun;
import io.noemata.cli.demo.DemoProject;
import io.noemata.cli.demo.PanelResult;
import io.noemata.core.system.Scope;
import io.noemata.core.system.SystemTable;
import io.noemata.core.system.SystemTables;
import io.noemata.driver.NoemataConnection;
import io.noemata.driver.catalog.CatalogCache;
import io.noemata.embedded.EmbeddedClickHouse;
import io.noemata.embedded.http.HttpFrontend;
import io.noemata.installer.steps.InstallOptions;
import io.noemata.installer.steps.Progress;
import io.noemata.installer.steps.Publish;
import io.noemata.otel.OtelDataGenerator;
import io.noemata.otel.OtelDataSpec;
import io.noemata.resources.parse.ProjectReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code noemata bench}: end-to-end figures on the embedded engine, each a ratio of two things
 * measured side by side in one run ({@link Interleaved}) on the same data, with the machine noted.
 * Scenarios: the transport (answers of 1 to 100,000 rows), pass-through overhead, the backfill against a bare INSERT ... SELECT ... GROUP BY, a
 * Map-subscript filter, and the demo's dashboard.
 */
@Command(name = "bench", description = "Measure noemata end to end on the embedded engine: ratios from one run, machine noted.")
final class BenchCommand implements Callable<Integer> {

  /**
   * The bench's publishes insert nothing meanwhile, so a short delay; not zero: a ladder's coarser
   * cutover is chosen once the finer view exists, and when the finer cutover (zero delay: the next
   * second) has passed by then, the coarser one moves to the next finer bucket and the backfill
   * waits up to a minute for it, which the published-in figure would count.
   */
  static final Duration CUTOVER_DELAY = Duration.ofSeconds(2);


  @Option(names = "--rows", defaultValue = "10000000", description = "Rows in each OTel table. Default: ${DEFAULT-VALUE}.")
  long rows;

  @Option(names = "--days", defaultValue = "8", description = "Days of data, ending at today's midnight UTC. Default: ${DEFAULT-VALUE}.")
  int days;

  @Option(names = "--rounds", defaultValue = "400", description = "Timed rounds of SELECT 1 per side. Default: ${DEFAULT-VALUE}.")
  int rounds;

  @Option(names = "--report", description = "Also write the figures as Markdown to this file.")
  Path report;

  @Option(names = "--transport-only", description = "Measure only the transport (no data is generated).")
  boolean transportOnly;

  @Option(names = "--proxy-only", description = "Measure only noemata proxy beside direct: SELECT 1, 100,000 rows,"
      + " an INSERT of 1,000,000 rows, its heap under a large result and INSERT (no data is generated).")
  boolean proxyOnly;

  @Option(names = "--ingest-only", description = "Measure only the ingest cost: exporter-sized batches into otel_logs and"
      + " otel_traces with the advised project (and one accelerator kind at a time) beside the same tables without it, and"
      + " every accelerator's storage beside the raw table's.")
  boolean ingestOnly;

  @Option(names = "--ingest-batches", split = ",", defaultValue = "10000,200000", description = "The ingest bench's batch sizes"
      + " (rows per INSERT; the exporter's small and large). Default: ${DEFAULT-VALUE}.")
  List<Long> ingestBatches;

  @Option(names = "--ingest-rounds", split = ",", defaultValue = "10,3", description = "Timed rounds of each batch size (one"
      + " untimed first; a round is at least 50,000 rows per target). Default: ${DEFAULT-VALUE}.")
  List<Integer> ingestRounds;

  @Option(names = "--sizes", split = ",", description = "Measure only the dashboard at each of these row counts per table"
      + " (e.g. 2000000,5000000,50000000), the data generated afresh and the advised project published for each: a table of"
      + " every panel's speedup per size. Goal: no accelerated panel below 1.0x.")
  List<Long> sizes;

  @Option(names = "--proxy-gb", defaultValue = "1", description = "GB (10^9 bytes) of the result and of the INSERT streamed"
      + " through the proxy for its peak heap (the embedded engine answers less than 1 GiB). Default: ${DEFAULT-VALUE}.")
  double proxyGb;

  /**
   * Statements per side before the pass-through {@code SELECT 1} is timed (enough for the JIT's
   * second tier), and the fewest timed: a 2% goal on a ~1.5 ms round trip needs that many samples
   * for a median that holds still on a shared machine.
   */
  static final int WARM_STATEMENTS = 2000;

  /**
   * Statements per side before the proxy's {@code SELECT 1} is timed: the proxy, a fresh JVM, spends
   * twice its steady CPU per statement for its first few thousand (measured: 0.3 ms after 3,000, 0.12
   * ms after 20,000), and a deployed proxy runs for days.
   */
  static final int PROXY_WARM_STATEMENTS = 10_000;

  private final List<String> lines = new ArrayList<>();
  private final List<String> notes = new ArrayList<>();
  private final List<String> storage = new ArrayList<>();

  @Option(names = "--layout", defaultValue = "v0.151", description = "The exporter's otel_logs layout: v0.151 (sorted by"
      + " toStartOfFiveMinutes(Timestamp), ServiceName) or timestamp-time (sorted by ServiceName, TimestampTime)."
      + " Default: ${DEFAULT-VALUE}.")
  String layout;

  @Override
  public Integer call() throws Exception {
    PrintStream out = System.out;
    LocalDate first = LocalDate.now(ZoneOffset.UTC).minusDays(days);
    io.noemata.otel.OtelLayout logsLayout = io.noemata.otel.OtelLayout.of(layout).orElseThrow(() -> new UserError(
        "--layout " + layout + " is not a layout of the exporter's; use v0.151 or timestamp-time"));
    OtelDataSpec spec = new OtelDataSpec("otel", rows, rows, first, days, logsLayout);
    try (EmbeddedClickHouse engine = EmbeddedClickHouse.start(null); HttpFrontend frontend = engine.serve(0)) {
      boolean bySize = sizes != null && !sizes.isEmpty();
      lines.add(ingestOnly // the ingest bench stages its own batches: the demo data's size is not its
          ? String.format(Locale.ROOT, "Measured on %s; the staged batches below.", MachineInfo.describe(engine.version()))
          : bySize ? String.format(Locale.ROOT, "Measured on %s; the sizes below, each over %d days.",
              MachineInfo.describe(engine.version()), days)
          : String.format(Locale.ROOT, "Measured on %s; %,d rows per table over %d days.", MachineInfo.describe(engine.version()), rows, days));
      String hostPort = "127.0.0.1:" + frontend.port();
      if (bySize) { // its own table: a column per size
        bySize(hostPort, frontend, first, logsLayout, out);
        finish(out);
        return 0;
      }
      lines.add("");
      lines.add("| figure | A | B | A | B | ratio | goal |");
      lines.add("|---|---|---|---|---|---|---|");
      if (ingestOnly) {
        ingest(hostPort, logsLayout, out);
        finish(out);
        return 0;
      }
      boolean transportFaults;
      try (Connection jdbc = DriverManager.getConnection("jdbc:clickhouse://" + hostPort + "/default", "default", "")) {
        transportFaults = transport(jdbc, frontend.url());
      }
      if (transportOnly) {
        finish(out);
        return transportFaults ? 3 : 0;
      }
      if (proxyOnly) {
        try (ProxyBench proxy = ProxyBench.start(frontend.url())) {
          proxyTransport(proxy, frontend);
          proxyHeap(proxy, frontend);
        }
        finish(out);
        return 0;
      }
      try (Connection setup = DriverManager.getConnection("jdbc:clickhouse://" + hostPort + "/default", "default", "");
           Statement s = setup.createStatement()) {
        out.printf(Locale.ROOT, "generating %,d logs and %,d spans ...%n", rows, rows);
        new OtelDataGenerator(spec).generate(s::execute, new CliProgress(out)::advance);
      }
      try (Connection plain = DriverManager.getConnection("jdbc:clickhouse://" + hostPort + "/otel", "default", "");
           Connection noemata = DriverManager.getConnection("jdbc:noemata:clickhouse://" + hostPort + "/otel", "default", "")) {
        settle(plain, "the generated rows");
        passThrough(plain, noemata);
        backfill(plain);
        // The installer wrote through another connection: the driver learns of it at once, not after its cache TTL.
        noemata.unwrap(NoemataConnection.class).invalidateCatalog();
        mapFilter(plain, noemata);
        advised(plain);
        settle(plain, "the advised project's backfills");
        noemata.unwrap(NoemataConnection.class).invalidateCatalog();
        floor(plain, noemata, spec);
        dashboard(plain, noemata, frontend, spec);
        try (ProxyBench proxy = ProxyBench.start(frontend.url())) {
          proxyTransport(proxy, frontend);
          proxyPanels(proxy, plain, noemata, frontend, spec);
          proxyHeap(proxy, frontend);
        }
      }
      catalogRoundTrips(hostPort, frontend, spec);
      ingest(hostPort, logsLayout, out);
    }
    finish(out);
    return 0;
  }

  /**
   * The ingest cost: insert CPU with each target's accelerators over the raw tables' (goal <= 1.25
   * for the advised project; the one-kind targets are its shares), throughput, and the storage table.
   */
  private void ingest(String hostPort, io.noemata.otel.OtelLayout logsLayout, PrintStream out) throws Exception {
    if (ingestBatches.size() != ingestRounds.size()) {
      throw new UserError("--ingest-batches and --ingest-rounds need as many values each");
    }
    List<IngestBench.Size> sizes = new ArrayList<>();
    for (int i = 0; i < ingestBatches.size(); i++) {
      sizes.add(new IngestBench.Size(ingestBatches.get(i), ingestRounds.get(i)));
    }
    IngestBench.Result result;
    try (Connection c = DriverManager.getConnection("jdbc:clickhouse://" + hostPort + "/default", "default", "")) {
      result = new IngestBench(c, logsLayout, IngestTarget.defaults(), out::println).run(sizes);
    }
    for (IngestBench.Figure f : result.figures()) {
      if (f.target().isRaw()) {
        continue;
      }
      IngestBench.Figure raw = result.figures().stream().filter(r -> r.target().isRaw() && r.table().equals(f.table())
          && r.batchRows() == f.batchRows()).findFirst().orElseThrow();
      String what = String.format(Locale.ROOT, "ingest: %s, %,d-row batches, %s:", f.table(), f.batchRows(), f.target().label());
      String goal = f.target().label().equals("advised") ? "<= 1.25" : "(a share)";
      row(what + " CPU s per 1M rows, the INSERT and its views", "raw", "with", raw.cpuSecondsPerMillion(),
          f.cpuSecondsPerMillion(), f.cpuSecondsPerMillion() / raw.cpuSecondsPerMillion(), goal);
      row(what + " CPU s per 1M rows, with the merges it caused", "raw", "with", raw.cpuSettledSecondsPerMillion(),
          f.cpuSettledSecondsPerMillion(), f.cpuSettledSecondsPerMillion() / raw.cpuSettledSecondsPerMillion(), goal);
      row(what + " rows/s (wall)", "raw", "with", Math.rint(raw.rowsPerSecond()), Math.rint(f.rowsPerSecond()),
          f.rowsPerSecond() / raw.rowsPerSecond(), "");
    }
    storage.add("");
    storage.add("| target | kind | table | name | rows | bytes on disk | compressed bytes | % of raw |");
    storage.add("|---|---|---|---|---|---|---|---|");
    for (IngestBench.Stored st : result.storage()) {
      storage.add(String.format(Locale.ROOT, "| %s | %s | %s | %s | %,d | %,d | %,d | %.3f |", st.target().label(), st.kind(),
          st.table(), st.name(), st.rows(), st.bytesOnDisk(), st.compressedBytes(), st.percentOfRaw()));
    }
    notes.add("- ingest: each batch size's rounds rotate over the targets (one untimed round first), every target"
        + " receiving the same staged batch; CPU is this process's (the engine runs in it), medians over the rounds");
  }

  /**
   * The dashboard at each of {@code --sizes}: the {@code otel} database dropped and generated afresh
   * (one engine: chDB starts once per process), the advised project published, then every panel raw
   * and through noemata as the full run measures them; the per-size table goes before the notes.
   */
  private void bySize(String hostPort, HttpFrontend frontend, LocalDate first, io.noemata.otel.OtelLayout logsLayout,
      PrintStream out) throws Exception {
    SizeTable table = new SizeTable();
    for (long n : sizes) {
      OtelDataSpec spec = new OtelDataSpec("otel", n, n, first, days, logsLayout);
      try (Connection setup = DriverManager.getConnection("jdbc:clickhouse://" + hostPort + "/default", "default", "");
           Statement s = setup.createStatement()) {
        // not SYNC: chDB's DROP DATABASE ... SYNC waited forever here after a size's dashboard; an
        // Atomic database's tables are detached at once and their data removed in the background
        s.execute("DROP DATABASE IF EXISTS otel");
        out.printf(Locale.ROOT, "generating %,d logs and %,d spans ...%n", n, n);
        long t0 = System.nanoTime();
        new OtelDataGenerator(spec).generate(s::execute, new CliProgress(out)::advance);
        double seconds = (System.nanoTime() - t0) / 1e9;
        notes.add(String.format(Locale.ROOT, "- %,d rows: generated %,d rows (both tables) in %.0f s, %,.0f rows/s", n, 2 * n,
            seconds, 2 * n / seconds));
      }
      try (Connection plain = DriverManager.getConnection("jdbc:clickhouse://" + hostPort + "/otel", "default", "");
           Connection noemata = DriverManager.getConnection("jdbc:noemata:clickhouse://" + hostPort + "/otel", "default", "")) {
        settle(plain, String.format(Locale.ROOT, "%,d generated rows", n));
        double seconds = advised(plain);
        notes.add(String.format(Locale.ROOT, "- %,d rows: the publish (its backfills read both tables) went through %,.0f source"
            + " rows/s", n, 2 * n / seconds));
        settle(plain, "the advised project's backfills");
        notes.add(String.format(Locale.ROOT, "- %,d rows: storage %s", n, storageLine(plain)));
        noemata.unwrap(NoemataConnection.class).invalidateCatalog();
        DashboardRun run = new DashboardRun(plain, noemata, frontend.queryLog(), n > 20_000_000 ? 3 : 5);
        List<PanelResult> results = new ArrayList<>();
        for (DashboardQuery q : Dashboard.panels(spec)) {
          PanelResult r = run.run(q);
          results.add(r);
          out.printf(Locale.ROOT, "%,d rows: %s %s %.2fx%n", n, q.panel(), r.accelerated() ? "accelerated" : "raw", r.speedup());
        }
        table.add(n, results);
      }
    }
    storage.add("");
    storage.addAll(table.lines());
    List<String> misses = table.misses();
    notes.add(misses.isEmpty() ? "- sizes: no accelerated panel below 1.0x at any size, every answer raw's"
        : "- sizes: MISSED: " + String.join("; ", misses));
    notes.add("- sizes: each cell is the median of interleaved raw and noemata runs (raw ms / noemata ms); 'raw' where"
        + " noemata sent the query as written");
  }

  /** Lets the engine finish merging what was just written before the next figures (noted with how long it took). */
  private void settle(Connection c, String what) throws Exception {
    Duration waited = Settle.await(c, Duration.ofMinutes(15));
    notes.add(String.format(Locale.ROOT, "- waited %.0f s for the engine's background merges of %s", waited.toMillis() / 1e3,
        what));
  }

  private void finish(PrintStream out) throws Exception {
    lines.addAll(storage);
    lines.add("");
    lines.addAll(notes);
    out.println();
    lines.forEach(out::println);
    if (report != null) {
      Files.writeString(report, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }
  }

  /**
   * Answers of 1 to 100,000 rows through clickhouse-jdbc beside the plain JDK HTTP client; returns
   * whether a fault showed (a size over 2x a neighbour, or over 2x the plain client).
   */
  private boolean transport(Connection jdbc, String httpUrl) throws Exception {
    List<Transport.Size> sizes = Transport.measure(jdbc, httpUrl, 15);
    for (Transport.Size size : sizes) {
      row(String.format(Locale.ROOT, "transport: %,d rows (median ms)", size.rows()), "JDK HTTP client", "clickhouse-jdbc",
          size.httpMs(), size.jdbcMs(), size.ratio(), "<= 2");
    }
    List<String> faults = Transport.faults(sizes);
    faults.forEach(f -> notes.add("- transport fault: " + f));
    if (faults.isEmpty()) {
      notes.add("- transport: no size more than 2x a neighbour, none more than 2x the plain HTTP client");
    }
    return !faults.isEmpty();
  }

  /**
   * noemata's cost on queries it does not rewrite: B/A of medians, goal at most 1.02. Measured once
   * the JIT has compiled both paths ({@link #WARM_STATEMENTS} untimed rounds first, as many timed):
   * the transport rounds before have warmed clickhouse-jdbc's, and a driver serves far more
   * statements than that; the planner's cold cost is JMH's figure ({@code PlanningBenchmark}).
   */
  private void passThrough(Connection plain, Connection noemata) throws Exception {
    Interleaved.Result one = Interleaved.measure(() -> drain(plain, "SELECT 1"), () -> drain(noemata, "SELECT 1"),
        Math.max(rounds / 4, WARM_STATEMENTS), Math.max(rounds, WARM_STATEMENTS));
    row("pass-through `SELECT 1` (median ms)", "clickhouse-jdbc", "noemata", one.aMedianMs(), one.bMedianMs(), one.ratio(), "<= 1.02");
    String sql = "SELECT SpanKind, count() FROM otel.otel_traces WHERE Duration > 1000000000 GROUP BY SpanKind ORDER BY SpanKind";
    // 100 pairs: at 30 a ~40 ms raw scan's median moved by 5-13% between runs of the same code
    Interleaved.Result q = Interleaved.measure(() -> drain(plain, sql), () -> drain(noemata, sql), 10, 100);
    row("pass-through corpus-shaped query (median ms)", "clickhouse-jdbc", "noemata", q.aMedianMs(), q.bMedianMs(), q.ratio(), "<= 1.02");
  }

  /**
   * Publishes the demo project, timing the minute rollup's backfill, then fills a table of the same
   * shape with one bare INSERT ... SELECT ... GROUP BY over the same rows: rate ratio, goal >= 0.5.
   */
  private void backfill(Connection plain) throws Exception {
    Path project = DemoProject.writeTo(Files.createTempDirectory("noemata-bench-project-"));
    long[] span = new long[2];
    Progress timing = new Progress() {
      @Override
      public void step(String line) {
        if (line.startsWith("backfill logs_1m") && span[0] == 0) {
          span[0] = System.nanoTime();
        }
      }

      @Override
      public void advance(String task, long done, long total) {
        if (task.equals("backfill logs_1m") && done == total) {
          span[1] = System.nanoTime();
        }
      }
    };
    Publish.run(ProjectReader.read(project), plain, InstallOptions.defaults("noemata-bench", timing).withCutoverDelay(CUTOVER_DELAY), false);
    String target = SystemTables.tables(plain, new Scope.Databases(java.util.Set.of("otel"))).stream()
        .filter(t -> t.name().startsWith(Names.stableView("noemata", "logs", "logs_1m") + "__")
            && !t.name().endsWith(Names.materializedView(""))
            && t.engine().equals("AggregatingMergeTree")).map(SystemTable::name).findFirst().orElseThrow();
    long bare;
    try (Statement s = plain.createStatement()) {
      s.execute("CREATE TABLE otel.bench_bare AS otel.`" + target + "`");
      long t0 = System.nanoTime();
      s.execute("INSERT INTO otel.bench_bare SELECT ServiceName, SeverityText, toStartOfMinute(Timestamp) AS bucket, count(),"
          + " countIf(SeverityNumber >= 17), uniqState(TraceId) FROM otel.otel_logs GROUP BY ServiceName, SeverityText, bucket");
      bare = System.nanoTime() - t0;
      s.execute("DROP TABLE otel.bench_bare");
    }
    double backfillS = (span[1] - span[0]) / 1e9;
    double bareS = bare / 1e9;
    row("backfill `logs_1m` (s)", "bare INSERT SELECT", "noemata backfill", bareS, backfillS, span[1] > span[0] ? bareS / backfillS : Double.NaN, ">= 0.5");
  }

  /**
   * The dashboard is measured on the project {@code noemata advise} proposes for it (shipped with
   * the CLI, as the demo installs it): published over the hand-written one, which it retires. Notes
   * how long the publish took and returns those seconds.
   */
  private double advised(Connection plain) throws Exception {
    Path project = DemoProject.writeAdvisedFramesTo(Files.createTempDirectory("noemata-bench-advised-"));
    Files.writeString(project.resolve(DemoProject.ADVISED_FILE), DemoProject.advisedResources(), StandardCharsets.UTF_8);
    long t0 = System.nanoTime();
    Publish.run(ProjectReader.read(project), plain, InstallOptions.defaults("noemata-bench", Progress.QUIET)
        .withCutoverDelay(CUTOVER_DELAY), false);
    double seconds = (System.nanoTime() - t0) / 1e9;
    notes.add(String.format(Locale.ROOT, "- the advised project published in %.1f s; the dashboard and the 7-day panel read it",
        seconds));
    return seconds;
  }

  /** Bytes on disk of the two source tables and of every table the advised project made beside them. */
  private static String storageLine(Connection plain) throws Exception {
    try (Statement s = plain.createStatement(); ResultSet rs = s.executeQuery("SELECT"
        + " sumIf(bytes_on_disk, table IN ('otel_logs', 'otel_traces')), sumIf(bytes_on_disk, table NOT IN ('otel_logs',"
        + " 'otel_traces')), countDistinctIf(table, table NOT IN ('otel_logs', 'otel_traces'))"
        + " FROM system.parts WHERE active AND database = 'otel'")) {
      rs.next();
      long raw = rs.getLong(1);
      long made = rs.getLong(2);
      return String.format(Locale.ROOT, "%.2f GB in otel_logs and otel_traces, %.1f MB (%.3f%%) in the %d tables the"
          + " advised project made", raw / 1e9, made / 1e6, raw == 0 ? 0 : 100.0 * made / raw, rs.getLong(3));
    }
  }

  /** A Map-subscript filter, raw vs through noemata (stored column, bloom index, projection): A/B, goal >= 5. */
  private void mapFilter(Connection plain, Connection noemata) throws Exception {
    String pod;
    try (Statement s = plain.createStatement(); ResultSet rs = s.executeQuery(
        "SELECT `__otel_materialized_k8s.pod.name` FROM otel.otel_logs WHERE `__otel_materialized_k8s.pod.name` != '' LIMIT 1")) {
      rs.next();
      pod = rs.getString(1);
    }
    String sql = "SELECT count() FROM otel.otel_logs WHERE ResourceAttributes['k8s.pod.name'] = '" + pod.replace("'", "") + "'";
    // raw runs take tens of seconds at 50M rows: fewer rounds there, same interleaving
    Interleaved.Result r = Interleaved.measure(() -> drain(plain, sql), () -> drain(noemata, sql), 1, rows > 20_000_000 ? 5 : 15);
    row("Map-subscript filter (median ms)", "raw", "noemata", r.aMedianMs(), r.bMedianMs(), 1 / r.ratio(), ">= 5 (A/B)");
  }

  /**
   * The read path against its floor: a 7-day hourly panel through noemata (read from the hourly
   * rollup) beside {@code SELECT 1} on plain clickhouse-jdbc, the cost of a round trip: B/A, goal <= 3.
   */
  private void floor(Connection plain, Connection noemata, OtelDataSpec spec) throws Exception {
    String sql = Dashboard.sevenDayHourly(spec).sql();
    try (Statement s = noemata.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      var uses = s.unwrap(io.noemata.driver.NoemataStatement.class).provenance().rollups();
      if (uses.stream().noneMatch(u -> u instanceof ResourceUse.Rollup read && read.rollup().equals("logs_1h")
          && !read.rawEdges())) {
        notes.add("- 7-day hourly panel: noemata did not read logs_1h from whole buckets: " + uses);
      }
    }
    // at least 200 pairs: a ~10 ms read on a shared machine needs them for a steady median; as many
    // untimed first, as the pass-through figure warms its paths: SELECT 1's is warm by now, while the
    // panel's (decoding its 1,344 rows of DateTime and LowCardinality, the rewrite) has run once
    Interleaved.Result r = Interleaved.measure(() -> drain(plain, "SELECT 1"), () -> drain(noemata, sql),
        Math.max(rounds / 2, 200), Math.max(rounds / 2, 200));
    row("7-day hourly panel through noemata vs `SELECT 1` (median ms)", "SELECT 1", "panel", r.aMedianMs(), r.bMedianMs(),
        r.ratio(), "<= 3");
  }

  /** The demo's dashboard: median speedup over the accelerated panels (goal >= 50) and rows read (goal >= 1000). */
  private void dashboard(Connection plain, Connection noemata, HttpFrontend frontend, OtelDataSpec spec) throws Exception {
    DashboardRun run = new DashboardRun(plain, noemata, frontend.queryLog(), rows > 20_000_000 ? 3 : 5);
    List<PanelResult> results = new ArrayList<>();
    for (DashboardQuery q : Dashboard.panels(spec)) {
      PanelResult r = run.run(q);
      results.add(r);
      row("panel: " + q.panel() + (r.accelerated() ? "" : " (not accelerated)") + (r.difference() == null ? "" : " DIFFERENT"),
          "raw ms", "noemata ms", r.rawMs(), r.proxiedMs(), r.speedup(), "");
    }
    double[] speedups = results.stream().filter(PanelResult::accelerated).mapToDouble(PanelResult::speedup).sorted().toArray();
    long rawRows = results.stream().filter(PanelResult::accelerated).mapToLong(PanelResult::rawRowsRead).sum();
    long proxiedRows = results.stream().filter(PanelResult::accelerated).mapToLong(PanelResult::proxiedRowsRead).sum();
    row("dashboard: median speedup of accelerated panels", "", "", 0, 0, median(speedups), ">= 50");
    double[] rowRatios = results.stream().filter(PanelResult::accelerated)
        .mapToDouble(PanelResult::rowsReadRatio).sorted().toArray();
    row("dashboard: median rows read raw / noemata of accelerated panels", "", "", 0, 0, median(rowRatios), ">= 1000");
    row("dashboard: rows read by accelerated panels, all together (raw / noemata)", "raw", "noemata", rawRows,
        proxiedRows, proxiedRows == 0 ? Double.NaN : (double) rawRows / proxiedRows, "");
  }

  /**
   * noemata's own requests (its catalog reads) per 1,000 statements, with the advised project
   * installed: 1,000 dashboard statements over 50 connections, each opened as Spark opens one per
   * partition, with a catalog cache of their own (a TTL nothing else uses). Every request the front
   * end receives beside the statements is noemata's; goal: one catalog read for them all.
   */
  private void catalogRoundTrips(String hostPort, HttpFrontend frontend, OtelDataSpec spec) throws Exception {
    List<DashboardQuery> panels = Dashboard.panels(spec).stream().filter(DashboardQuery::expectAccelerated).toList();
    String url = "jdbc:noemata:clickhouse://" + hostPort + "/otel?noemata.catalog.ttl=3599s";
    CatalogCache catalogs = CatalogCache.shared(Duration.ofSeconds(3599), Duration.ofMillis(1_799_500), null);
    long reads = catalogs.loads();
    long mark = frontend.queryLog().mark();
    int statements = 0;
    for (int c = 0; c < 50; c++) {
      try (Connection conn = DriverManager.getConnection(url, "default", "")) {
        for (int i = 0; i < 20; i++) {
          drain(conn, panels.get(statements++ % panels.size()).sql());
        }
      }
    }
    long noemata = frontend.queryLog().mark() - mark - statements;
    reads = catalogs.loads() - reads;
    row("catalog: noemata's requests per 1,000 statements (50 connections, " + reads + " catalog read" + (reads == 1 ? ")" : "s)"),
        "statements", "noemata's requests", statements,
        noemata, noemata * 1000.0 / statements, "one catalog read");
  }

  /**
   * {@code noemata proxy} (its own JVM, {@value ProxyBench#HEAP_MB} MiB of heap) beside direct:
   * {@code SELECT 1} (goal <= 1.25x, and the added microseconds), 100,000 rows (<= 1.05x) through
   * clickhouse-jdbc, an INSERT of 1,000,000 CSV rows through the JDK HTTP client (<= 1.05x).
   */
  private void proxyTransport(ProxyBench proxy, HttpFrontend frontend) throws Exception {
    String direct = "jdbc:clickhouse://127.0.0.1:" + frontend.port() + "/default";
    try (Connection plain = DriverManager.getConnection(direct, "default", ""); Connection relayed = proxy.connectRelay("default");
         Connection proxied = proxy.connect("default")) {
      ProxyBench.Three one = proxy.selectOne(plain, relayed, proxied, PROXY_WARM_STATEMENTS, Math.max(rounds, WARM_STATEMENTS));
      proxyRows("`SELECT 1` through clickhouse-jdbc", one, "<= 1.25");
      notes.add(String.format(Locale.ROOT, "- proxy: `SELECT 1` costs %.0f us more through the proxy, %.0f us more through a"
          + " byte relay (any process in between; medians)", (one.proxyMs() - one.directMs()) * 1000,
          (one.relayMs() - one.directMs()) * 1000));
      proxyRows("100,000-row result through clickhouse-jdbc", proxy.rows100k(plain, relayed, proxied), "<= 1.05");
      proxyRows("INSERT of 1,000,000 CSV rows, one POST", proxy.insert1m(frontend.url(), plain), "<= 1.05");
    }
  }

  /** The proxy's row with its goal, and beside it the byte relay's: the floor the goal is read against. */
  private void proxyRows(String figure, ProxyBench.Three t, String goal) {
    row("proxy: " + figure + " (median ms)", "direct", "proxy", t.directMs(), t.proxyMs(), t.proxyRatio(), goal);
    row("floor: " + figure + " through a byte relay (median ms)", "direct", "relay", t.directMs(), t.relayMs(), t.relayRatio(),
        "(none: the floor)");
    row("CPU per statement: " + figure + " (ms, the front's JVM, all threads)", "relay", "proxy", t.relayCpuMs(), t.proxyCpuMs(),
        t.proxyCpuMs() / t.relayCpuMs(), "(none: where the time goes)");
  }

  /** The dashboard's panels raw, through the driver and through the proxy: the proxy's speedups within 10% of the driver's. */
  private void proxyPanels(ProxyBench proxy, Connection plain, Connection noemata, HttpFrontend frontend, OtelDataSpec spec)
      throws Exception {
    int within = 0;
    int accelerated = 0;
    String relayed = "jdbc:noemata:clickhouse://" + proxy.relayUrl().substring("http://".length()) + "/otel";
    try (Connection proxied = proxy.connect("otel"); Connection viaRelay = DriverManager.getConnection(relayed, "default", "")) {
      List<String> fast = Dashboard.panels(spec).stream().filter(DashboardQuery::expectAccelerated).map(DashboardQuery::sql).toList();
      // the driver's and the proxy's planning paths warmed alike; the relayed driver is the driver's code
      ProxyBench.Warmed w = proxy.warmPanels(fast, List.of(noemata, proxied));
      notes.add(String.format(Locale.ROOT, "- proxy panels: first %,d accelerated panels untimed through the driver and the"
          + " proxy (its JIT done); the proxy's CPU per statement in each %,d: %s ms", w.statements(), ProxyBench.WARM_BLOCK,
          Arrays.stream(w.cpuMsPerBlock()).mapToObj(v -> String.format(Locale.ROOT, "%.2f", v))
              .collect(java.util.stream.Collectors.joining(", "))));
      for (DashboardQuery q : Dashboard.panels(spec)) {
        ProxyBench.Panel p = ProxyBench.panel(q, plain, noemata, proxied, viaRelay, frontend.queryLog(),
            rows > 20_000_000 ? 3 : 5, 41);
        row("proxy panel: " + p.name() + (p.sameText() ? "" : " (NOT the driver's text)") + String.format(Locale.ROOT,
            ", raw %.1f ms; speedup driver %.2fx, proxy %.2fx; the driver through the byte relay %.3f ms (%.3f)",
            p.rawMs(), p.driverSpeedup(), p.proxySpeedup(), p.relayedMs(), p.relayedMs() / p.driverMs()),
            "driver ms", "proxy ms", p.driverMs(), p.proxyMs(), p.proxyMs() / p.driverMs(), "speedups within 10%");
        if (p.driverSpeedup() > 1.5) {
          accelerated++;
          within += p.gap() <= 0.10 && p.sameText() ? 1 : 0;
        }
      }
    }
    row("proxy: accelerated panels whose speedup is within 10% of the driver's", "", "", accelerated, within,
        accelerated == 0 ? Double.NaN : (double) within / accelerated, "1.000");
  }

  /** A result and an INSERT of {@code --proxy-gb} GB through the proxy, then its peak heap as it reports it at SIGTERM. */
  private void proxyHeap(ProxyBench proxy, HttpFrontend frontend) throws Exception {
    long out = proxy.bigResult(proxyGb);
    try (Connection plain = DriverManager.getConnection("jdbc:clickhouse://127.0.0.1:" + frontend.port() + "/default", "default", "")) {
      long in = proxy.bigInsert(proxyGb, plain);
      double peak = proxy.stop();
      row(String.format(Locale.ROOT, "proxy: peak heap (MiB) after a %.2f GB result and a %.2f GB INSERT, -Xmx%dm",
          out / 1e9, in / 1e9, ProxyBench.HEAP_MB), "", "", 0, peak, peak / 64, "< 64 MiB");
    }
  }

  private void row(String figure, String a, String b, double av, double bv, double ratio, String goal) {
    String line = String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %.3f | %s |", figure, a, b, fmt(av), fmt(bv), ratio, goal);
    lines.add(line);
    System.out.println(line);
  }

  private static String fmt(double v) {
    return v == Math.rint(v) && Math.abs(v) >= 1000 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.3f", v);
  }

  private static double median(double[] sorted) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    double[] s = Arrays.copyOf(sorted, sorted.length);
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  private static void drain(Connection c, String sql) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        rs.getObject(1);
      }
    }
  }
}

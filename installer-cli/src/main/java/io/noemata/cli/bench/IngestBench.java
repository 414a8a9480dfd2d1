package io.noemata.cli.bench;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import io.noemata.core.sql.Literals;
import io.noemata.core.system.Scope;
import io.noemata.core.system.SystemStorage;
import io.noemata.core.system.SystemTables;
import io.noemata.installer.steps.InstallOptions;
import io.noemata.installer.steps.Progress;
import io.noemata.installer.steps.Publish;
import io.noemata.otel.OtelDataGenerator;
import io.noemata.otel.OtelDataSpec;
import io.noemata.otel.OtelLayout;
import io.noemata.otel.OtelSchema;
import io.noemata.resources.parse.ProjectReader;

/**
 * What the accelerators cost at ingest: the same exporter-sized batches inserted into the
 * exporter's tables set up each {@link IngestTarget}'s way, round by round in rotation
 * ({@link Interleaved#rotate}), so every target sees the same machine; then each target's storage.
 *
 * <p>The rows are generated once by the demo's generator (stamped tomorrow, so every view takes
 * them: the views take rows at or after their cutover) into a staging table sorted by batch
 * number; every target receives batch {@code r} in round {@code r}, one {@code INSERT ... SELECT}
 * reading only that batch, as the exporter's insert of a block would arrive. The first round is
 * untimed.
 *
 * <p>CPU: the engine runs in this process and nothing else in it works during a round, so the
 * process's CPU time ({@code OperatingSystemMXBean.getProcessCpuTime}, all threads, native ones
 * included; the JDK reads it from times(2), so it moves in 10 ms ticks: summed over every timed
 * batch, never a median) around the statement is the insert's and its views'; measured again once
 * the engine's background merges are idle, it adds the merges the insert caused (a merge the
 * selector schedules only later falls into a later turn, as often another target's).
 */
public final class IngestBench {

  /**
   * One batch size and how many timed rounds of it. Each target's turn inserts {@link #perTurn}
   * batches one after the other, at least 50,000 rows (the exporter sends a stream of them): the
   * process CPU clock ticks in 10 ms, so a turn must last well over that for its CPU to mean anything.
   */
  public record Size(long batchRows, int rounds) {
    public int perTurn() {
      return (int) Math.max(1, Math.min(10, 50_000 / batchRows));
    }
  }

  /**
   * One target, one table, one batch size: the median wall time of a batch's INSERT, and CPU per
   * batch as the mean over every timed batch (the clock's 10 ms ticks average out in a sum; a
   * median would keep them).
   */
  public record Figure(String table, long batchRows, IngestTarget target, double wallMs, double cpuMs, double cpuSettledMs) {
    public double rowsPerSecond() {
      return batchRows / (wallMs / 1e3);
    }

    /** CPU seconds per million rows of the statement (the insert and its views). */
    public double cpuSecondsPerMillion() {
      return cpuMs / 1e3 / batchRows * 1e6;
    }

    /** CPU seconds per million rows including the background merges the insert caused. */
    public double cpuSettledSecondsPerMillion() {
      return cpuSettledMs / 1e3 / batchRows * 1e6;
    }
  }

  /** One stored object of a target after the run: a raw table, a rollup, a projection, a stored column. */
  public record Stored(IngestTarget target, String kind, String table, String name, long rows, long bytesOnDisk,
      long compressedBytes, long rawBytesOnDisk) {
    public double percentOfRaw() {
      return rawBytesOnDisk == 0 ? Double.NaN : 100.0 * bytesOnDisk / rawBytesOnDisk;
    }
  }

  public record Result(List<Figure> figures, List<Stored> storage) {}

  private static final String STAGE = "ingest_stage";
  private static final List<String> TABLES = List.of(OtelSchema.LOGS, OtelSchema.TRACES);

  private final Connection c;
  private final OtelLayout layout;
  private final List<IngestTarget> targets;
  private final Consumer<String> progress;

  public IngestBench(Connection c, OtelLayout layout, List<IngestTarget> targets, Consumer<String> progress) {
    this.c = c;
    this.layout = layout;
    this.targets = targets;
    this.progress = progress;
  }

  public Result run(List<Size> sizes) throws Exception {
    setUp();
    List<Figure> figures = new ArrayList<>();
    for (Size size : sizes) {
      stage(size);
      for (String table : TABLES) {
        figures.addAll(measure(table, size));
      }
    }
    Settle.await(c, Duration.ofMinutes(5));
    return new Result(figures, storage());
  }

  private void setUp() throws Exception {
    for (IngestTarget t : targets) {
      execute("DROP DATABASE IF EXISTS " + Literals.identifier(t.database()));
      for (String ddl : OtelSchema.createStatements(t.database(), layout)) {
        execute(ddl);
      }
      if (!t.isRaw()) {
        progress.accept("publishing " + t.label() + " on " + t.database());
        Publish.run(ProjectReader.read(t.writeProject(Files.createTempDirectory("noemata-ingest-"))), c,
            InstallOptions.defaults("noemata-bench-ingest", Progress.QUIET).withCutoverDelay(Duration.ZERO), false);
      }
    }
  }

  /** The batches of one size, generated once: {@code ingest_stage.<table>_<rows>}, sorted by batch. */
  private void stage(Size size) throws Exception {
    long b = size.batchRows();
    int batches = (size.rounds() + 1) * size.perTurn();
    OtelDataSpec spec = new OtelDataSpec(STAGE, b * batches, b * batches, LocalDate.now(ZoneOffset.UTC).plusDays(1), 1, layout);
    OtelDataGenerator gen = new OtelDataGenerator(spec);
    execute("CREATE DATABASE IF NOT EXISTS " + STAGE);
    progress.accept(String.format(java.util.Locale.ROOT, "staging %d batches of %,d logs and spans", batches, b));
    for (String table : TABLES) {
      String stage = Literals.qualified(STAGE, table + "_" + b);
      String raw = Literals.qualified(targets.get(0).database(), table);
      String columns = insertColumns(table);
      execute("DROP TABLE IF EXISTS " + stage);
      execute("CREATE TABLE " + stage + " ENGINE = MergeTree ORDER BY batch AS SELECT toUInt32(0) AS batch, " + columns
          + " FROM " + raw + " WHERE 0");
      for (int k = 0; k < batches; k++) {
        String chunk = chunk(gen, table, k * b, b);
        int select = chunk.indexOf("\nSELECT ");
        execute("INSERT INTO " + stage + " (batch, " + columns + ")\nSELECT toUInt32(" + k + "), "
            + chunk.substring(select + "\nSELECT ".length()));
      }
    }
    Settle.await(c, Duration.ofMinutes(5));
  }

  /** The generator's INSERT ... SELECT of {@code count} rows of {@code table} from {@code offset}. */
  private static String chunk(OtelDataGenerator gen, String table, long offset, long count) {
    return table.equals(OtelSchema.LOGS) ? gen.logsChunk(offset, count) : gen.spansChunk(offset, count);
  }

  /** The columns the generator writes into {@code table}, read off a one-row INSERT of it. */
  private String insertColumns(String table) {
    return columns(chunk(new OtelDataGenerator(new OtelDataSpec(STAGE, 1, 1, LocalDate.now(ZoneOffset.UTC), 1, layout)), table, 0, 1));
  }

  /** The column list of the generator's INSERT: what the exporter writes (never the MATERIALIZED or DEFAULT ones). */
  static String columns(String insert) {
    int open = insert.indexOf('(');
    return insert.substring(open + 1, insert.indexOf(")\nSELECT", open));
  }

  private List<Figure> measure(String table, Size size) throws Exception {
    long b = size.batchRows();
    int n = targets.size();
    int rounds = size.rounds() + 1;
    int perTurn = size.perTurn();
    double[][] wall = new double[n][size.rounds() * perTurn];
    long[] cpu = new long[n];
    long[] settled = new long[n];
    String stage = Literals.qualified(STAGE, table + "_" + b);
    String columns = insertColumns(table);
    progress.accept(String.format(java.util.Locale.ROOT, "inserting %s in %,d-row batches, %d rounds x %d targets x %d batches",
        table, b, rounds, n, perTurn));
    Settle.await(c, Duration.ofMinutes(5));
    Interleaved.rotate(n, rounds, (r, which) -> {
      long cpu0 = processCpuNanos();
      long statements = 0;
      for (int j = 0; j < perTurn; j++) {
        String sql = "INSERT INTO " + Literals.qualified(targets.get(which).database(), table) + " (" + columns + ")\nSELECT "
            + columns + " FROM " + stage + " WHERE batch = " + (r * perTurn + j);
        long cpu1 = processCpuNanos();
        long t0 = System.nanoTime();
        execute(sql);
        long t1 = System.nanoTime();
        statements += processCpuNanos() - cpu1;
        if (r > 0) {
          wall[which][(r - 1) * perTurn + j] = (t1 - t0) / 1e6;
        }
      }
      Settle.quiet(c);
      long cpu2 = processCpuNanos();
      if (r > 0) {
        cpu[which] += statements;
        settled[which] += cpu2 - cpu0;
      }
    });
    List<Figure> out = new ArrayList<>();
    double timed = (double) size.rounds() * perTurn * 1e6;
    for (int k = 0; k < n; k++) {
      out.add(new Figure(table, b, targets.get(k), Interleaved.median(wall[k]), cpu[k] / timed, settled[k] / timed));
    }
    return out;
  }

  /** Every target's active parts per table, its projections' parts, and the stored columns the raw target lacks. */
  private List<Stored> storage() throws SQLException {
    List<Stored> out = new ArrayList<>();
    IngestTarget raw = targets.get(0);
    List<String> rawColumns = new ArrayList<>();
    for (SystemStorage col : SystemTables.columnStorage(c, new Scope.Databases(Set.of(raw.database())))) {
      rawColumns.add(col.table() + "." + col.name());
    }
    long[] rawBytes = new long[2]; // the raw target's tables: every share is of the table without accelerators
    for (IngestTarget t : targets) {
      Scope db = new Scope.Databases(Set.of(t.database()));
      List<Stored> mine = new ArrayList<>();
      for (SystemStorage p : SystemTables.tableStorage(c, db)) {
        boolean isRaw = TABLES.contains(p.table());
        if (!isRaw && !p.table().contains("_rollup_")) {
          continue; // the installer's ledger, lock and objects tables: bookkeeping, not an accelerator
        }
        if (isRaw && t.isRaw()) {
          rawBytes[TABLES.indexOf(p.table())] = p.bytesOnDisk();
        }
        mine.add(new Stored(t, isRaw ? "raw table" : "rollup", p.table(), "", p.rows(), p.bytesOnDisk(),
            p.compressedBytes(), 0));
      }
      for (SystemStorage p : SystemTables.projectionStorage(c, db)) {
        mine.add(new Stored(t, "projection", p.table(), p.name(), p.rows(), p.bytesOnDisk(), p.compressedBytes(), 0));
      }
      for (SystemStorage col : SystemTables.columnStorage(c, db)) {
        if (!t.isRaw() && TABLES.contains(col.table()) && !rawColumns.contains(col.table() + "." + col.name())) {
          mine.add(new Stored(t, "stored column", col.table(), col.name(), 0, col.bytesOnDisk(), col.compressedBytes(),
              0));
        }
      }
      for (Stored m : mine) {
        // a rollup's or projection's share of the raw table it is built on (rollup names carry the frame alias)
        int source = m.table().equals(OtelSchema.TRACES) || m.table().contains("_rollup_spans") ? 1 : 0;
        out.add(new Stored(m.target(), m.kind(), m.table(), m.name(), m.rows(), m.bytesOnDisk(), m.compressedBytes(),
            rawBytes[source]));
      }
    }
    return out;
  }

  private static long processCpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
  }

  private void execute(String sql) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}

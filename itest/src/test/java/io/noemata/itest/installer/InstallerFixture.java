package io.noemata.itest.installer;

import io.noemata.installer.plan.Plan;
import io.noemata.installer.steps.InstallOptions;
import io.noemata.installer.steps.Progress;
import io.noemata.installer.steps.Publish;
import io.noemata.itest.ClickHouseTarget;
import io.noemata.itest.RepositoryFiles;
import io.noemata.otel.OtelDataGenerator;
import io.noemata.otel.OtelDataSpec;
import io.noemata.resources.parse.ProjectReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * A database of OTel tables filled by the generator over the three days before today (so the
 * example's 30-day retention keeps them), and a copy of the example project pointing at it.
 */
final class InstallerFixture {

  static final ClickHouseTarget TARGET = ClickHouseTarget.get();

  final String db;
  final Path project;
  /** The generator's first day: tests derive their windows from it, not from a clock that may pass midnight. */
  final LocalDate first;

  InstallerFixture(String db, Path dir, long rows) throws Exception {
    this.db = db;
    this.project = copy(RepositoryFiles.EXAMPLE, dir, db);
    this.first = LocalDate.now(ZoneOffset.UTC).minusDays(3);
    try (Connection c = TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + db);
      new OtelDataGenerator(new OtelDataSpec(db, rows, rows, first, 3)).generate(s::execute, (t, d, n) -> { });
      // the generator's boundary rows lie in the future; a row stamped after the cutover but
      // inserted before the view existed is by design in neither the view nor the backfill
      s.execute("ALTER TABLE " + db + ".otel_logs DELETE WHERE Timestamp > now() SETTINGS mutations_sync = 2");
    }
  }

  /** A copy of {@code from} whose frames read {@code db} instead of {@code otel}. */
  static Path copy(Path from, Path to, String db) throws IOException {
    try (Stream<Path> files = Files.walk(from)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        Path dest = to.resolve(from.relativize(p).toString());
        Files.createDirectories(dest.getParent());
        Files.writeString(dest, Files.readString(p).replace("\"otel.otel_", "\"" + db + ".otel_"));
      }
    }
    return to;
  }

  /**
   * The example project for corpus runs over the corpus days, reading {@code db}: its rollups kept
   * for the whole data (retention and async left out of the copy).
   */
  static Path corpusExample(Path to, String db) throws IOException {
    Path project = copy(io.noemata.itest.RepositoryFiles.EXAMPLE, to, db);
    try (Stream<Path> files = Files.walk(project)) {
      for (Path p : files.filter(f -> f.toString().endsWith(".resources.json")).toList()) {
        Files.writeString(p, Files.readString(p).replaceAll(",\\s*\"retention\": \"\\w+\"", "").replaceAll(",\\s*\"async\": true", ""));
      }
    }
    return project;
  }

  /**
   * Options for a publish: a cutover delay of one second, not none. The delay is also the margin a
   * ladder has: {@code logs_1h} is fed from {@code logs_1m}, and its cutover is planned after the
   * 1m view is created; once the 1m cutover has passed by then, the 1m target may be receiving
   * rows, so the 1h cutover is the next minute (Cutovers.choose) and the publish waits up to 60 s
   * for it. With no delay the 1m cutover is the next whole second, and a slow DDL round crosses it
   * in a good share of publishes; a second's delay costs about two seconds of waiting.
   */
  static InstallOptions options(String holder) {
    return InstallOptions.defaults(holder, Progress.QUIET).withCutoverDelay(Duration.ofSeconds(1));
  }

  Plan publish() throws Exception {
    return publish(options("itest@" + db));
  }

  Plan publish(InstallOptions options) throws Exception {
    try (Connection c = TARGET.connect(db)) {
      return Publish.run(ProjectReader.read(project), c, options, false);
    }
  }

  Connection connect() throws Exception {
    return TARGET.connect(db);
  }

  /** A noemata connection to this database with extra properties as name, value pairs. */
  Connection driver(String... props) throws java.sql.SQLException {
    java.util.Properties p = TARGET.credentials();
    for (int i = 0; i < props.length; i += 2) {
      p.setProperty(props[i], props[i + 1]);
    }
    return java.sql.DriverManager.getConnection("jdbc:noemata:clickhouse://" + TARGET.hostPort() + "/" + db, p);
  }

  /** The first two columns of every row of {@code sql}, as {@code a | b}. */
  static List<String> twoColumns(Statement s, String sql) throws java.sql.SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1) + " | " + rs.getString(2));
      }
    }
    return out;
  }

  /** Every row of {@code sql} as text, one string per row. */
  List<String> rows(String sql) throws Exception {
    try (Connection c = connect()) {
      return rows(c, sql);
    }
  }

  /** Every row of {@code sql} on {@code c} as text, one string per row, columns joined by " | ". */
  static List<String> rows(Connection c, String sql) throws java.sql.SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      while (rs.next()) {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          b.append(i == 1 ? "" : " | ").append(rs.getString(i));
        }
        out.add(b.toString());
      }
    }
    return out;
  }

  /** Fails naming the first rows that differ (both ways), not the whole result. */
  static void assertSameRows(List<String> raw, List<String> rollup) {
    if (raw.equals(rollup)) {
      return;
    }
    java.util.Set<String> rawSet = new java.util.HashSet<>(raw);
    java.util.Set<String> rollupSet = new java.util.HashSet<>(rollup);
    List<String> missing = raw.stream().filter(r -> !rollupSet.contains(r)).limit(5).toList();
    List<String> extra = rollup.stream().filter(r -> !rawSet.contains(r)).limit(5).toList();
    throw new AssertionError(raw.size() + " raw rows, " + rollup.size() + " rollup rows; raw only (first 5): "
        + missing + "; rollup only (first 5): " + extra);
  }

  /** The server's clock: checks judge buckets by the clock that stamped the rows. */
  static java.time.Instant serverNow(Connection c) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT toUnixTimestamp64Milli(now64(3))")) {
      rs.next();
      return java.time.Instant.ofEpochMilli(rs.getLong(1));
    }
  }

  long count(String sql) throws Exception {
    try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  void execute(String sql) throws Exception {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }

  /** logs_1m read from its stable view, and the same aggregate from raw rows. */
  List<String> logs1mRollup() throws Exception {
    return rows("SELECT ServiceName, SeverityText, bucket, sum(LogCount), sum(ErrorCount), uniqMerge(UniqTraces)"
        + " FROM " + db + ".noemata_rollup_logs_logs_1m GROUP BY ALL ORDER BY ALL");
  }

  List<String> logs1mRaw() throws Exception {
    return rows("SELECT ServiceName, SeverityText, toStartOfMinute(Timestamp) AS b, count(),"
        + " countIf(SeverityNumber >= 17), uniq(TraceId) FROM " + db + ".otel_logs GROUP BY ALL ORDER BY ALL");
  }

  List<String> logs1hRollup() throws Exception {
    return rows("SELECT ServiceName, bucket, sum(LogCount), sum(ErrorCount) FROM " + db
        + ".noemata_rollup_logs_logs_1h GROUP BY ALL ORDER BY ALL");
  }

  List<String> logs1hRaw() throws Exception {
    return rows("SELECT ServiceName, toStartOfHour(Timestamp) AS b, count(), countIf(SeverityNumber >= 17) FROM "
        + db + ".otel_logs GROUP BY ALL ORDER BY ALL");
  }

  /** spans_1m exact measures: count, sum and count behind avg (the row count: Duration is never NULL), max. */
  List<String> spansRollupExact() throws Exception {
    return rows("SELECT ServiceName, SpanName, SpanKind, StatusCode, bucket, sum(SpanCount), sum(AvgDuration__sum),"
        + " sum(SpanCount), max(MaxDuration), uniqMerge(UniqTraces) FROM " + db
        + ".noemata_rollup_spans_spans_1m GROUP BY ALL ORDER BY ALL");
  }

  List<String> spansRawExact() throws Exception {
    return rows("SELECT ServiceName, SpanName, SpanKind, StatusCode, toStartOfMinute(Timestamp) AS b, count(),"
        + " sum(Duration), count(Duration), max(Duration), uniq(TraceId) FROM " + db
        + ".otel_traces GROUP BY ALL ORDER BY ALL");
  }
}

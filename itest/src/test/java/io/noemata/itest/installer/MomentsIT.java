package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataStatement;
import io.noemata.rewriter.provenance.RollupUse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Moments (issue 31): variance, standard deviation, covariance and correlation declared as rollup
 * measures, stored as states in a 1m rollup and a 1h rollup fed from it, and read with their -Merge
 * through the driver: stddev and variance panels at minute, 15-minute and hour buckets read the
 * rollup the ladder says, in the spellings dashboards send (the server's aliases VAR_SAMP,
 * STDDEV_POP), and equal the raw table's answer within a relative 1e-9 (the states are sums of
 * powers merged by addition, or Welford's moments merged by Chan's formula: the same values summed
 * in another order, so only floating-point rounding differs; see the README's bound). The four
 * var/stddev moments of Duration share one set of plain power sums, whose count is the rollup's
 * row count, and an avg of Duration shares it too.
 */
class MomentsIT {

  static final String DB = "it_moments";
  /** The relative difference allowed between a moment read from a rollup and from raw rows. */
  static final double RELATIVE = 1e-9;
  @TempDir static Path dir;
  static InstallerFixture fx;

  @BeforeAll
  static void publishMoments() throws Exception {
    fx = new InstallerFixture(DB, dir, 200_000);
    Path frame = fx.project.resolve("@frames/opentelemetry/views/traces.frame.json");
    Files.writeString(frame, Files.readString(frame).replace("\"SpanCount\": \"count()\",", "\"SpanCount\": \"count()\","
        + " \"DurationVar\": \"varPop(Duration)\", \"DurationVarSamp\": \"varSamp(Duration)\","
        + " \"DurationStddev\": \"stddevSamp(Duration)\", \"DurationStddevPop\": \"stddevPopStable(Duration)\","
        + " \"DurationCovar\": \"covarSamp(Duration, Duration)\", \"DurationCorr\": \"corr(Duration, Duration)\","
        + " \"DurationAvg\": \"avg(Duration)\","));
    Path resources = fx.project.resolve("@frames/opentelemetry/views/otel.resources.json");
    String moments = "\"DurationVar\", \"DurationVarSamp\", \"DurationStddev\", \"DurationStddevPop\","
        + " \"DurationCovar\", \"DurationCorr\", \"SpanCount\", \"DurationAvg\"";
    Files.writeString(resources, Files.readString(resources).replace("\"spans_1m\": {", "\"moments_1m\": {\"rollup\": {"
        + "\"table\": \"@opentelemetry/views/traces#spans\", \"grain\": \"1m\", \"dimensions\": [\"ServiceName\"],"
        + " \"measures\": [" + moments + "]}},"
        + " \"moments_1h\": {\"rollup\": {\"table\": \"@opentelemetry/views/traces#spans\", \"grain\": \"1h\","
        + " \"dimensions\": [\"ServiceName\"], \"measures\": [" + moments + "], \"from\": \"moments_1m\"}},"
        + " \"spans_1m\": {"));
    fx.publish();
  }

  static String day() {
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    return "Timestamp >= toDateTime('" + today.minusDays(2) + " 00:00:00', 'UTC') AND Timestamp < toDateTime('"
        + today.minusDays(1) + " 00:00:00', 'UTC')";
  }

  /** What a stddev/variance panel sends, by {@code bucket}, over a whole day. */
  static String panel(String bucket, String moments) {
    return "SELECT " + bucket + " AS t, ServiceName, " + moments + " FROM " + DB + ".otel_traces WHERE " + day()
        + " GROUP BY t, ServiceName ORDER BY t, ServiceName";
  }

  record Read(List<List<Object>> rows, List<String> rollups) {}

  static Read read(Connection c, String sql) throws Exception {
    List<List<Object>> rows = new ArrayList<>();
    List<String> read = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        List<Object> row = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
          row.add(i <= 2 ? rs.getString(i) : (Object) rs.getDouble(i));
        }
        rows.add(row);
      }
      if (s.isWrapperFor(NoemataStatement.class)) {
        s.unwrap(NoemataStatement.class).provenance().rollups().stream().filter(RollupUse::read)
            .forEach(u -> read.add(u.rollup()));
      }
    }
    return new Read(rows, read);
  }

  /** The panel through noemata reads {@code rollup} and gives raw's rows, each moment within {@link #RELATIVE}. */
  static void answersFrom(String rollup, String sql) throws Exception {
    Read raw;
    try (Connection c = fx.connect()) {
      raw = read(c, sql);
    }
    Read through;
    try (Connection c = fx.driver()) {
      c.unwrap(NoemataConnection.class).invalidateCatalog();
      through = read(c, sql);
    }
    assertEquals(List.of(rollup), through.rollups(), sql);
    assertTrue(raw.rows().size() > 20, "a panel of many buckets: " + raw.rows().size());
    assertEquals(raw.rows().size(), through.rows().size(), sql);
    double worst = 0;
    for (int r = 0; r < raw.rows().size(); r++) {
      List<Object> a = raw.rows().get(r);
      List<Object> b = through.rows().get(r);
      assertEquals(a.subList(0, 2), b.subList(0, 2), "bucket and service of row " + r);
      for (int i = 2; i < a.size(); i++) {
        double x = (Double) a.get(i);
        double y = (Double) b.get(i);
        if (Double.isNaN(x) || Double.isNaN(y)) {
          assertEquals(Double.isNaN(x), Double.isNaN(y), "row " + r + " column " + (i + 1) + ": " + x + " vs " + y);
          continue; // a sample moment of one value is nan on both sides
        }
        double relative = Math.abs(x - y) / Math.max(Math.abs(x), Double.MIN_NORMAL);
        worst = Math.max(worst, x == y ? 0 : relative);
        assertTrue(x == y || relative <= RELATIVE, "row " + r + " column " + (i + 1) + ": raw " + x + ", rollup " + y);
      }
    }
    System.out.printf("moments from %s: %d rows, largest relative difference %.3g%n", rollup, raw.rows().size(), worst);
  }

  @Test
  void adviseProposesMomentMeasuresForAStddevPanel() throws Exception {
    // the project's frames with their moment measures, and no resources file: what advise starts from
    Path project = Files.createDirectories(dir.resolve("advise"));
    try (var files = Files.walk(fx.project)) {
      for (Path p : files.filter(Files::isRegularFile).filter(f -> !f.toString().endsWith(".resources.json")).toList()) {
        Path to = project.resolve(fx.project.relativize(p).toString());
        Files.createDirectories(to.getParent());
        Files.copy(p, to);
      }
    }
    String sql = panel("toStartOfHour(Timestamp)", "stddevSamp(Duration) AS sd, VAR_POP(Duration) AS v");
    io.noemata.cli.advise.Advice advice;
    try (Connection c = fx.connect()) {
      advice = io.noemata.cli.advise.Advisor.run(project, io.noemata.resources.parse.ProjectReader.read(project)
          .project(), List.of(new io.noemata.cli.advise.WorkloadQuery("Duration stddev", sql, 1, 0)), c, DB,
          io.noemata.installer.steps.Progress.QUIET);
    }
    assertTrue(advice.valid(), advice.hypothesis().report().text());
    String file = advice.resourcesFile();
    assertTrue(file.contains("\"DurationStddev\"") && file.contains("\"DurationVar\""), file);
    assertEquals(1, advice.replays().get(0).rollupsRead().size(), advice.replays().toString());
  }

  @Test
  void stddevAndVariancePanelsReadTheHourRollupAndEqualRaw() throws Exception {
    answersFrom("moments_1h", panel("toStartOfHour(Timestamp)", "stddevSamp(Duration) AS sd, varPop(Duration) AS v,"
        + " VAR_SAMP(Duration) AS vs, stddevPopStable(Duration) AS sdp"));
  }

  @Test
  void minuteAndQuarterHourPanelsReadTheMinuteRollupAndEqualRaw() throws Exception {
    answersFrom("moments_1m", panel("toStartOfInterval(Timestamp, INTERVAL 15 MINUTE)",
        "STDDEV_SAMP(Duration) AS sd, varPop(Duration) AS v, covarSamp(Duration, Duration) AS c"));
    answersFrom("moments_1m", panel("toStartOfMinute(Timestamp)", "stddevSamp(Duration) AS sd, corr(Duration, Duration)"
        + " AS r, varSamp(Duration) AS vs"));
  }

  @Test
  void theVarianceMomentsShareOnePlainSetOfPowerSumsWithTheCountAndTheAvg() throws Exception {
    List<String> columns = new ArrayList<>();
    try (Connection c = fx.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
        "SELECT name || ' ' || type FROM system.columns WHERE database = '" + DB + "' AND table IN (SELECT name FROM"
            + " system.tables WHERE database = '" + DB + "' AND name LIKE '%moments_1m%' AND engine ="
            + " 'AggregatingMergeTree') ORDER BY position")) {
      while (rs.next()) {
        columns.add(rs.getString(1));
      }
    }
    assertTrue(columns.contains("DurationVar__sum SimpleAggregateFunction(sum, Float64)"), columns.toString());
    assertTrue(columns.contains("DurationVar__sumsq SimpleAggregateFunction(sum, Float64)"), columns.toString());
    assertTrue(columns.contains("DurationAvg__sum SimpleAggregateFunction(sum, UInt64)"), columns.toString());
    assertTrue(columns.contains("DurationStddevPop AggregateFunction(stddevPopStable, UInt64)"), columns.toString());
    for (String c : columns) {
      // one pair of power sums: nothing per moment
      assertTrue(!c.startsWith("DurationVarSamp") && !c.startsWith("DurationStddev "), c);
    }
    // one count of rows (Duration is never NULL) serves SpanCount, the avg and the moments; the other is the avg's sum
    assertEquals(2, columns.stream().filter(c -> c.endsWith(" SimpleAggregateFunction(sum, UInt64)")).count(),
        columns.toString());
    answersFrom("moments_1h", panel("toStartOfHour(Timestamp)", "avg(Duration) AS a, stddevPop(Duration) AS sp,"
        + " varSamp(Duration) AS vs, count() AS n"));
  }
}

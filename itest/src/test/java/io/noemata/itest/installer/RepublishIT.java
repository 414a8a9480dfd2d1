package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.cli.demo.Dashboard;
import io.noemata.cli.demo.DashboardQuery;
import io.noemata.cli.demo.DemoProject;
import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataStatement;
import io.noemata.installer.steps.Publish;
import io.noemata.otel.OtelDataGenerator;
import io.noemata.otel.OtelDataSpec;
import io.noemata.resources.parse.ProjectReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The advised project published over the hand-written one: {@code logs_1h} keeps its name and
 * content hash but is fed from {@code logs_5m} instead of {@code logs_1m}, with its measures
 * declared in another order. The kept target once got its counts in the wrong columns (a positional
 * INSERT ... SELECT) on top of the old feed's rows: errors per hour read 6x too many.
 */
class RepublishIT {

  static final String DB = "republish_it";

  @TempDir Path dir;

  @Test
  void aRollupKeptAcrossAChangeOfFeedAnswersAsTheRawTable() throws Exception {
    OtelDataSpec spec = new OtelDataSpec(DB, 100_000, 100_000, LocalDate.now(ZoneOffset.UTC).minusDays(8), 8);
    try (Connection c = InstallerFixture.TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DB);
      new OtelDataGenerator(spec).generate(s::execute, (t, d, n) -> { });
    }
    Path handWritten = retarget(DemoProject.writeTo(dir.resolve("hand-written")));
    Path advised = DemoProject.writeAdvisedFramesTo(dir.resolve("advised"));
    Files.writeString(advised.resolve(DemoProject.ADVISED_FILE), DemoProject.advisedResources());
    retarget(advised);
    try (Connection c = InstallerFixture.TARGET.connect(DB)) {
      Publish.run(ProjectReader.read(handWritten), c, InstallerFixture.options("itest@" + DB), false);
      Publish.run(ProjectReader.read(advised), c, InstallerFixture.options("itest@" + DB), false);
    }
    DashboardQuery errorsPerHour = Dashboard.panels(spec).get(1);
    String sql = errorsPerHour.sql().replace("otel.otel_", DB + ".otel_");
    try (Connection plain = InstallerFixture.TARGET.connect(DB);
        Connection noemata = DriverManager.getConnection("jdbc:noemata:clickhouse://" + InstallerFixture.TARGET.hostPort()
            + "/" + DB, InstallerFixture.TARGET.credentials())) {
      String raw = rows(plain, sql);
      // another class may have cached this server's catalog before the publish
      noemata.unwrap(NoemataConnection.class).invalidateCatalog();
      try (Statement s = noemata.createStatement()) {
        String through = text(s.executeQuery(sql));
        var uses = s.unwrap(NoemataStatement.class).provenance().rollups();
        assertTrue(uses.stream().anyMatch(u -> u.read() && u.rollup().equals("logs_1h")),
            () -> "errors per hour read logs_1h; provenance: " + uses);
        assertEquals(raw, through);
      }
    }
  }

  private static Path retarget(Path project) throws Exception {
    try (Stream<Path> files = Files.walk(project)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        Files.writeString(p, Files.readString(p).replace("\"otel.otel_", "\"" + DB + ".otel_"));
      }
    }
    return project;
  }

  private static String rows(Connection c, String sql) throws Exception {
    try (Statement s = c.createStatement()) {
      return text(s.executeQuery(sql));
    }
  }

  private static String text(ResultSet rs) throws Exception {
    StringBuilder b = new StringBuilder();
    try (rs) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        for (int i = 1; i <= n; i++) {
          b.append(rs.getString(i)).append('\t');
        }
        b.append('\n');
      }
    }
    return b.toString();
  }
}

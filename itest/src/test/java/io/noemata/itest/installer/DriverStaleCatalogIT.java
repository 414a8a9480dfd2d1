package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataStatement;
import io.noemata.driver.provenance.QueryProvenance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A driver whose catalog was read before a publish changed a rollup's measure: the publish builds
 * new targets and re-points the stable views at them, while the cached catalog still describes the
 * old shape. The rewrite reads the target its catalog names (retired now, its view still writing),
 * so it answers what the raw table answers; through the re-pointed stable view the same text would
 * read the new measure's numbers under the old one's name.
 */
class DriverStaleCatalogIT {

  static final String DB = "drv_stale";
  @TempDir Path dir;

  @Test
  void aCatalogReadBeforeAMeasureChangedStillAnswersWithTheRawTablesRows() throws Exception {
    InstallerFixture fx = new InstallerFixture(DB, dir, 4_000);
    fx.publish();
    String window = "Timestamp >= toDateTime('" + fx.first + " 00:00:00', 'UTC') AND Timestamp < toDateTime('"
        + fx.first.plusDays(2) + " 00:00:00', 'UTC')";
    String sql = "SELECT ServiceName, countIf(SeverityNumber >= 17) AS errors FROM " + DB + ".otel_logs WHERE "
        + window + " GROUP BY ServiceName ORDER BY ServiceName";
    List<String> raw = fx.rows(sql);
    try (Connection c = fx.driver("noemata.catalog.ttl", "1h", "noemata.catalog.refresh", "1h");
        Statement s = c.createStatement()) {
      c.unwrap(NoemataConnection.class).invalidateCatalog();
      assertEquals(raw, InstallerFixture.twoColumns(s, sql));
      QueryProvenance before = s.unwrap(NoemataStatement.class).provenance();
      assertTrue(before.changed(), "read from a rollup: " + before);
      String view = before.rollups().stream().filter(u -> u.read()).findFirst().orElseThrow().stableView();

      // the frame's ErrorCount now counts warnings too: a new shape, new targets, the views re-pointed
      Path frame = fx.project.resolve("@frames/opentelemetry/views/logs.frame.json");
      String text = Files.readString(frame);
      assertTrue(text.contains("countIf(SeverityNumber >= 17)"), "the example's ErrorCount");
      Files.writeString(frame, text.replace("countIf(SeverityNumber >= 17)", "countIf(SeverityNumber >= 13)"));
      fx.publish();
      List<String> throughView = fx.rows("SELECT ServiceName, sum(ErrorCount) FROM " + DB + "." + view + " WHERE "
          + window.replace("Timestamp", "bucket") + " GROUP BY ServiceName ORDER BY ServiceName");
      assertNotEquals(raw, throughView, "the stable view now reads the new measure (the data has warnings)");

      assertEquals(raw, InstallerFixture.twoColumns(s, sql), "the cached catalog reads the target it describes");
      QueryProvenance after = s.unwrap(NoemataStatement.class).provenance();
      assertEquals(before.sent(), after.sent(), "the same rewrite, the same (now retired) target");
      assertEquals(0, c.unwrap(NoemataConnection.class).fallbackCount());
    }
  }
}

package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.installer.steps.InstallException;
import io.noemata.installer.steps.Publish;
import io.noemata.otel.OtelDataGenerator;
import io.noemata.otel.OtelDataSpec;
import io.noemata.resources.parse.ProjectReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Missing grants fail publication before installation starts. The error lists each missing grant."
 * A real limited user (on the embedded engine, one started with a users config: see
 * {@link AccessRules}) holding SELECT and INSERT only publishes the example project.
 */
class InstallerGrantsIT {

  static final String DB = "it_grants";
  static final String LIMITED = "noemata_it_limited";

  @TempDir Path dir;

  @Test
  void aUserWithoutAlterAndCreateGetsEveryMissingGrantAndNothingChanges() throws Exception {
    try (AccessRules users = AccessRules.start(dir, Map.of(LIMITED,
        List.of("SELECT, INSERT ON " + DB + ".*", "SELECT ON system.*")))) {
      try (Connection admin = users.plain(null, "default"); Statement s = admin.createStatement()) {
        s.execute("DROP DATABASE IF EXISTS " + DB);
        new OtelDataGenerator(new OtelDataSpec(DB, 500, 500, LocalDate.now(ZoneOffset.UTC).minusDays(3), 3))
            .generate(s::execute, (t, d, n) -> { });
      }
      Path project = InstallerFixture.copy(io.noemata.itest.RepositoryFiles.EXAMPLE,
          Files.createDirectories(dir.resolve("project")), DB);
      String before = schema(users);
      InstallException e;
      try (Connection limited = users.plain(LIMITED, DB)) {
        e = assertThrows(InstallException.class, () -> Publish.run(ProjectReader.read(project), limited,
            InstallerFixture.options("itest"), false));
      }
      for (String missing : List.of("ALTER TABLE", "CREATE TABLE", "CREATE VIEW", "DROP TABLE", "DROP VIEW")) {
        assertTrue(e.getMessage().contains("GRANT " + missing + " ON " + DB + ".* TO "), e.getMessage());
      }
      assertTrue(e.getMessage().contains("nothing was changed"), e.getMessage());
      assertTrue(e.getMessage().startsWith("the ClickHouse user lacks 5 grants"), e.getMessage());
      assertEquals(before, schema(users));
    }
  }

  /** The database's tables and columns, as the administrator sees them. */
  private static String schema(AccessRules users) throws Exception {
    List<String> out = new ArrayList<>();
    try (Connection c = users.plain(null, "default"); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT table, name, type FROM system.columns WHERE database = '" + DB
            + "' ORDER BY ALL")) {
      while (rs.next()) {
        out.add(rs.getString(1) + "." + rs.getString(2) + " " + rs.getString(3));
      }
    }
    assertTrue(!out.isEmpty(), "the raw tables exist");
    return String.join("\n", out);
  }
}

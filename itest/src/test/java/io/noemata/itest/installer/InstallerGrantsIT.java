package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.installer.steps.InstallException;
import io.noemata.installer.steps.Publish;
import io.noemata.itest.ClickHouseTarget;
import io.noemata.resources.parse.ProjectReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Missing grants fail publication before installation starts. The error lists each missing grant."
 * The embedded engine cannot create users (chDB's default user lacks ACCESS MANAGEMENT: CREATE USER
 * answers ACCESS_DENIED), so there the user's SHOW GRANTS answer is the one a read-only user gets;
 * on a server that can create users (NOEMATA_IT_URL, Testcontainers) a real limited user is used.
 */
class InstallerGrantsIT {

  @TempDir Path dir;

  @Test
  void aUserWithoutAlterAndCreateGetsEveryMissingGrantAndNothingChanges() throws Exception {
    InstallerFixture fx = new InstallerFixture("it_grants", dir, 500);
    String before = "" + fx.rows("SELECT name, engine FROM system.tables WHERE database = '" + fx.db + "' ORDER BY name")
        + fx.rows("SELECT table, name, type FROM system.columns WHERE database = '" + fx.db + "' ORDER BY ALL");
    InstallException e;
    try (Connection c = fx.connect()) {
      String user = limitedUser(c, fx.db);
      if (user == null) {
        e = assertThrows(InstallException.class, () -> Publish.run(ProjectReader.read(fx.project), c,
            InstallerFixture.options("itest"), false,
            conn -> List.of("GRANT SELECT, INSERT ON " + fx.db + ".* TO default")));
      } else {
        try (Connection limited = java.sql.DriverManager.getConnection(InstallerFixture.TARGET.jdbcUrl(fx.db), user, "")) {
          e = assertThrows(InstallException.class, () -> Publish.run(ProjectReader.read(fx.project), limited,
              InstallerFixture.options("itest"), false));
        }
      }
    }
    for (String missing : List.of("ALTER TABLE", "CREATE TABLE", "CREATE VIEW", "DROP TABLE", "DROP VIEW")) {
      assertTrue(e.getMessage().contains("GRANT " + missing + " ON " + fx.db + ".* TO "), e.getMessage());
    }
    assertTrue(e.getMessage().contains("nothing was changed"), e.getMessage());
    assertTrue(e.getMessage().startsWith("the ClickHouse user lacks 5 grants"), e.getMessage());
    String after = "" + fx.rows("SELECT name, engine FROM system.tables WHERE database = '" + fx.db + "' ORDER BY name")
        + fx.rows("SELECT table, name, type FROM system.columns WHERE database = '" + fx.db + "' ORDER BY ALL");
    assertEquals(before, after);
  }

  /** A user with SELECT and INSERT only, where the server allows creating one; null on chDB. */
  private static String limitedUser(Connection c, String db) {
    if (InstallerFixture.TARGET.kind() == ClickHouseTarget.Kind.EMBEDDED) {
      return null;
    }
    try (var s = c.createStatement()) {
      s.execute("CREATE USER IF NOT EXISTS noemata_it_limited IDENTIFIED WITH no_password");
      s.execute("GRANT SELECT, INSERT ON " + db + ".* TO noemata_it_limited");
      s.execute("GRANT SELECT ON system.* TO noemata_it_limited");
      return "noemata_it_limited";
    } catch (SQLException ex) {
      return null;
    }
  }
}

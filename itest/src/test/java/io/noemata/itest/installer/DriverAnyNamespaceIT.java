package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataStatement;
import io.noemata.driver.provenance.QueryProvenance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A project published with {@code "namespace": "acme"} is accelerated through a driver URL that
 * names no namespace: the driver reads every self-describing ledger it finds. A client that names
 * another namespace reads only that one's.
 */
class DriverAnyNamespaceIT {

  static final String DB = "drv_any_ns";
  @TempDir static Path dir;
  static InstallerFixture fx;

  @BeforeAll
  static void publish() throws Exception {
    fx = new InstallerFixture(DB, dir, 5_000);
    Files.writeString(fx.project.resolve("noemata.json"),
        "{\"namespace\": \"acme\", \"resources\": {\"install_on_publish\": true}}");
    fx.publish();
  }

  private static Connection connect(String... props) throws SQLException {
    return fx.driver(props);
  }

  private static List<String> rows(Statement s, String sql) throws SQLException {
    return InstallerFixture.twoColumns(s, sql);
  }

  @Test
  void aDriverUrlWithoutNamespaceReadsTheRollupsOfAnotherNamespace() throws Exception {
    assertEquals(1, fx.count("SELECT count() FROM system.tables WHERE database = '" + DB
        + "' AND name = 'acme_resource_ledger'"), "published under acme");
    String sql = DriverLedgerIT.perService().replace(DriverLedgerIT.DB + ".", DB + ".");
    List<String> raw = fx.rows(sql);
    assertFalse(raw.isEmpty());
    try (Connection c = connect(); Statement s = c.createStatement()) {
      c.unwrap(NoemataConnection.class).invalidateCatalog();
      assertEquals(raw, rows(s, sql));
      QueryProvenance p = s.unwrap(NoemataStatement.class).provenance();
      assertTrue(p.changed(), "read from acme's rollup: " + p);
      assertTrue(p.rollups().stream().anyMatch(u -> u.read() && u.stableView().startsWith("acme_rollup_")), p.toString());
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = c.getMetaData().getTables(null, DB, "%", null)) {
        while (rs.next()) {
          tables.add(rs.getString("TABLE_NAME"));
        }
      }
      assertFalse(tables.contains("acme_resource_ledger"), "acme's internals stay hidden: " + tables);
      assertTrue(tables.contains("acme_rollup_logs_logs_1m"), "its stable views stay: " + tables);
    }
    try (Connection c = connect("noemata.namespace", "noemata"); Statement s = c.createStatement()) {
      c.unwrap(NoemataConnection.class).invalidateCatalog();
      assertEquals(raw, rows(s, sql));
      assertFalse(s.unwrap(NoemataStatement.class).provenance().changed(), "a client naming another namespace reads only its own");
    }
  }
}

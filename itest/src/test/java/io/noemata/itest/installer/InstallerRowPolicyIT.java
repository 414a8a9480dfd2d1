package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.driver.NoemataStatement;
import io.noemata.installer.steps.InstallException;
import io.noemata.installer.steps.InstallOptions;
import io.noemata.installer.steps.Progress;
import io.noemata.installer.steps.Publish;
import io.noemata.otel.OtelDataGenerator;
import io.noemata.otel.OtelDataSpec;
import io.noemata.resources.parse.ProjectReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What publish does about the row policies of a source: it refuses to fill rollups for an operator
 * whose reads a policy filters, and mirrors a policy over dimensions onto the targets, where the
 * server takes it (an access storage that holds SQL-made policies; the embedded engine has none,
 * and says so), so its users read the rollups.
 */
class InstallerRowPolicyIT {

  static final String DB = "inst_policy";
  static final String LOGS = DB + ".otel_logs";
  static final String USER = "noemata_it_policy_user";

  @TempDir static Path dir;
  static AccessRules rules;
  static Path project;

  @BeforeAll
  static void data() throws Exception {
    rules = AccessRules.start(dir);
    project = InstallerFixture.copy(io.noemata.itest.RepositoryFiles.EXAMPLE,
        Files.createDirectories(dir.resolve("project")), DB);
    try (Connection c = rules.plain(null, "default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DB);
      new OtelDataGenerator(new OtelDataSpec(DB, 3_000, 3_000, LocalDate.now(ZoneOffset.UTC).minusDays(3), 3))
          .generate(s::execute, (t, d, n) -> { });
      s.execute("ALTER TABLE " + LOGS + " DELETE WHERE Timestamp > now() SETTINGS mutations_sync = 2");
    }
  }

  @AfterAll
  static void stop() throws Exception {
    if (rules != null) {
      rules.close();
    }
  }

  /** Publishes as the operator, collecting what it reports. */
  static List<String> publish() throws Exception {
    List<String> lines = Collections.synchronizedList(new ArrayList<>());
    Progress progress = new Progress() {
      @Override
      public void step(String line) {
        lines.add(line);
      }

      @Override
      public void advance(String task, long done, long total) {}
    };
    InstallOptions options = InstallOptions.defaults("itest@" + DB, progress).withCutoverDelay(Duration.ofSeconds(1));
    try (Connection c = rules.plain(null, DB)) {
      Publish.run(ProjectReader.read(project), c, options, false);
    }
    return lines;
  }

  static long count(String sql) throws Exception {
    try (Connection c = rules.plain(null, DB); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void anOperatorWhoseReadsAPolicyFiltersIsRefusedBeforeAnythingChangesThenAPolicyOverDimensionsIsMirrored()
      throws Exception {
    rules.apply(Map.of(USER, List.of("SELECT ON " + DB + ".*")), List.of(
        new AccessRules.Policy(LOGS, "ServiceName != 'cart'", List.of(AccessRules.OPERATOR), false)));
    InstallException refused = assertThrows(InstallException.class, InstallerRowPolicyIT::publish);
    assertTrue(refused.getMessage().startsWith("a row policy hides ") && refused.getMessage().contains(" rows of " + LOGS)
        && refused.getMessage().contains("nothing was changed"), refused.getMessage());
    assertEquals(0, count("SELECT count() FROM system.tables WHERE database = '" + DB + "' AND startsWith(name, 'noemata_')"),
        "no table was created");

    rules.apply(Map.of(USER, List.of("SELECT ON " + DB + ".*")), List.of(
        new AccessRules.Policy(LOGS, "ServiceName = 'checkout'", List.of(USER), false)));
    List<String> said = publish();
    long mirrors = count("SELECT count() FROM system.row_policies WHERE database = '" + DB
        + "' AND startsWith(table, 'noemata_rollup_logs_') AND startsWith(short_name, 'noemata_mirror_')");
    boolean refusedByTheServer = said.stream().anyMatch(l -> l.startsWith("warning: row policy ")
        && l.contains("cannot be mirrored onto") && l.endsWith("the users it applies to read the table"));
    assertTrue(mirrors == 2 || mirrors == 0 && refusedByTheServer, "a mirror on each logs target, or the server"
        + " refused them and publish said so: " + said);
    String sql = "SELECT ServiceName, count() AS n FROM " + LOGS + " WHERE Timestamp >= toDateTime('"
        + LocalDate.now(ZoneOffset.UTC).minusDays(2) + " 00:00:00', 'UTC') AND Timestamp < toDateTime('"
        + LocalDate.now(ZoneOffset.UTC).minusDays(1) + " 00:00:00', 'UTC') GROUP BY ServiceName ORDER BY ServiceName";
    List<String> plain = DriverRowPolicyIT.outcome(() -> rowsOf(rules.plain(USER, DB), sql, null));
    boolean[] read = new boolean[1];
    List<String> through = DriverRowPolicyIT.outcome(() -> rowsOf(rules.noemata(USER, DB), sql, read));
    assertEquals(plain, through);
    assertTrue(plain.size() == 2 && plain.get(1).startsWith("checkout |"), plain.toString());
    assertEquals(mirrors == 2, read[0], "the rollups answer the policy's user where the policy is mirrored");
  }

  private static List<String> rowsOf(Connection c, String sql, boolean[] readARollup) throws java.sql.SQLException {
    try (c; Statement s = c.createStatement()) {
      List<String> rows = DriverRowPolicyIT.rows(s, sql);
      if (readARollup != null) {
        readARollup[0] = s.unwrap(NoemataStatement.class).provenance().rollups().stream().anyMatch(u -> u.read());
      }
      return rows;
    }
  }
}

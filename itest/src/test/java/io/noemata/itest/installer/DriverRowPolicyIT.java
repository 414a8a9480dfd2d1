package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.driver.NoemataStatement;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.installer.steps.Publish;
import io.noemata.otel.OtelDataGenerator;
import io.noemata.otel.OtelDataSpec;
import io.noemata.resources.parse.ProjectReader;
import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.rewriter.provenance.RollupSkip;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "A rewrite never shows a user more than the server would": the example project is published by
 * the operator, then users whose row policies and grants the engine enforces query through noemata,
 * and each gets exactly what plain clickhouse-jdbc gives the same user, errors included. Policies
 * and grants come after the publish, as they do where an administrator adds them to a running
 * deployment (see {@link AccessRules} for how each target holds them).
 */
class DriverRowPolicyIT {

  static final String DB = "drv_policy";
  static final String LOGS = DB + ".otel_logs";
  /** No policy names it. */
  static final String FREE = "noemata_it_free";
  /** Under a policy on ServiceName, a dimension of every logs rollup. */
  static final String ON_DIMENSION = "noemata_it_on_dimension";
  /** Under a policy on SeverityNumber, a column no rollup keeps. */
  static final String ON_OTHER_COLUMN = "noemata_it_on_other";
  /** Under a policy for every user but {@link #FREE}. */
  static final String ANY_OTHER = "noemata_it_any_other";
  /** May not read SeverityText nor ResourceAttributes of the logs. */
  static final String NO_COLUMNS = "noemata_it_no_columns";
  /** May read the rollups but not the logs table. */
  static final String NO_TABLE = "noemata_it_no_table";

  @TempDir static Path dir;
  static AccessRules rules;
  /** noemata proxy in front of the same engine: every answer through the driver is also the proxy's. */
  static io.noemata.proxy.ProxyServer proxy;
  static List<String> logsTargets;
  static List<String> rollupObjects;

  @BeforeAll
  static void publishThenRestrict() throws Exception {
    rules = AccessRules.start(dir);
    proxy = io.noemata.proxy.ProxyServer.start(io.noemata.proxy.ProxyConfig.of(java.net.URI.create(
        "http://" + rules.hostPort())).withBind("127.0.0.1", 0), line -> { });
    Path project = InstallerFixture.copy(io.noemata.itest.RepositoryFiles.EXAMPLE,
        Files.createDirectories(dir.resolve("project")), DB);
    try (Connection c = rules.plain(null, "default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DB);
      new OtelDataGenerator(new OtelDataSpec(DB, 5_000, 5_000, LocalDate.now(ZoneOffset.UTC).minusDays(3), 3))
          .generate(s::execute, (t, d, n) -> { });
      s.execute("ALTER TABLE " + LOGS + " DELETE WHERE Timestamp > now() SETTINGS mutations_sync = 2");
    }
    try (Connection c = rules.plain(null, DB)) {
      Publish.run(ProjectReader.read(project), c, InstallerFixture.options("itest@" + DB), false);
    }
    try (Connection c = rules.plain(null, DB)) {
      logsTargets = strings(c, "SELECT name FROM system.tables WHERE database = '" + DB + "' AND startsWith(name,"
          + " 'noemata_rollup_logs_logs_') AND position(name, '__') > 0 AND NOT endsWith(name, '_mv') ORDER BY name");
      rollupObjects = strings(c, "SELECT name FROM system.tables WHERE database = '" + DB + "'"
          + " AND startsWith(name, 'noemata_rollup_') ORDER BY name");
    }
    assertEquals(2, logsTargets.size(), "the logs_1m and logs_1h targets: " + logsTargets);
  }

  @AfterAll
  static void stop() throws Exception {
    if (proxy != null) {
      proxy.close();
    }
    if (rules != null) {
      rules.close();
    }
  }

  static Map<String, List<String>> grants() {
    Map<String, List<String>> g = new LinkedHashMap<>();
    for (String user : List.of(FREE, ON_DIMENSION, ON_OTHER_COLUMN, ANY_OTHER)) {
      g.put(user, List.of("SELECT ON " + DB + ".*"));
    }
    g.put(NO_COLUMNS, List.of("SELECT ON " + DB + ".*", "REVOKE SELECT(SeverityText, ResourceAttributes) ON " + LOGS));
    List<String> rollupsOnly = new ArrayList<>();
    rollupObjects.forEach(t -> rollupsOnly.add("SELECT ON " + DB + "." + t));
    rollupsOnly.add("SELECT ON " + DB + ".noemata_resource_ledger");
    g.put(NO_TABLE, rollupsOnly);
    return g;
  }

  /** Every user of {@link #grants} under {@code policies} (none: every user reads every row). */
  static void under(AccessRules.Policy... policies) throws Exception {
    rules.apply(grants(), List.of(policies));
  }

  /** ServiceName = 'checkout' for {@link #ON_DIMENSION} on the logs table. */
  static AccessRules.Policy checkoutOnly(String table) {
    return new AccessRules.Policy(table, "ServiceName = 'checkout'", List.of(ON_DIMENSION), false);
  }

  static String day() {
    LocalDate today = LocalDate.now(ZoneOffset.UTC);
    return "Timestamp >= toDateTime('" + today.minusDays(2) + " 00:00:00', 'UTC') AND Timestamp < toDateTime('"
        + today.minusDays(1) + " 00:00:00', 'UTC')";
  }

  /** Log counts per service over a whole day every logs rollup covers. */
  static final String PER_SERVICE = "SELECT ServiceName, count() AS n FROM " + LOGS + " WHERE " + day()
      + " GROUP BY ServiceName ORDER BY ServiceName";
  /** Per service and severity: only the minute rollup keeps SeverityText. */
  static final String PER_SEVERITY = "SELECT ServiceName, SeverityText, count() AS n FROM " + LOGS + " WHERE " + day()
      + " GROUP BY ServiceName, SeverityText ORDER BY ServiceName, SeverityText";
  /** A Map subscript the stored column pod_name holds. */
  static final String PER_POD = "SELECT ResourceAttributes['k8s.pod.name'] AS pod, count() AS n FROM " + LOGS
      + " WHERE " + day() + " GROUP BY pod ORDER BY pod";

  static List<String> strings(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }

  /** Every row as text, with the result's column names first. */
  static List<String> rows(Statement s, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (ResultSet rs = s.executeQuery(sql)) {
      ResultSetMetaData md = rs.getMetaData();
      StringBuilder names = new StringBuilder();
      for (int i = 1; i <= md.getColumnCount(); i++) {
        names.append(md.getColumnLabel(i)).append(' ').append(md.getColumnTypeName(i)).append(" | ");
      }
      out.add(names.toString());
      while (rs.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= md.getColumnCount(); i++) {
          row.append(rs.getString(i)).append(" | ");
        }
        out.add(row.toString());
      }
    }
    return out;
  }

  interface Rows {
    List<String> get() throws SQLException;
  }

  /** The rows, or the server's error code: what a user sees of a statement. */
  static List<String> outcome(Rows rows) {
    try {
      return rows.get();
    } catch (SQLException e) {
      return List.of("error " + e.getErrorCode());
    }
  }

  static List<String> plain(String user, String sql) throws SQLException {
    try (Connection c = rules.plain(user, DB); Statement s = c.createStatement()) {
      return rows(s, sql);
    }
  }

  /** What noemata answers {@code user}, with the provenance of the statement. */
  record Answer(List<String> rows, QueryProvenance provenance) {
    boolean readARollup() {
      return provenance.rollups().stream().anyMatch(u -> u.read());
    }

    boolean skipped(RollupSkip code) {
      return provenance.rollups().stream().anyMatch(u -> u instanceof ResourceUse.SkippedRollup s && s.code() == code);
    }
  }

  /** What noemata answers {@code user} through the driver, checked the same through the proxy. */
  static Answer noemata(String user, String sql) throws SQLException {
    Answer a;
    try (Connection c = rules.noemata(user, DB); Statement s = c.createStatement()) {
      List<String> rows = rows(s, sql);
      a = new Answer(rows, s.unwrap(NoemataStatement.class).provenance());
    }
    assertEquals(a.rows(), proxied(user, sql), "through the proxy, as through the driver: " + user + ": " + sql);
    return a;
  }

  /** What clickhouse-jdbc pointed at the proxy gives {@code user}. */
  static List<String> proxied(String user, String sql) throws SQLException {
    try (Connection c = java.sql.DriverManager.getConnection("jdbc:clickhouse://127.0.0.1:" + proxy.port() + "/" + DB,
        rules.credentials(user)); Statement s = c.createStatement()) {
      return rows(s, sql);
    }
  }

  @Test
  void withoutPoliciesEveryUserReadsTheRollupsAndTheTablesRows() throws Exception {
    under();
    for (String sql : List.of(PER_SERVICE, PER_SEVERITY)) {
      Answer a = noemata(FREE, sql);
      assertEquals(plain(FREE, sql), a.rows(), sql);
      assertEquals(plain(null, sql), a.rows(), "the operator's rows: no policy filters this user");
      assertTrue(a.readARollup(), a.provenance().toString());
    }
  }

  @Test
  void aPolicyOnADimensionThatTheRollupsDoNotShareMakesItsUserReadTheTable() throws Exception {
    under(checkoutOnly(LOGS));
    for (String sql : List.of(PER_SERVICE, PER_SEVERITY)) {
      List<String> plain = plain(ON_DIMENSION, sql);
      assertTrue(plain.size() > 1 && plain.stream().skip(1).allMatch(r -> r.startsWith("checkout |")), plain.toString());
      Answer a = noemata(ON_DIMENSION, sql);
      assertEquals(plain, a.rows(), sql);
      assertFalse(a.readARollup(), a.provenance().toString());
      assertTrue(a.skipped(RollupSkip.ROW_POLICY), a.provenance().toString());
      assertEquals(plain(FREE, sql), noemata(FREE, sql).rows(), "a user the policy does not name: " + sql);
    }
  }

  @Test
  void aPolicyOnADimensionTheRollupsTargetsShareLetsItsUserReadTheRollups() throws Exception {
    List<AccessRules.Policy> mirrored = new ArrayList<>(List.of(checkoutOnly(LOGS)));
    logsTargets.forEach(t -> mirrored.add(checkoutOnly(DB + "." + t)));
    under(mirrored.toArray(AccessRules.Policy[]::new));
    for (String sql : List.of(PER_SERVICE, PER_SEVERITY)) {
      List<String> plain = plain(ON_DIMENSION, sql);
      assertTrue(plain.size() > 1 && plain.stream().skip(1).allMatch(r -> r.startsWith("checkout |")), plain.toString());
      Answer a = noemata(ON_DIMENSION, sql);
      assertEquals(plain, a.rows(), sql);
      assertTrue(a.readARollup(), a.provenance().toString());
      Answer free = noemata(FREE, sql);
      assertEquals(plain(FREE, sql), free.rows(), sql);
      assertTrue(free.readARollup(), free.provenance().toString());
    }
  }

  @Test
  void aPolicyOnAColumnNoRollupKeepsMakesItsUserReadTheTable() throws Exception {
    under(new AccessRules.Policy(LOGS, "SeverityNumber >= 13", List.of(ON_OTHER_COLUMN), false));
    List<String> plain = plain(ON_OTHER_COLUMN, PER_SERVICE);
    assertFalse(plain.equals(plain(null, PER_SERVICE)), "the policy filters rows");
    Answer a = noemata(ON_OTHER_COLUMN, PER_SERVICE);
    assertEquals(plain, a.rows());
    assertFalse(a.readARollup(), a.provenance().toString());
    assertTrue(a.skipped(RollupSkip.ROW_POLICY), a.provenance().toString());
  }

  @Test
  void aPolicyForEveryUserButOneMakesTheOthersReadTheTable() throws Exception {
    under(new AccessRules.Policy(LOGS, "ServiceName != 'cart'", List.of(FREE), true));
    List<String> plain = plain(ANY_OTHER, PER_SERVICE);
    assertTrue(plain.size() > 1 && plain.stream().noneMatch(r -> r.startsWith("cart |")), plain.toString());
    Answer a = noemata(ANY_OTHER, PER_SERVICE);
    assertEquals(plain, a.rows());
    assertFalse(a.readARollup(), a.provenance().toString());
    assertEquals(plain(FREE, PER_SERVICE), noemata(FREE, PER_SERVICE).rows(), "the user the policy excepts");
    assertTrue(plain(FREE, PER_SERVICE).stream().anyMatch(r -> r.startsWith("cart |")));
  }

  @Test
  void aPolicyMadeAfterTheCatalogWasReadIsHonouredFromTheNextCatalogRead() throws Exception {
    under();
    try (Connection c = rules.noemata(ON_DIMENSION, DB); Statement s = c.createStatement()) {
      assertEquals(plain(ON_DIMENSION, PER_SERVICE), rows(s, PER_SERVICE));
      assertTrue(s.unwrap(NoemataStatement.class).provenance().rollups().stream().anyMatch(u -> u.read()));
    }
    under(checkoutOnly(LOGS)); // then the next catalog read (AccessRules ends the cached ones)
    try (Connection c = rules.noemata(ON_DIMENSION, DB); Statement s = c.createStatement()) {
      List<String> plain = plain(ON_DIMENSION, PER_SERVICE);
      assertTrue(plain.size() == 2 && plain.get(1).startsWith("checkout |"), plain.toString());
      assertEquals(plain, rows(s, PER_SERVICE));
      QueryProvenance p = s.unwrap(NoemataStatement.class).provenance();
      assertTrue(p.rollups().stream().noneMatch(u -> u.read()), p.toString());
    }
  }

  @Test
  void aColumnTheUserMayNotReadIsRefusedAsTheServerRefusesIt() throws Exception {
    under();
    SQLException plain = assertThrows(SQLException.class, () -> plain(NO_COLUMNS, PER_SEVERITY));
    SQLException through = assertThrows(SQLException.class, () -> noemata(NO_COLUMNS, PER_SEVERITY));
    assertEquals(497, plain.getErrorCode());
    assertEquals(plain.getErrorCode(), through.getErrorCode(), through.getMessage());
    assertEquals(497, assertThrows(SQLException.class, () -> proxied(NO_COLUMNS, PER_SEVERITY)).getErrorCode());
    // ClickHouse 26.5 reads a subscript of a map whose column is revoked (its subcolumns are not):
    // whatever the server does with the statement as written, noemata does, never the stored column
    try (Connection c = rules.noemata(NO_COLUMNS, DB); Statement s = c.createStatement()) {
      assertEquals(outcome(() -> plain(NO_COLUMNS, PER_POD)), outcome(() -> rows(s, PER_POD)));
      QueryProvenance p = s.unwrap(NoemataStatement.class).provenance();
      assertTrue(p.storedColumns().stream().noneMatch(u -> u instanceof ResourceUse.Substituted), p.toString());
    }
    Answer a = noemata(NO_COLUMNS, PER_SERVICE);
    assertEquals(plain(NO_COLUMNS, PER_SERVICE), a.rows());
    assertTrue(a.readARollup(), "what the user may read still reads the rollup: " + a.provenance());
  }

  @Test
  void aTableTheUserMayNotReadIsRefusedAsTheServerRefusesIt() throws Exception {
    under();
    for (String sql : List.of(PER_SERVICE, PER_SEVERITY)) {
      SQLException plain = assertThrows(SQLException.class, () -> plain(NO_TABLE, sql));
      SQLException through = assertThrows(SQLException.class, () -> noemata(NO_TABLE, sql), sql);
      assertEquals(497, plain.getErrorCode());
      assertEquals(plain.getErrorCode(), through.getErrorCode(), through.getMessage());
      assertEquals(497, assertThrows(SQLException.class, () -> proxied(NO_TABLE, sql)).getErrorCode(), "through the proxy");
    }
  }

  @Test
  void settingsThatFilterOrLimitTheUserKeepTheirMeaning() throws Exception {
    under();
    String filtered = "{'" + LOGS + "': 'ServiceName = \\'cart\\''}";
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("readonly", "1");
    settings.put("additional_result_filter", "n > 100");
    settings.put("additional_table_filters", filtered);
    for (Map.Entry<String, String> setting : settings.entrySet()) {
      for (String sql : List.of(PER_SERVICE, PER_SEVERITY)) {
        java.util.Properties props = rules.credentials(FREE);
        props.setProperty("clickhouse_setting_" + setting.getKey(), setting.getValue());
        String url = "//" + rules.hostPort() + "/" + DB;
        List<String> plain;
        List<String> through;
        try (Connection p = java.sql.DriverManager.getConnection("jdbc:clickhouse:" + url, props);
            Statement s = p.createStatement()) {
          plain = outcome(() -> rows(s, sql));
        }
        try (Connection n = java.sql.DriverManager.getConnection("jdbc:noemata:clickhouse:" + url, props);
            Statement s = n.createStatement()) {
          through = outcome(() -> rows(s, sql));
        }
        assertEquals(plain, through, setting + ": " + sql);
        if (!setting.getKey().equals("readonly")) {
          assertFalse(plain.equals(plain(FREE, sql)), "the setting reached the server: " + setting);
        }
      }
    }
  }

  @Test
  void aViewOverThePolicysTableShowsItsUserWhatThePolicyLeaves() throws Exception {
    under(checkoutOnly(LOGS));
    try (Connection c = rules.plain(null, DB); Statement s = c.createStatement()) {
      s.execute("CREATE VIEW IF NOT EXISTS " + DB + ".logs_view AS SELECT * FROM " + LOGS);
    }
    String sql = PER_SERVICE.replace("FROM " + LOGS, "FROM " + DB + ".logs_view");
    Answer a = noemata(ON_DIMENSION, sql);
    assertEquals(plain(ON_DIMENSION, sql), a.rows());
    assertFalse(a.provenance().changed(), a.provenance().toString());
  }
}

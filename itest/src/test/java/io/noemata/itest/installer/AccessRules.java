package io.noemata.itest.installer;

import io.noemata.driver.NoemataConnection;
import io.noemata.itest.ClickHouseTarget;
import io.noemata.itest.ProcessRun;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A ClickHouse whose users have the grants and row policies a test gives them, the engine enforcing
 * both. On a server ({@code NOEMATA_IT_URL}, Testcontainers) users, grants and policies are made
 * with SQL, as an administrator would. The embedded engine has no writable access storage
 * (clickhouse-local reads its users config alone), so there an engine of its own runs on a kept
 * data folder: each user is a role of its users config ({@code default} holds every role, a request
 * of user U runs under {@code SET ROLE U}: see EmbeddedClickHouse), and the policies
 * are the row filters of the config's one user, {@code default}, telling the roles apart with
 * {@code currentRoles()}; {@link #apply} restarts it on the same port with the new config, which is
 * how a policy appears after a publish. Either way the operator (the administrator, user null) reads
 * every row.
 *
 * <p>What the emulation cannot do: a table's filter there is one expression for every role, and the
 * server's plan keeps all its branches (it folds {@code currentRoles()}, not the branches), so a
 * role that no policy names still reads the table through a filter over the columns of the others.
 * Where a server would leave such a user unfiltered, the embedded engine filters it by an
 * always-true condition; the rows are the same, noemata then reads the table for it.
 */
final class AccessRules implements AutoCloseable {

  /**
   * A permissive row policy on {@code table} ({@code db.table}) with {@code condition}, for
   * {@code users}, or, when {@code allExcept}, for every user but them (and the operator).
   */
  record Policy(String table, String condition, List<String> users, boolean allExcept) {
    Policy {
      users = List.copyOf(users);
    }
  }

  private static final String ADMIN_ROLE = "noemata_it_admin";
  /** In a policy's users: the operator, whom no policy filters otherwise. */
  static final String OPERATOR = "<operator>";

  private final ClickHouseTarget target;
  private final Path dir;
  private final String password = UUID.randomUUID().toString();
  private final List<String> usersMade = new ArrayList<>();
  private final List<String> policiesMade = new ArrayList<>();
  private final int port;
  private Process process;
  private String hostPort;
  private Map<String, List<String>> grants = Map.of();
  private List<Policy> policies = List.of();

  private AccessRules(ClickHouseTarget target, Path dir, int port) {
    this.target = target;
    this.dir = dir;
    this.port = port;
  }

  /** The operator alone, every right: publish with {@link #plain}{@code (null, db)}. */
  static AccessRules start(Path dir) throws Exception {
    return start(dir, Map.of());
  }

  /**
   * Users named by the keys, each granted exactly the privileges (e.g. {@code SELECT ON db.t}) of its
   * value. The embedded engine starts with their config at once (one start, not a start and a restart).
   */
  static AccessRules start(Path dir, Map<String, List<String>> grants) throws Exception {
    ClickHouseTarget target = ClickHouseTarget.get();
    if (target.kind() != ClickHouseTarget.Kind.EMBEDDED) {
      AccessRules rules = new AccessRules(target, dir, -1);
      rules.hostPort = target.hostPort();
      rules.apply(grants, List.of());
      return rules;
    }
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    AccessRules rules = new AccessRules(target, dir, port);
    rules.grants = Map.copyOf(grants);
    rules.startEngine(rules.grants, rules.policies);
    return rules;
  }

  /** The users named by {@code grants}, each with exactly those privileges, and {@code policies}, replacing the last ones. */
  void apply(Map<String, List<String>> grants, List<Policy> policies) throws Exception {
    if (grants.equals(this.grants) && policies.equals(this.policies)) {
      return;
    }
    this.grants = Map.copyOf(grants);
    this.policies = List.copyOf(policies);
    if (target.kind() != ClickHouseTarget.Kind.EMBEDDED) {
      applyWithSql(grants, policies);
    } else {
      stopEngine();
      startEngine(grants, policies);
    }
    // the catalogs this JVM read of the server knew the old rules: what the end of their refresh period does
    try (Connection c = noemata(null, "default")) {
      c.unwrap(NoemataConnection.class).invalidateCatalog();
    }
  }

  private void startEngine(Map<String, List<String>> grants, List<Policy> policies) throws Exception {
    Path config = Files.writeString(dir.resolve("users.xml"), usersXml(grants, policies));
    Process p = new ProcessBuilder(ProcessRun.cli("serve", "--embedded", "--port", Integer.toString(port),
        "--data", dir.resolve("data").toString(), "--users-config", config.toString()))
        .redirectError(ProcessBuilder.Redirect.appendTo(dir.resolve("engine.err").toFile()))
        .start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String ready;
    try {
      ready = CompletableFuture.supplyAsync(() -> {
        try {
          return out.readLine();
        } catch (IOException e) {
          return "unreadable: " + e;
        }
      }).get(180, TimeUnit.SECONDS);
    } catch (Exception e) {
      p.destroyForcibly();
      throw new AssertionError("the engine with a users config did not print ready: " + e, e);
    }
    if (ready == null || !ready.startsWith("ready http://")) {
      p.destroyForcibly();
      throw new AssertionError("the engine with a users config did not start (" + ready + "): "
          + Files.readString(dir.resolve("engine.err")));
    }
    process = p;
    hostPort = ready.substring("ready http://".length()).strip();
  }

  private void stopEngine() throws InterruptedException {
    if (process != null) {
      process.destroy(); // SIGTERM: the engine closes its data folder cleanly
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
      }
      process = null;
    }
  }

  /**
   * The users config: {@code default} holds the operator's role and one role per user; each table
   * with policies gets a filter whose first branch lets the operator's role read every row, then one
   * branch per policy, in order, for the roles it applies to.
   */
  static String usersXml(Map<String, List<String>> grants, List<Policy> policies) {
    Map<String, List<String>> roles = new LinkedHashMap<>();
    roles.put(ADMIN_ROLE, List.of("ALL ON *.*"));
    roles.putAll(grants);
    // the query condition cache keys a filter by its text before currentRoles() is folded: one role's
    // granules would answer another's, which a server's per-user policies never share
    StringBuilder xml = new StringBuilder("<clickhouse>\n  <profiles><default><use_query_condition_cache>0"
        + "</use_query_condition_cache></default></profiles>\n  <users>\n"
        + "    <default>\n      <password></password>\n      <networks><ip>::/0</ip></networks>\n"
        + "      <profile>default</profile>\n      <quota>default</quota>\n      <grants>\n");
    roles.keySet().forEach(r -> xml.append("        <query>GRANT ").append(r).append("</query>\n"));
    xml.append("      </grants>\n");
    Map<String, Map<String, List<Policy>>> byTable = new LinkedHashMap<>();
    for (Policy p : policies) {
      String[] dbTable = p.table().split("\\.", 2);
      byTable.computeIfAbsent(dbTable[0], k -> new LinkedHashMap<>()).computeIfAbsent(dbTable[1], k -> new ArrayList<>()).add(p);
    }
    if (!byTable.isEmpty()) {
      xml.append("      <databases>\n");
      byTable.forEach((db, tables) -> {
        xml.append("        <").append(db).append(">\n");
        tables.forEach((table, list) -> xml.append("          <").append(table).append("><filter>")
            .append(escape(filter(list))).append("</filter></").append(table).append(">\n"));
        xml.append("        </").append(db).append(">\n");
      });
      xml.append("      </databases>\n");
    }
    xml.append("    </default>\n  </users>\n  <roles>\n");
    roles.forEach((role, privileges) -> {
      xml.append("    <").append(role).append("><grants>\n");
      privileges.forEach(g -> xml.append("      <query>").append(g.startsWith("REVOKE ") ? "" : "GRANT ")
          .append(escape(g)).append("</query>\n"));
      xml.append("    </grants></").append(role).append(">\n");
    });
    return xml.append("  </roles>\n  <quotas><default></default></quotas>\n</clickhouse>\n").toString();
  }

  /**
   * One filter for the policies of a table: the operator's role first (it holds every role), after
   * a policy naming the operator itself.
   */
  private static String filter(List<Policy> policies) {
    StringBuilder f = new StringBuilder("multiIf(");
    for (Policy p : policies) {
      if (p.users().contains(OPERATOR)) {
        f.append("has(currentRoles(), '" + ADMIN_ROLE + "'), (").append(p.condition()).append("), ");
      }
    }
    f.append("has(currentRoles(), '" + ADMIN_ROLE + "'), 1");
    for (Policy p : policies) {
      if (p.users().contains(OPERATOR)) {
        continue;
      }
      String roles = "hasAny(currentRoles(), [" + String.join(", ", p.users().stream().map(u -> "'" + u + "'").toList()) + "])";
      f.append(", ").append(p.allExcept() ? "NOT " + roles : roles).append(", (").append(p.condition()).append(")");
    }
    return f.append(", 1)").toString();
  }

  private static String escape(String text) {
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }

  private void applyWithSql(Map<String, List<String>> grants, List<Policy> policies) throws SQLException {
    try (Connection c = plain(null, "default"); Statement s = c.createStatement()) {
      for (String p : policiesMade) {
        s.execute("DROP ROW POLICY IF EXISTS " + p);
      }
      policiesMade.clear();
      for (String u : usersMade) {
        s.execute("DROP USER IF EXISTS " + u);
      }
      usersMade.clear();
      for (Map.Entry<String, List<String>> e : grants.entrySet()) {
        s.execute("CREATE USER " + e.getKey() + " IDENTIFIED BY '" + password + "'");
        usersMade.add(e.getKey());
        for (String g : e.getValue()) {
          s.execute(g.startsWith("REVOKE ") ? g + " FROM " + e.getKey() : "GRANT " + g + " TO " + e.getKey());
        }
      }
      int n = 0;
      for (Policy p : policies) {
        String name = "noemata_it_p" + (n++) + " ON " + p.table();
        String to = p.allExcept() ? "ALL EXCEPT " + String.join(", ", withOperator(p.users()))
            : String.join(", ", p.users().stream().map(u -> u.equals(OPERATOR) ? operatorName() : u).toList());
        s.execute("CREATE ROW POLICY " + name + " USING " + p.condition() + " AS PERMISSIVE TO " + to);
        policiesMade.add(name);
      }
    }
  }

  private List<String> withOperator(List<String> users) {
    List<String> all = new ArrayList<>(users);
    all.add(operatorName());
    return all;
  }

  private String operatorName() {
    return target.credentials().getProperty("user", "default");
  }

  /** Credentials of {@code user} (null: the operator) as JDBC properties; never printed. */
  Properties credentials(String user) {
    if (user == null) {
      if (target.kind() != ClickHouseTarget.Kind.EMBEDDED) {
        return target.credentials();
      }
      Properties admin = new Properties();
      admin.setProperty("user", "default");
      admin.setProperty("password", "");
      return admin;
    }
    Properties p = new Properties();
    p.setProperty("user", user);
    p.setProperty("password", password);
    return p;
  }

  /** {@code host:port} of the server these rules are on. */
  String hostPort() {
    return hostPort;
  }

  /** A plain clickhouse-jdbc connection to {@code db} as {@code user} (null: the operator). */
  Connection plain(String user, String db) throws SQLException {
    return DriverManager.getConnection("jdbc:clickhouse://" + hostPort + "/" + db, credentials(user));
  }

  /** A noemata connection to {@code db} as {@code user} (null: the operator). */
  Connection noemata(String user, String db) throws SQLException {
    return DriverManager.getConnection("jdbc:noemata:clickhouse://" + hostPort + "/" + db, credentials(user));
  }

  @Override
  public void close() throws Exception {
    if (target.kind() == ClickHouseTarget.Kind.EMBEDDED) {
      stopEngine();
    } else {
      applyWithSql(Map.of(), List.of());
    }
  }
}

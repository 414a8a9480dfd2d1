package io.noemata.itest.installer;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.noemata.itest.ClickHouseTarget;
import io.noemata.itest.ProcessRun;

/**
 * A ClickHouse with users of limited grants, the engine enforcing them. On a server
 * ({@code NOEMATA_IT_URL}, Testcontainers) the users are created with SQL. The embedded engine
 * cannot create users, so there an engine of its own runs ({@code noemata serve --users-config}):
 * each user is a role of its users config, the requests of that user run under the role, and the
 * shared in-JVM engine of the other tests is not touched.
 */
final class LimitedUsers implements AutoCloseable {

  private static final String ADMIN_ROLE = "noemata_it_admin";

  private final String hostPort;
  private final Properties admin;
  private final String password = UUID.randomUUID().toString();
  private final Process process;
  private final List<String> created = new java.util.ArrayList<>();

  private LimitedUsers(String hostPort, Properties admin, Process process) {
    this.hostPort = hostPort;
    this.admin = admin;
    this.process = process;
  }

  /** Users named by the keys, each granted exactly the privileges (e.g. {@code SELECT ON db.t}) of its value. */
  static LimitedUsers start(Path dir, Map<String, List<String>> grants) throws Exception {
    ClickHouseTarget target = ClickHouseTarget.get();
    if (target.kind() != ClickHouseTarget.Kind.EMBEDDED) {
      LimitedUsers users = new LimitedUsers(target.hostPort(), target.credentials(), null);
      users.createWithSql(grants);
      return users;
    }
    Path config = Files.writeString(dir.resolve("users.xml"), usersXml(grants));
    Process p = new ProcessBuilder(ProcessRun.cli("serve", "--embedded", "--port", "0", "--users-config", config.toString()))
        .redirectError(dir.resolve("engine.err").toFile())
        .start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String ready;
    try {
      ready = CompletableFuture.supplyAsync(() -> {
        try {
          return out.readLine();
        } catch (Exception e) {
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
    Properties admin = new Properties();
    admin.setProperty("user", "default");
    admin.setProperty("password", "");
    return new LimitedUsers(ready.substring("ready http://".length()).strip(), admin, p);
  }

  /** A users.xml whose default user holds an all-powerful role and one role per limited user. */
  static String usersXml(Map<String, List<String>> grants) {
    Map<String, List<String>> roles = new LinkedHashMap<>();
    roles.put(ADMIN_ROLE, List.of("ALL ON *.*"));
    roles.putAll(grants);
    StringBuilder xml = new StringBuilder("<clickhouse>\n  <profiles><default></default></profiles>\n  <users>\n"
        + "    <default>\n      <password></password>\n      <networks><ip>::/0</ip></networks>\n"
        + "      <profile>default</profile>\n      <quota>default</quota>\n      <grants>\n");
    roles.keySet().forEach(r -> xml.append("        <query>GRANT ").append(r).append("</query>\n"));
    xml.append("      </grants>\n    </default>\n  </users>\n  <roles>\n");
    roles.forEach((role, privileges) -> {
      xml.append("    <").append(role).append("><grants>\n");
      privileges.forEach(g -> xml.append("      <query>GRANT ").append(g).append("</query>\n"));
      xml.append("    </grants></").append(role).append(">\n");
    });
    return xml.append("  </roles>\n  <quotas><default></default></quotas>\n</clickhouse>\n").toString();
  }

  private void createWithSql(Map<String, List<String>> grants) throws SQLException {
    try (Connection c = DriverManager.getConnection("jdbc:clickhouse://" + hostPort + "/default", admin);
        Statement s = c.createStatement()) {
      for (Map.Entry<String, List<String>> e : grants.entrySet()) {
        s.execute("DROP USER IF EXISTS " + e.getKey());
        s.execute("CREATE USER " + e.getKey() + " IDENTIFIED BY '" + password + "'");
        created.add(e.getKey());
        for (String g : e.getValue()) {
          s.execute("GRANT " + g + " TO " + e.getKey());
        }
      }
    }
  }

  /** {@code host:port} of the ClickHouse these users live on. */
  String hostPort() {
    return hostPort;
  }

  /** Credentials of {@code user} (or of the administrator for null) as JDBC properties; never printed. */
  Properties credentials(String user) {
    if (user == null) {
      return (Properties) admin.clone();
    }
    Properties p = new Properties();
    p.setProperty("user", user);
    p.setProperty("password", password);
    return p;
  }

  /** A plain clickhouse-jdbc connection to {@code db} as {@code user} (null: the administrator). */
  Connection plain(String user, String db) throws SQLException {
    return DriverManager.getConnection("jdbc:clickhouse://" + hostPort + "/" + db, credentials(user));
  }

  /** A noemata connection to {@code db} as {@code user} (null: the administrator). */
  Connection noemata(String user, String db) throws SQLException {
    return DriverManager.getConnection("jdbc:noemata:clickhouse://" + hostPort + "/" + db, credentials(user));
  }

  /** Stops the engine of its own (SIGTERM: it closes cleanly), or drops the users on a server. */
  @Override
  public void close() throws Exception {
    if (process != null) {
      process.destroy();
      if (!process.waitFor(60, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
      return;
    }
    try (Connection c = DriverManager.getConnection("jdbc:clickhouse://" + hostPort + "/default", admin);
        Statement s = c.createStatement()) {
      for (String user : created) {
        s.execute("DROP USER IF EXISTS " + user);
      }
    }
  }
}

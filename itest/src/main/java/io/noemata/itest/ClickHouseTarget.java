package io.noemata.itest;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import org.testcontainers.DockerClientFactory;
import org.testcontainers.clickhouse.ClickHouseContainer;

import io.noemata.embedded.EmbeddedClickHouse;
import io.noemata.embedded.LocalCluster;
import io.noemata.embedded.http.HttpFrontend;
import io.noemata.embedded.http.QueryLog;

/**
 * The ClickHouse every integration test talks to, chosen once per JVM in this order:
 * <ol>
 *   <li>{@code NOEMATA_IT_URL} (e.g. {@code http://host:8123}), with {@code NOEMATA_IT_USER} and
 *       {@code NOEMATA_IT_PASSWORD}: an external server;
 *   <li>a Testcontainers ClickHouse ({@value #IMAGE}) when a Docker engine answers;
 *   <li>the embedded engine (chDB), which every machine of ours can run.
 * </ol>
 * There is no fourth choice: if the chosen target cannot start, the tests fail with its reason;
 * they never skip. {@code NOEMATA_IT_TARGET=embedded} forces the embedded engine.
 *
 * <p>The cluster the tests of Distributed tables use ({@link #cluster()}): {@code NOEMATA_IT_CLUSTER}
 * on an external server (a cluster of its {@code remote_servers}); on the embedded engine its own
 * {@value io.noemata.embedded.LocalCluster#DEFAULT_NAME}, two shards that are both this engine.
 */
public final class ClickHouseTarget {

  /** The pinned server image for machines with Docker. */
  public static final String IMAGE = "clickhouse/clickhouse-server:25.8";

  public enum Kind { EXTERNAL, TESTCONTAINERS, EMBEDDED }

  private static ClickHouseTarget instance;

  private final Kind kind;
  private final String httpUrl;
  private final String user;
  private final String password;
  private final HttpFrontend embeddedFrontend;
  private final String cluster;

  private ClickHouseTarget(Kind kind, String httpUrl, String user, String password, HttpFrontend embeddedFrontend,
      String cluster) {
    this.cluster = cluster == null || cluster.isBlank() ? null : cluster;
    this.kind = kind;
    this.httpUrl = httpUrl.endsWith("/") ? httpUrl.substring(0, httpUrl.length() - 1) : httpUrl;
    this.user = user;
    this.password = password;
    this.embeddedFrontend = embeddedFrontend;
  }

  /** The target of this JVM, started at first use. */
  public static synchronized ClickHouseTarget get() {
    if (instance == null) {
      instance = choose();
      System.err.println("noemata itest: ClickHouse target " + instance.kind + " at " + instance.httpUrl);
    }
    return instance;
  }

  private static ClickHouseTarget choose() {
    String url = System.getenv("NOEMATA_IT_URL");
    String forced = System.getenv("NOEMATA_IT_TARGET");
    if (url != null && !url.isBlank()) {
      return new ClickHouseTarget(Kind.EXTERNAL, url.replaceFirst("^jdbc:(clickhouse|ch):", ""),
          envOr("NOEMATA_IT_USER", "default"), envOr("NOEMATA_IT_PASSWORD", ""), null, System.getenv("NOEMATA_IT_CLUSTER"));
    }
    if (!"embedded".equals(forced) && dockerAvailable()) {
      ClickHouseContainer container = new ClickHouseContainer(IMAGE);
      container.start();
      return new ClickHouseTarget(Kind.TESTCONTAINERS,
          "http://" + container.getHost() + ":" + container.getMappedPort(8123),
          container.getUsername(), container.getPassword(), null, null);
    }
    // with its two local shards, so that Distributed tables can be tested (the shards cost nothing else)
    EmbeddedClickHouse engine = EmbeddedClickHouse.start(null, null, LocalCluster.onFreePort(LocalCluster.DEFAULT_NAME));
    HttpFrontend frontend = engine.serve(0);
    return new ClickHouseTarget(Kind.EMBEDDED, frontend.url(), "default", "", frontend,
        engine.cluster().map(LocalCluster::name).orElse(null));
  }

  private static boolean dockerAvailable() {
    try {
      return DockerClientFactory.instance().isDockerAvailable();
    } catch (RuntimeException | LinkageError e) {
      return false;
    }
  }

  private static String envOr(String name, String fallback) {
    String v = System.getenv(name);
    return v == null ? fallback : v;
  }

  public Kind kind() {
    return kind;
  }

  /** The cluster for tests of Distributed tables, if the target has one. */
  public java.util.Optional<String> cluster() {
    return java.util.Optional.ofNullable(cluster);
  }

  /** {@code http://host:port} of the target. */
  public String httpUrl() {
    return httpUrl;
  }

  /** {@code host:port}, for building other URLs (e.g. {@code jdbc:noemata:clickhouse://host:port/db}). */
  public String hostPort() {
    return httpUrl.replaceFirst("^https?://", "");
  }

  /** {@code jdbc:clickhouse://host:port/<database>} for the official driver. */
  public String jdbcUrl(String database) {
    return "jdbc:clickhouse://" + hostPort() + "/" + database;
  }

  /** Credentials as JDBC properties; never printed. */
  public Properties credentials() {
    Properties p = new Properties();
    p.setProperty("user", user);
    p.setProperty("password", password);
    return p;
  }

  /** A plain clickhouse-jdbc connection to {@code database}. */
  public Connection connect(String database) throws SQLException {
    return DriverManager.getConnection(jdbcUrl(database), credentials());
  }

  /**
   * The SQL texts that reached the server and contain {@code marker} (put a unique comment in the
   * query), oldest first: the embedded engine's own log, or {@code system.query_log} on a server.
   */
  public List<String> arrivedSql(String marker) throws SQLException {
    if (embeddedFrontend != null) {
      return embeddedFrontend.queryLog().entries().stream().map(QueryLog.Entry::sql).filter(s -> s.contains(marker)).toList();
    }
    List<String> out = new ArrayList<>();
    try (Connection c = connect("system"); Statement s = c.createStatement()) {
      s.execute("SYSTEM FLUSH LOGS");
      try (PreparedStatement ps = c.prepareStatement("SELECT query FROM system.query_log WHERE type = 'QueryStart'"
          + " AND position(query, ?) > 0 AND query NOT LIKE '%system.query_log%' ORDER BY event_time_microseconds")) {
        ps.setString(1, marker);
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            out.add(rs.getString(1));
          }
        }
      }
    }
    return out;
  }

  /** The statements the embedded engine received; null on other targets (use {@link #arrivedSql} there). */
  public QueryLog embeddedQueryLog() {
    return embeddedFrontend == null ? null : embeddedFrontend.queryLog();
  }
}

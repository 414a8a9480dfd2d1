package io.noemata.itest;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

/**
 * An unchanged application, run in a JVM of its own by {@code AgentIT}: plain JDBC with a
 * {@code jdbc:clickhouse://} URL, then the same through a HikariCP pool. It knows nothing of noemata;
 * whether its SQL arrives rewritten depends only on {@code -javaagent}.
 *
 * <p>Arguments: the JDBC URL and the query to run. Prints one line per way of connecting.
 */
public final class AgentProbeApp {

  private AgentProbeApp() {}

  public static void main(String[] args) throws Exception {
    String url = args[0];
    String sql = args[1];
    try (Connection c = DriverManager.getConnection(url, "default", "")) {
      System.out.println("DriverManager: " + firstValue(c, sql));
    }
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url);
    config.setUsername("default");
    config.setPassword("");
    config.setMaximumPoolSize(2);
    try (HikariDataSource pool = new HikariDataSource(config); Connection c = pool.getConnection()) {
      System.out.println("HikariCP: " + firstValue(c, sql));
    }
  }

  private static String firstValue(Connection c, String sql) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getString(1) : "<no rows>";
    }
  }
}

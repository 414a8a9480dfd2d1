package io.noemata.itest;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

/**
 * An unchanged application, run in a JVM of its own by {@code AgentIT}: plain JDBC with a
 * {@code jdbc:clickhouse://} URL, then the same through a HikariCP pool. It knows nothing of noemata;
 * whether its SQL arrives rewritten depends only on {@code -javaagent}.
 *
 * <p>Arguments: the JDBC URL, the query to run, then {@code name=value} connection properties
 * (given to DriverManager and to the pool's data source). Prints one line per way of connecting.
 */
public final class AgentProbeApp {

  private AgentProbeApp() {}

  public static void main(String[] args) throws Exception {
    String url = args[0];
    String sql = args[1];
    Properties properties = new Properties();
    properties.setProperty("user", "default");
    properties.setProperty("password", "");
    for (int i = 2; i < args.length; i++) {
      String[] pair = args[i].split("=", 2);
      properties.setProperty(pair[0], pair[1]);
    }
    try (Connection c = DriverManager.getConnection(url, properties)) {
      System.out.println("DriverManager: " + firstValue(c, sql));
    }
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(url);
    config.setUsername("default");
    config.setPassword("");
    config.setMaximumPoolSize(2);
    properties.forEach((name, value) -> config.addDataSourceProperty((String) name, value));
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

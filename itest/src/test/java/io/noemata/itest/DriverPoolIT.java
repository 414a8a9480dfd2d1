package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;

import io.noemata.driver.DriverStats;
import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataDataSource;
import io.noemata.driver.NoemataStatement;

/** noemata inside a HikariCP pool, as Java services run it: by jdbcUrl, or as the pool's DataSource. */
class DriverPoolIT {

  static final String DB = "drv_pool";

  @BeforeAll
  static void table() throws SQLException {
    DriverFixture.podLogs(DB, 2);
  }

  private static void work(HikariDataSource pool) throws Exception {
    try (Connection c = pool.getConnection()) {
      c.unwrap(NoemataConnection.class).invalidateCatalog();
    }
    ExecutorService threads = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        done.add(threads.submit(() -> {
          for (int i = 0; i < 50; i++) {
            try (Connection c = pool.getConnection();
                PreparedStatement ps = c.prepareStatement("SELECT count() FROM logs WHERE attrs['k8s.pod.name'] = ?")) {
              ps.setString(1, "pod-" + (i % 2));
              try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next());
                assertEquals(100, rs.getLong(1));
              }
              assertTrue(ps.unwrap(NoemataStatement.class).provenance().changed(), "reached through the pool's proxy");
              assertEquals("01N11", ps.getWarnings().getSQLState());
            }
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get(5, TimeUnit.MINUTES);
      }
    } finally {
      threads.shutdown();
    }
  }

  @Test
  void poolByJdbcUrl() throws Exception {
    int before = DriverStats.openConnections();
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(DriverFixture.url(DB));
    config.setDataSourceProperties(DriverFixture.TARGET.credentials());
    config.setMaximumPoolSize(3);
    try (HikariDataSource pool = new HikariDataSource(config)) {
      work(pool);
    }
    assertEquals(before, DriverStats.openConnections(), "the pool closed every connection it opened");
  }

  @Test
  void poolOverTheDataSource() throws Exception {
    NoemataDataSource ds = new NoemataDataSource(DriverFixture.url(DB), DriverFixture.TARGET.credentials());
    HikariConfig config = new HikariConfig();
    config.setDataSource(ds);
    config.setMaximumPoolSize(2);
    try (HikariDataSource pool = new HikariDataSource(config)) {
      work(pool);
    }
  }
}

package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataStatement;
import io.noemata.driver.catalog.CatalogCache;
import io.noemata.embedded.http.QueryLog;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The catalog of what is installed is read once per server, user and refresh period, for every
 * connection of the JVM: 1,000 statements over 40 connections opened by 4 threads at once (as Spark
 * opens one per partition and task) make one catalog read, and the requests that reach the server
 * beside the statements themselves are that one read's.
 */
class CatalogRoundTripsIT {

  private static final String DB = "itest_catalog_trips";
  /** A TTL no other test uses: a catalog cache of this class's own, so its reads are this class's alone. */
  private static final String TTL = "641s";
  private static final int CONNECTIONS = 40;
  private static final int STATEMENTS_EACH = 25;

  @BeforeAll
  static void table() throws SQLException {
    DriverFixture.podLogs(DB, 2);
  }

  @Test
  void oneCatalogReadServesEveryConnectionOfTheJvm() throws Exception {
    QueryLog log = ClickHouseTarget.get().embeddedQueryLog();
    CatalogCache cache = CatalogCache.shared(Duration.ofSeconds(641), Duration.ofMillis(320_500), null);
    String marker = "trips-" + UUID.randomUUID();
    String sql = "SELECT count() FROM logs WHERE attrs['k8s.pod.name'] = 'pod-1' /* " + marker + " */";

    // what the JVM reads once for every catalog (the server's function names, by version) is read first
    try (Connection warm = DriverFixture.connect(DB, "noemata.catalog.ttl", "642s"); Statement s = warm.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next());
    }
    long readsBefore = cache.loads();
    long mark = log == null ? 0 : log.mark();
    ExecutorService tasks = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int c = 0; c < CONNECTIONS; c++) {
        done.add(tasks.submit(() -> {
          try (Connection conn = DriverFixture.connect(DB, "noemata.catalog.ttl", TTL)) {
            for (int i = 0; i < STATEMENTS_EACH; i++) {
              try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(sql)) {
                assertTrue(rs.next());
                assertEquals(100, rs.getLong(1));
                assertTrue(s.unwrap(NoemataStatement.class).provenance().changed(), "the stored column is read");
              }
            }
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      tasks.shutdownNow();
    }
    int statements = CONNECTIONS * STATEMENTS_EACH;
    assertEquals(1, cache.loads() - readsBefore, "catalog reads for " + statements + " statements");
    if (log == null) {
      return; // a server of yours: its query log is not this JVM's to count
    }
    long others = log.since(mark).stream().filter(e -> !e.sql().contains(marker)).count();
    long arrived = log.mark() - mark;
    assertEquals(statements, arrived - others, "every statement arrived once");

    // what one read costs, measured the same way
    long oneMark;
    try (Connection conn = DriverFixture.connect(DB, "noemata.catalog.ttl", TTL)) {
      conn.unwrap(NoemataConnection.class).invalidateCatalog();
      oneMark = log.mark();
      try (Statement s = conn.createStatement(); ResultSet rs = s.executeQuery(sql)) {
        assertNotNull(rs);
      }
    }
    long oneRead = log.mark() - oneMark - 1;
    assertEquals(oneRead, others, "the requests beside the statements are one catalog read's");
    System.out.printf(Locale.ROOT, "catalog round trips: %d statements over %d connections, 1 catalog read of %d requests:"
        + " %.1f requests per 1,000 statements%n", statements, CONNECTIONS, oneRead, others * 1000.0 / statements);
  }
}

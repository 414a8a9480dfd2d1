package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.noemata.driver.DriverStats;
import io.noemata.driver.NoemataConnection;
import io.noemata.driver.NoemataStatement;

/**
 * 16 connections running 200 statements each at once (1,000 under {@code -Pthorough}, {@code
 * -Dnoemata.concurrency.statements=N}): right answers, no error, nothing left open.
 */
class DriverConcurrencyIT {

  static final String DB = "drv_concurrency";
  static final int CONNECTIONS = 16;
  static final int QUERIES = Trials.count("noemata.concurrency.statements", 200, 1000);

  @BeforeAll
  static void table() throws SQLException {
    DriverFixture.podLogs(DB, 4);
  }

  /** One connection's work: a rewritten query, a prepared one, a pass-through, in turn; returns how many were rewritten. */
  private static Callable<Integer> worker(int id, CountDownLatch start) {
    return () -> {
      int rewritten = 0;
      try (Connection c = DriverFixture.connect(DB)) {
        start.await();
        for (int i = 0; i < QUERIES; i++) {
          int pod = (id + i) % 4;
          switch (i % 3) {
            case 0 -> {
              try (Statement s = c.createStatement();
                  ResultSet rs = s.executeQuery("SELECT count() FROM logs WHERE attrs['k8s.pod.name'] = 'pod-" + pod + "'")) {
                assertTrue(rs.next());
                assertEquals(100, rs.getLong(1));
                rewritten += s.unwrap(NoemataStatement.class).provenance().changed() ? 1 : 0;
              }
            }
            case 1 -> {
              try (PreparedStatement ps = c.prepareStatement("SELECT count() FROM logs WHERE attrs['k8s.pod.name'] = ?")) {
                ps.setString(1, "pod-" + pod);
                try (ResultSet rs = ps.executeQuery()) {
                  assertTrue(rs.next());
                  assertEquals(100, rs.getLong(1));
                }
                rewritten += ps.unwrap(NoemataStatement.class).provenance().changed() ? 1 : 0;
              }
            }
            default -> {
              try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT " + i)) {
                assertTrue(rs.next());
                assertEquals(i, rs.getInt(1));
              }
            }
          }
        }
        assertEquals(0, c.unwrap(NoemataConnection.class).openStatementCount(), "every statement closed");
        assertEquals(0, c.unwrap(NoemataConnection.class).fallbackCount());
      }
      return rewritten;
    };
  }

  @Test
  void sixteenConnectionsRunningStatementsAtOnce() throws Exception {
    int openBefore = DriverStats.openConnections();
    ExecutorService pool = Executors.newFixedThreadPool(CONNECTIONS);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Integer>> results = new ArrayList<>();
      for (int i = 0; i < CONNECTIONS; i++) {
        results.add(pool.submit(worker(i, start)));
      }
      start.countDown();
      int rewritten = 0;
      for (Future<Integer> f : results) {
        rewritten += f.get(10, TimeUnit.MINUTES); // rethrows any worker's failure
      }
      int perConnection = (QUERIES + 2) / 3 + (QUERIES + 1) / 3;
      assertEquals(CONNECTIONS * perConnection, rewritten, "every Map subscript query read the stored column");
    } finally {
      pool.shutdown();
      assertTrue(pool.awaitTermination(1, TimeUnit.MINUTES));
    }
    assertEquals(openBefore, DriverStats.openConnections(), "every connection closed");
  }
}

package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.driver.DriverStats;
import io.noemata.driver.NoemataConnection;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Chaos: several workers at once, each with a plain clickhouse-jdbc and a noemata connection (and a
 * read-only pair), run a seeded random sequence of statements on one of them: rollup and stored
 * column reads with known answers, inserts and DDL on a table of their own (its content modelled
 * exactly), and every failure kind (a parse error, an unknown table, throwIf after output began,
 * max_execution_time, a readonly refusal, a client that hangs up mid-result), while publishes of
 * other projects run beside them. Every answer equals its expected value, every failure carries
 * the server's code, every connection still works afterwards, no statement or connection is left
 * open. {@code -Dnoemata.chaos.statements=N} in all (160 by default, 400 under {@code -Pthorough},
 * 10,000 under {@code -Psoak}),
 * {@code -Dnoemata.chaos.seed=S}.
 */
class ChaosIT {

  static final int STATEMENTS = io.noemata.itest.Trials.count("noemata.chaos.statements", 160, 400);
  static final int PUBLISHES = Integer.getInteger("noemata.chaos.publishes", 1);
  static final long SEED = Long.getLong("noemata.chaos.seed", 2L);
  static final int WORKERS = 4;
  static final String DB = "it_chaos";

  static final int SYNTAX_ERROR = 62;
  static final int UNKNOWN_TABLE = 60;
  static final int THROW_IF = 395;
  static final int TIMEOUT_EXCEEDED = 159;
  static final int READONLY = 164;

  @TempDir static Path dir;

  static Connection open(boolean noemata, String... props) throws SQLException {
    Properties p = InstallerFixture.TARGET.credentials();
    for (int i = 0; i < props.length; i += 2) {
      p.setProperty(props[i], props[i + 1]);
    }
    return DriverManager.getConnection("jdbc:" + (noemata ? "noemata:" : "") + "clickhouse://"
        + InstallerFixture.TARGET.hostPort() + "/" + DB, p);
  }

  /** Every row as text. */
  static List<String> rows(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder b = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          b.append(i == 1 ? "" : " | ").append(rs.getString(i));
        }
        out.add(b.toString());
      }
    }
    return out;
  }

  /** The server's code of the failure of {@code sql} (read to its end), or -1 when it succeeded. */
  static int failure(Connection c, String sql) {
    try (Statement s = c.createStatement()) {
      if (s.execute(sql)) {
        try (ResultSet rs = s.getResultSet()) {
          while (rs.next()) {
            rs.getString(1);
          }
        }
      }
      return -1;
    } catch (SQLException e) {
      return e.getErrorCode();
    }
  }

  record Expected(String perService, List<String> perServiceRows, String pod, List<String> podRows) {}

  /** One worker: its connections, its table's modelled content (null: no table), its random sequence. */
  static final class Worker {
    final int id;
    final Random r;
    final Connection plain;
    final Connection noemata;
    final Connection plainReadonly;
    final Connection noemataReadonly;
    final Expected expected;
    List<Long> table;
    long next;
    final AtomicInteger done;

    Worker(int id, Expected expected, AtomicInteger done) throws SQLException {
      this.id = id;
      this.r = new Random(SEED * 31 + id);
      this.expected = expected;
      this.done = done;
      plain = open(false);
      noemata = open(true);
      plainReadonly = open(false, "clickhouse_setting_readonly", "2");
      noemataReadonly = open(true, "clickhouse_setting_readonly", "2");
    }

    String table() {
      return DB + ".chaos_w" + id;
    }

    void run(int statements) throws Exception {
      for (int i = 0; i < statements; i++) {
        boolean viaNoemata = r.nextBoolean();
        Connection c = viaNoemata ? noemata : plain;
        String where = "worker " + id + " statement " + i + " via " + (viaNoemata ? "noemata" : "clickhouse-jdbc");
        step(c, viaNoemata, r.nextInt(100), where);
        done.incrementAndGet();
      }
    }

    private void step(Connection c, boolean viaNoemata, int dice, String where) throws Exception {
      if (dice < 20) {
        assertEquals(expected.perServiceRows(), rows(c, expected.perService()), where + ": rollup read");
      } else if (dice < 30) {
        assertEquals(expected.podRows(), rows(c, expected.pod()), where + ": stored column read");
      } else if (dice < 45) {
        String sql = "SELECT count(), sum(k) FROM " + table();
        if (table == null) {
          assertEquals(UNKNOWN_TABLE, failure(c, sql), where + ": own table dropped");
        } else {
          long sum = table.stream().mapToLong(Long::longValue).sum();
          assertEquals(List.of(table.size() + " | " + sum), rows(c, sql), where + ": own table's content");
        }
      } else if (dice < 58) {
        int n = 1 + r.nextInt(50);
        String sql = "INSERT INTO " + table() + " SELECT number + " + next + " FROM numbers(" + n + ")";
        if (table == null) {
          assertEquals(UNKNOWN_TABLE, failure(c, sql), where + ": insert into a dropped table");
        } else {
          try (Statement s = c.createStatement()) {
            s.execute(sql);
          }
          for (int k = 0; k < n; k++) {
            table.add(next + k);
          }
          next += n;
        }
      } else if (dice < 64) {
        try (Statement s = c.createStatement()) {
          if (table == null) {
            s.execute("CREATE TABLE " + table() + " (k UInt64) ENGINE = MergeTree ORDER BY k");
            table = new ArrayList<>();
          } else {
            s.execute("DROP TABLE " + table());
            table = null;
          }
        }
      } else if (dice < 70) {
        assertEquals(SYNTAX_ERROR, failure(c, "SELEC count() FROM " + table()), where + ": parse error");
      } else if (dice < 76) {
        assertEquals(UNKNOWN_TABLE, failure(c, "SELECT count() FROM " + DB + ".no_such_table"), where);
      } else if (dice < 82) {
        assertEquals(THROW_IF, failure(c, "SELECT number, throwIf(number = 9000) FROM numbers(10000)"
            + " SETTINGS max_block_size = 100"), where + ": throwIf after output began");
      } else if (dice < 85) {
        assertEquals(TIMEOUT_EXCEEDED, failure(c, "SELECT sleepEachRow(0.05) FROM numbers(20)"
            + " SETTINGS max_block_size = 1, max_execution_time = 0.2"), where + ": max_execution_time");
      } else if (dice < 91) {
        Connection ro = viaNoemata ? noemataReadonly : plainReadonly;
        assertEquals(READONLY, failure(ro, "CREATE TABLE " + DB + ".not_made_" + id + " (k UInt8) ENGINE = Memory"),
            where + ": readonly refusal");
        assertEquals(List.of("1"), rows(ro, "SELECT 1"), where + ": the readonly connection still answers");
      } else {
        // the client hangs up mid-result: reads a few rows of a long answer and closes it
        try (Statement s = c.createStatement();
            ResultSet rs = s.executeQuery("SELECT number, toString(number) FROM numbers(300000)")) {
          for (int k = 0; k < 10; k++) {
            assertTrue(rs.next());
            assertEquals(k, rs.getLong(1), where);
          }
        }
      }
    }

    void close() throws SQLException {
      for (Connection c : List.of(plain, noemata, plainReadonly, noemataReadonly)) {
        assertTrue(c.isValid(10), "worker " + id + ": a connection was left unusable");
        if (c.isWrapperFor(NoemataConnection.class)) {
          assertEquals(0, c.unwrap(NoemataConnection.class).openStatementCount(), "worker " + id + ": leaked statements");
        }
        c.close();
      }
    }
  }

  @Test
  void interleavedStatementsFailuresDdlAndPublishesAnswerExactly() throws Exception {
    InstallerFixture fx = new InstallerFixture(DB, dir.resolve("chaos"), 4_000);
    fx.publish();
    String perService = DriverLedgerIT.perService().replace(DriverLedgerIT.DB + ".", DB + ".");
    String pod = "SELECT count() FROM " + DB + ".otel_logs WHERE ResourceAttributes['k8s.pod.name'] = "
        + "(SELECT any(ResourceAttributes['k8s.pod.name']) FROM " + DB + ".otel_logs WHERE ServiceName = 'cart')";
    Expected expected = new Expected(perService, fx.rows(perService), pod, fx.rows(pod));
    assertTrue(expected.perServiceRows().size() > 3);
    try (Connection n = open(true); Statement s = n.createStatement()) {
      n.unwrap(NoemataConnection.class).invalidateCatalog(); // another class may have cached it before the publish
      s.executeQuery(perService).close();
      assertTrue(s.unwrap(io.noemata.driver.NoemataStatement.class).provenance().changed(), "a rollup answers it");
    }
    int connectionsBefore = DriverStats.openConnections();
    AtomicInteger done = new AtomicInteger();
    List<Worker> workers = new ArrayList<>();
    for (int w = 0; w < WORKERS; w++) {
      workers.add(new Worker(w, expected, done));
    }
    ExecutorService pool = Executors.newFixedThreadPool(WORKERS);
    List<Future<?>> running = new ArrayList<>();
    for (Worker w : workers) {
      running.add(pool.submit(() -> {
        w.run(STATEMENTS / WORKERS);
        return null;
      }));
    }
    // publishes of other projects while the workers run: DDL, ledger writes, catalog reloads
    List<String> published = Collections.synchronizedList(new ArrayList<>());
    for (int p = 0; p < PUBLISHES; p++) {
      InstallerFixture other = new InstallerFixture(DB + "_pub" + p, dir.resolve("pub" + p), 500);
      other.publish();
      published.add(other.db);
    }
    pool.shutdown();
    for (Future<?> f : running) {
      f.get(30, TimeUnit.MINUTES);
    }
    for (Worker w : workers) {
      w.close();
    }
    assertEquals(connectionsBefore, DriverStats.openConnections(), "every noemata connection closed");
    assertEquals(STATEMENTS / WORKERS * WORKERS, done.get());
    System.err.printf("ChaosIT: %d statements from %d workers (seed %d), %d publishes beside them%n", done.get(),
        WORKERS, SEED, published.size());
    for (String db : published) {
      fx.execute("DROP DATABASE " + db);
    }
  }
}

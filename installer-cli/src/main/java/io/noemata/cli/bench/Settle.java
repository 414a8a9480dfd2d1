package io.noemata.cli.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * Waits until the engine runs no background merge or mutation, so that what a bench measures next
 * is not slowed by merging the rows it has just written (at 50M rows the generator's and the
 * backfills' parts keep both cores busy for minutes). A benchmark's wait, never a test's.
 */
public final class Settle {

  private Settle() {}

  /** How long it waited; gives up after {@code limit}. */
  public static Duration await(Connection c, Duration limit) throws SQLException, InterruptedException {
    long start = System.nanoTime();
    while (busy(c) && System.nanoTime() - start < limit.toNanos()) {
      Thread.sleep(1000);
    }
    return Duration.ofNanos(System.nanoTime() - start);
  }

  /**
   * Waits, polling every 20 ms for at most a minute, until no merge runs: the ingest bench's end of
   * a turn, so that the merges an insert caused are counted with it (a 1 s poll would add a second
   * of other sessions' noise to every turn; a poll costs well under a millisecond of CPU).
   */
  public static void quiet(Connection c) throws SQLException, InterruptedException {
    long start = System.nanoTime();
    while (busy(c) && System.nanoTime() - start < Duration.ofMinutes(1).toNanos()) {
      Thread.sleep(20);
    }
  }

  private static boolean busy(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(
        "SELECT (SELECT count() FROM system.merges) + (SELECT count() FROM system.mutations WHERE NOT is_done)")) {
      rs.next();
      return rs.getLong(1) > 0;
    }
  }
}

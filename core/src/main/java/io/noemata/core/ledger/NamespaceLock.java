package io.noemata.core.ledger;

import io.noemata.core.sql.Literals;
import java.net.InetAddress;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * "An installation holds a namespace lock until it finishes. A second publication or prune fails and
 * names the lock holder. If a process crashes, the lock expires within a minute." ClickHouse has no
 * compare-and-set, so every contender inserts its row and then the oldest live row wins; losers
 * withdraw theirs. The holder renews its expiry while it works ({@link #renew}).
 */
public final class NamespaceLock implements AutoCloseable {

  /** How long a lock lives without renewal: the seed's "within a minute". */
  public static final Duration DEFAULT_TTL = Duration.ofSeconds(60);

  private final Connection connection;
  private final String namespace;
  private final List<String> databases;
  private final String holder;
  private final Duration ttl;
  private final Clock clock;
  private final Instant acquiredAt;
  private Instant renewedAt;

  private NamespaceLock(Connection connection, String namespace, List<String> databases, String holder,
      Duration ttl, Clock clock, Instant acquiredAt) {
    this.connection = connection;
    this.namespace = namespace;
    this.databases = List.copyOf(databases);
    this.holder = holder;
    this.ttl = ttl;
    this.clock = clock;
    this.acquiredAt = acquiredAt;
    this.renewedAt = acquiredAt;
  }

  /** {@code user@host pid N #id}: what a second installation prints about this one. */
  public static String describeThisProcess(String user) {
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (Exception e) {
      host = "unknown-host";
    }
    return (user == null || user.isBlank() ? "default" : user) + "@" + host + " pid "
        + ProcessHandle.current().pid() + " #" + UUID.randomUUID().toString().substring(0, 8);
  }

  /** Takes the lock in every database of {@code databases} (sorted, so contenders meet in one order). */
  public static NamespaceLock acquire(Connection c, String namespace, List<String> databases, String holder,
      Duration ttl, Clock clock) throws SQLException, LockHeldException {
    List<String> sorted = databases.stream().sorted().distinct().toList();
    Instant now = clock.instant();
    NamespaceLock lock = new NamespaceLock(c, namespace, sorted, holder, ttl, clock, now);
    List<String> taken = new ArrayList<>();
    for (String db : sorted) {
      lock.write(db, now.plus(ttl), false);
      String[] winner = lock.oldestLive(db, now);
      if (winner == null || !winner[0].equals(holder)) {
        lock.write(db, now, true);
        for (String t : taken) {
          lock.write(t, now, true);
        }
        throw new LockHeldException(namespace, db, winner == null ? "an unknown holder" : winner[0],
            winner == null ? now : Instant.ofEpochMilli(Long.parseLong(winner[1])));
      }
      taken.add(db);
    }
    return lock;
  }

  public String holder() {
    return holder;
  }

  /** Pushes the expiry out again; cheap to call often (writes at most every ttl/4). */
  public void renew() throws SQLException {
    Instant now = clock.instant();
    if (Duration.between(renewedAt, now).compareTo(ttl.dividedBy(4)) < 0) {
      return;
    }
    for (String db : databases) {
      write(db, now.plus(ttl), false);
    }
    renewedAt = now;
  }

  @Override
  public void close() throws SQLException {
    Instant now = clock.instant();
    for (String db : databases) {
      write(db, now, true);
    }
  }

  private void write(String db, Instant expires, boolean released) throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute("INSERT INTO " + Literals.qualified(db, LedgerSchema.lockTable(namespace)) + " SELECT "
          + Literals.string(holder) + ", fromUnixTimestamp64Milli(" + acquiredAt.toEpochMilli() + ", 'UTC'),"
          + " fromUnixTimestamp64Milli(" + expires.toEpochMilli() + ", 'UTC'), " + (released ? 1 : 0) + ", "
          + LedgerWriter.nextVersion());
    }
  }

  /** {holder, expires epoch millis} of the oldest unreleased, unexpired row, or null. */
  private String[] oldestLive(String db, Instant now) throws SQLException {
    String sql = "SELECT holder, toUnixTimestamp64Milli(expires_at) FROM "
        + Literals.qualified(db, LedgerSchema.lockTable(namespace)) + " FINAL WHERE released = 0 AND expires_at > "
        + "fromUnixTimestamp64Milli(" + now.toEpochMilli() + ", 'UTC') ORDER BY acquired_at, holder LIMIT 1";
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? new String[] {rs.getString(1), Long.toString(rs.getLong(2))} : null;
    }
  }
}

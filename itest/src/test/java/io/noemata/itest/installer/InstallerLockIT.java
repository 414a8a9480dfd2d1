package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.ledger.LedgerWriter;
import io.noemata.core.ledger.LockHeldException;
import io.noemata.core.ledger.NamespaceLock;
import io.noemata.installer.steps.InstallOptions;
import io.noemata.itest.ProcessRun;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The namespace lock: a second publish fails naming the holder; a lock whose holder died is taken over once it expired (by an injected clock). */
class InstallerLockIT {

  @TempDir Path dir;

  @Test
  void theDefaultLockExpiresWithinAMinute() {
    assertTrue(NamespaceLock.DEFAULT_TTL.compareTo(Duration.ofSeconds(60)) <= 0);
  }

  @Test
  void aSecondPublishFailsNamingTheHolderAndALeftLockIsTakenOverAfterItExpires() throws Exception {
    InstallerFixture fx = new InstallerFixture("it_lock", dir, 2_000);
    try (Connection c = fx.connect()) {
      new LedgerWriter(c, "noemata").ensureTables(fx.db);
      // a holder that "crashed": it took the lock and will never renew or release it
      NamespaceLock.acquire(c, "noemata", List.of(fx.db), "ops@host-a pid 4242 #dead", Duration.ofSeconds(15),
          Clock.systemUTC());
    }
    LockHeldException held = assertThrows(LockHeldException.class, fx::publish);
    assertEquals("ops@host-a pid 4242 #dead", held.holder());
    assertTrue(held.getMessage().contains("locked in database " + fx.db + " by ops@host-a pid 4242 #dead"),
        held.getMessage());

    ProcessRun cli = ProcessRun.run(InstallerKillIT.publish(fx.project), Map.of(), 120);
    assertEquals(3, cli.exitCode(), cli.stderr());
    assertTrue(cli.stderr().contains("ops@host-a pid 4242 #dead"), cli.stderr());
    assertEquals(0, fx.count("SELECT count() FROM system.tables WHERE database = '" + fx.db
        + "' AND name LIKE 'noemata_rollup%'"), "a refused publish changes nothing");

    // the dead holder's lock expires 15 s after it was taken: by a clock 16 s ahead it has, so this
    // publish takes it over at once (an injected clock, not a wait)
    fx.publish(InstallerFixture.options("itest@" + fx.db).withClock(Clock.offset(Clock.systemUTC(),
        Duration.ofSeconds(16))));
    InstallerFixture.assertSameRows(fx.logs1mRaw(), fx.logs1mRollup());
  }

  @Test
  void twoPublishesStartedTogetherOneInstallsTheOtherNamesItsHolder() throws Exception {
    InstallerFixture fx = new InstallerFixture("it_lock_two", dir, 1_000);
    List<String> cmd = ProcessRun.cli("publish", "--project", fx.project.toString(), "--url",
        InstallerFixture.TARGET.httpUrl(), "--cutover-delay", "5s");
    // two threads of our own: the common pool may have a single worker on two cores
    var pool = java.util.concurrent.Executors.newFixedThreadPool(2);
    List<ProcessRun> runs;
    try {
      var a = pool.submit(() -> run(cmd));
      var b = pool.submit(() -> run(cmd));
      runs = List.of(a.get(), b.get());
    } finally {
      pool.shutdown();
    }
    List<Integer> codes = runs.stream().map(ProcessRun::exitCode).sorted().toList();
    assertEquals(List.of(0, 3), codes, runs.toString());
    ProcessRun refused = runs.stream().filter(r -> r.exitCode() == 3).findFirst().orElseThrow();
    assertTrue(refused.stderr().matches("(?s).*is locked in database it_lock_two by default@\\S+ pid \\d+ #.*"),
        refused.stderr());
    InstallerFixture.assertSameRows(fx.logs1mRaw(), fx.logs1mRollup());
  }

  private static ProcessRun run(List<String> cmd) {
    try {
      return ProcessRun.run(cmd, Map.of("NOEMATA_CH_USER", "default"), 300);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  void twoConcurrentContendersNeverBothHoldTheLock() throws Exception {
    InstallerFixture fx = new InstallerFixture("it_lock_race", dir, 100);
    try (Connection a = fx.connect(); Connection b = fx.connect()) {
      new LedgerWriter(a, "noemata").ensureTables(fx.db);
      try (NamespaceLock first = NamespaceLock.acquire(a, "noemata", List.of(fx.db), "first", Duration.ofSeconds(30),
          Clock.systemUTC())) {
        LockHeldException e = assertThrows(LockHeldException.class, () -> NamespaceLock.acquire(b, "noemata",
            List.of(fx.db), "second", Duration.ofSeconds(30), Clock.systemUTC()));
        assertEquals("first", e.holder());
      }
      NamespaceLock.acquire(b, "noemata", List.of(fx.db), "second", Duration.ofSeconds(30), Clock.systemUTC()).close();
    }
    assertTrue(InstallOptions.defaults("x", io.noemata.installer.steps.Progress.QUIET).lockTtl().getSeconds() == 60);
  }
}

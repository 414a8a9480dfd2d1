package io.noemata.installer.steps;

import io.noemata.core.ledger.NamespaceLock;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * How an installation runs.
 *
 * @param cutoverDelay how far after the plan a rollup's cutover lies (the seed's "about 30
 *     seconds"; short in tests)
 * @param lockTtl how long the namespace lock lives without renewal (60 s)
 * @param retirement how long a retired accelerator is kept before prune may drop it (7 days)
 * @param mutationTimeout the longest wait for one mutation
 * @param clock the clock for cutovers, retirement and prune (injectable in tests)
 * @param holder who holds the lock, as a second installation reports it
 * @param progress where steps and chunks are reported
 * @param checkpoints told at each resumable point (kill tests stop the process there; none otherwise)
 * @param sleeper how waits for the clock pass (tests advance their clock instead of sleeping)
 * @param cluster the cluster to run statements on, over noemata.json's (the CLI's {@code --cluster})
 */
public record InstallOptions(Duration cutoverDelay, Duration lockTtl, Duration retirement, Duration mutationTimeout,
    Clock clock, String holder, Progress progress, Checkpoints checkpoints, Sleeper sleeper, Optional<String> cluster) {

  /** Waits {@code d} of the installation's clock. */
  @FunctionalInterface
  public interface Sleeper {
    void sleep(Duration d) throws InterruptedException;
  }

  /** Real time passes. */
  public static final Sleeper THREAD_SLEEP = d -> Thread.sleep(d.toMillis());

  public static final Duration DEFAULT_CUTOVER_DELAY = Duration.ofSeconds(30);
  public static final Duration DEFAULT_RETIREMENT = Duration.ofDays(7);

  public InstallOptions {
    Objects.requireNonNull(cutoverDelay, "cutoverDelay");
    Objects.requireNonNull(lockTtl, "lockTtl");
    Objects.requireNonNull(retirement, "retirement");
    Objects.requireNonNull(mutationTimeout, "mutationTimeout");
    Objects.requireNonNull(clock, "clock");
    Objects.requireNonNull(holder, "holder");
    Objects.requireNonNull(progress, "progress");
    Objects.requireNonNull(checkpoints, "checkpoints");
    Objects.requireNonNull(sleeper, "sleeper");
    Objects.requireNonNull(cluster, "cluster");
    if (cutoverDelay.isNegative()) {
      throw new IllegalArgumentException("cutover delay must not be negative");
    }
  }

  /** The seed's defaults: cutover 30 s after the plan, 60 s lock, seven days of retirement. */
  public static InstallOptions defaults(String holder, Progress progress) {
    return new InstallOptions(DEFAULT_CUTOVER_DELAY, NamespaceLock.DEFAULT_TTL, DEFAULT_RETIREMENT,
        Duration.ofHours(6), Clock.systemUTC(), holder, progress, Checkpoints.NONE, THREAD_SLEEP, Optional.empty());
  }

  public InstallOptions withCutoverDelay(Duration d) {
    return new InstallOptions(d, lockTtl, retirement, mutationTimeout, clock, holder, progress, checkpoints, sleeper, cluster);
  }

  public InstallOptions withClock(Clock c) {
    return new InstallOptions(cutoverDelay, lockTtl, retirement, mutationTimeout, c, holder, progress, checkpoints, sleeper, cluster);
  }

  /** A clock and the waits that pass it: a test's clock that moves when the installer waits. */
  public InstallOptions withClock(Clock c, Sleeper s) {
    return new InstallOptions(cutoverDelay, lockTtl, retirement, mutationTimeout, c, holder, progress, checkpoints, s, cluster);
  }

  public InstallOptions withProgress(Progress p) {
    return new InstallOptions(cutoverDelay, lockTtl, retirement, mutationTimeout, clock, holder, p, checkpoints, sleeper, cluster);
  }

  public InstallOptions withLockTtl(Duration ttl) {
    return new InstallOptions(cutoverDelay, ttl, retirement, mutationTimeout, clock, holder, progress, checkpoints, sleeper, cluster);
  }

  public InstallOptions withHolder(String h) {
    return new InstallOptions(cutoverDelay, lockTtl, retirement, mutationTimeout, clock, h, progress, checkpoints, sleeper, cluster);
  }

  public InstallOptions withCheckpoints(Checkpoints c) {
    return new InstallOptions(cutoverDelay, lockTtl, retirement, mutationTimeout, clock, holder, progress, c, sleeper, cluster);
  }

  /** These options with statements run on {@code name} (null: noemata.json decides). */
  public InstallOptions withCluster(String name) {
    return new InstallOptions(cutoverDelay, lockTtl, retirement, mutationTimeout, clock, holder, progress, checkpoints, sleeper,
        Optional.ofNullable(name));
  }
}

package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.installer.steps.Checkpoints;
import io.noemata.itest.ProcessRun;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * Kill tests: {@code noemata publish} in its own process stopped without any cleanup (its lock left
 * behind) after the plan, after the cutover, in the middle of the backfill and before serve (a child
 * that halts at the install options' checkpoint, then the CLI), and by a real SIGKILL; a rerun
 * completes and every rollup equals the raw aggregate exactly (no chunk counted twice or missed).
 */
class InstallerKillIT {

  @TempDir Path dir;

  static List<String> publish(Path project) {
    List<String> cmd = new ArrayList<>(ProcessRun.cli("publish", "--project", project.toString(), "--url",
        InstallerFixture.TARGET.httpUrl(), "--cutover-delay", "1s", "--lock-ttl", "3s"));
    return cmd;
  }

  /**
   * Publishes again after a kill: by a clock 5 s ahead (the dead run's lock lives 3 s past its last
   * renewal), so the lock is taken over at once, deterministically, with no waiting for it to expire.
   */
  static ProcessRun publishUntilDone(Path project) throws Exception {
    List<String> cmd = publish(project);
    cmd.addAll(List.of("--clock-offset", "5s"));
    return ProcessRun.run(cmd, Map.of(), 300);
  }

  static void assertRollupsEqualRaw(InstallerFixture fx) throws Exception {
    InstallerFixture.assertSameRows(fx.logs1mRaw(), fx.logs1mRollup());
    InstallerFixture.assertSameRows(fx.logs1hRaw(), fx.logs1hRollup());
    InstallerFixture.assertSameRows(fx.spansRawExact(), fx.spansRollupExact());
    assertEquals(0, fx.count("SELECT count() FROM " + fx.db + ".noemata_resource_ledger FINAL WHERE state != 'ready'"));
  }

  @ParameterizedTest
  @EnumSource(value = Checkpoints.Point.class, names = "MID_REPAIR", mode = EnumSource.Mode.EXCLUDE) // a repair of late rows: LateRowsIT
  void aRunKilledAtAnyStepIsCompletedByTheNext(Checkpoints.Point point) throws Exception {
    InstallerFixture fx = new InstallerFixture("it_kill_" + point.name().toLowerCase(java.util.Locale.ROOT), dir, 6_000);
    Properties credentials = InstallerFixture.TARGET.credentials();
    ProcessRun killed = ProcessRun.run(
        ProcessRun.javaMain(HaltingPublish.class.getName(), point.name(), fx.project.toString(),
            InstallerFixture.TARGET.jdbcUrl(fx.db)),
        Map.of("NOEMATA_CH_USER", credentials.getProperty("user"), "NOEMATA_CH_PASSWORD", credentials.getProperty("password")),
        300);
    assertEquals(137, killed.exitCode(), killed.stdout() + killed.stderr());
    ProcessRun again = publishUntilDone(fx.project);
    assertEquals(0, again.exitCode(), again.stdout() + again.stderr());
    assertRollupsEqualRaw(fx);
  }

  @Test
  void aRealSigkillWhileWaitingForTheCutoverIsResumed() throws Exception {
    InstallerFixture fx = new InstallerFixture("it_kill_sigkill", dir, 6_000);
    List<String> cmd = ProcessRun.cli("publish", "--project", fx.project.toString(), "--url",
        InstallerFixture.TARGET.httpUrl(), "--cutover-delay", "12s", "--lock-ttl", "3s");
    Process p = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
    String seen = CompletableFuture.supplyAsync(() -> {
      try {
        for (String line; (line = err.readLine()) != null; ) {
          if (line.startsWith("install rollup spans_1m")) {
            return line;
          }
        }
        return "ended";
      } catch (Exception e) {
        return "unreadable";
      }
    }).get(120, TimeUnit.SECONDS);
    assertTrue(seen.startsWith("install rollup"), seen);
    p.destroyForcibly(); // SIGKILL
    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    ProcessRun again = publishUntilDone(fx.project);
    assertEquals(0, again.exitCode(), again.stdout() + again.stderr());
    assertRollupsEqualRaw(fx);
  }
}

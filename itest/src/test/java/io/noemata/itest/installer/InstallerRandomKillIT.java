package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.ledger.LedgerReader;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.itest.ProcessRun;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kill -9 anywhere: {@code noemata publish} (plan, install, backfill, serve) in its own process,
 * SIGKILLed after a random number of its progress lines (a moment chosen by the seed, anywhere from
 * the plan to the end), then run once more by a clock 5 s ahead, so the dead run's 3 s lock is
 * taken over at once (an injected clock, no waiting). Afterwards the ledger is consistent (every
 * row ready), every rollup equals the aggregate over raw exactly (no day chunk twice, none missing)
 * and every stable view points at its ready target. {@code -Dnoemata.kill.runs=N} (50 under
 * {@code -Psoak}), {@code -Dnoemata.kill.seed=S}.
 */
class InstallerRandomKillIT {

  static final int RUNS = Integer.getInteger("noemata.kill.runs", 2);
  static final long SEED = Long.getLong("noemata.kill.seed", 14L);
  /** Progress lines of a whole publish of the example project are fewer than this. */
  static final int MAX_LINES = 24;

  @TempDir Path dir;

  @Test
  void publishKilledAtRandomMomentsIsFinishedExactlyByTheNextRun() throws Exception {
    Random r = new Random(SEED);
    int killedMidway = 0;
    for (int run = 0; run < RUNS; run++) {
      InstallerFixture fx = new InstallerFixture("it_killr_" + run, dir.resolve("p" + run), 1_500);
      int lines = 1 + r.nextInt(MAX_LINES);
      boolean killed = killAfterLines(fx.project, lines);
      killedMidway += killed ? 1 : 0;
      ProcessRun again = InstallerKillIT.publishUntilDone(fx.project);
      assertEquals(0, again.exitCode(), "run " + run + " killed after " + lines + " lines: " + again.stdout()
          + again.stderr());
      InstallerKillIT.assertRollupsEqualRaw(fx);
      assertStableViewsPointAtReadyTargets(fx, 3);
      fx.execute("DROP DATABASE " + fx.db);
    }
    System.err.printf("InstallerRandomKillIT: %d runs (seed %d), %d killed before they finished%n", RUNS, SEED,
        killedMidway);
    assertTrue(killedMidway > 0, "some runs were killed midway");
  }

  /**
   * Prune killed at a random moment: two retired accelerators, prune run as if eight days had passed
   * ({@code --clock-offset}, so the retirement is over) and SIGKILLed after a random number of its
   * lines; the rerun, its clock two minutes later still, takes the dead run's lock over at once
   * (expired by its clock) and finishes: the retired objects are gone, their rows pruned, the rest
   * still equals raw and every stable view points at a ready target.
   */
  @Test
  void pruneKilledAtRandomMomentsIsFinishedByTheNextRun() throws Exception {
    Random r = new Random(SEED + 1);
    int runs = Math.max(1, RUNS / 3);
    for (int run = 0; run < runs; run++) {
      InstallerFixture fx = new InstallerFixture("it_killp_" + run, dir.resolve("q" + run), 1_000);
      fx.publish();
      Path file = fx.project.resolve("@frames/opentelemetry/views/otel.resources.json");
      java.nio.file.Files.writeString(file, InstallerRetireIT.without(java.nio.file.Files.readString(file), "logs_1h",
          "pod_name_filter"));
      fx.publish();
      String target1h = InstallerRetireIT.target(fx, "logs_1h");
      killAfterLines(prune(fx.project, "691200s"), 1 + r.nextInt(6));
      ProcessRun again = ProcessRun.run(prune(fx.project, "691320s"), java.util.Map.of(), 300);
      assertEquals(0, again.exitCode(), again.stdout() + again.stderr());
      assertEquals(List.of(), fx.rows("SELECT name FROM system.tables WHERE database = '" + fx.db
          + "' AND (startsWith(name, 'noemata_rollup_logs_logs_1h') OR name = '" + target1h + "')"));
      assertEquals(io.noemata.core.ledger.LedgerState.PRUNED, InstallerRetireIT.row(fx, "logs_1h").state());
      assertEquals(io.noemata.core.ledger.LedgerState.PRUNED, InstallerRetireIT.row(fx, "pod_name_filter").state());
      InstallerFixture.assertSameRows(fx.logs1mRaw(), fx.logs1mRollup());
      InstallerFixture.assertSameRows(fx.spansRawExact(), fx.spansRollupExact());
      assertStableViewsPointAtReadyTargets(fx, 2);
      fx.execute("DROP DATABASE " + fx.db);
    }
  }

  static List<String> prune(Path project, String clockOffset) {
    return ProcessRun.cli("resources", "prune", "--project", project.toString(), "--url",
        InstallerFixture.TARGET.httpUrl(), "--clock-offset", clockOffset);
  }

  /** Starts publish and SIGKILLs it once it printed {@code lines} progress lines; false when it ended first. */
  static boolean killAfterLines(Path project, int lines) throws Exception {
    return killAfterLines(InstallerKillIT.publish(project), lines);
  }

  /** Starts {@code command} and SIGKILLs it once it printed {@code lines} lines on stderr; false when it ended first. */
  static boolean killAfterLines(List<String> command, int lines) throws Exception {
    Process p = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    BufferedReader err = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
    boolean reached = CompletableFuture.supplyAsync(() -> {
      try {
        int seen = 0;
        for (String line; (line = err.readLine()) != null; ) {
          if (!line.isBlank() && ++seen >= lines) {
            return true;
          }
        }
        return false;
      } catch (Exception e) {
        return false;
      }
    }).get(300, TimeUnit.SECONDS);
    p.destroyForcibly(); // SIGKILL: no shutdown hook, no lock release
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    return reached && p.exitValue() != 0;
  }

  static void assertStableViewsPointAtReadyTargets(InstallerFixture fx, int expected) throws Exception {
    try (Connection c = fx.connect()) {
      List<LedgerRow> rows = LedgerReader.rows(c, fx.db, "noemata");
      List<String> views = fx.rows("SELECT name FROM system.tables WHERE database = '" + fx.db + "' AND engine = 'View'"
          + " AND startsWith(name, 'noemata_rollup_')");
      assertEquals(expected, views.size(), views.toString());
      for (String view : views) {
        String statement = fx.rows("SELECT create_table_query FROM system.tables WHERE database = '" + fx.db
            + "' AND name = '" + view + "'").get(0);
        LedgerRow row = rows.stream().filter(x -> x.shape().stableView().equals(view)
            && x.state() == io.noemata.core.ledger.LedgerState.READY)
            .findFirst().orElseThrow(() -> new AssertionError(view + " has no ready ledger row"));
        assertTrue(statement.contains(row.identity().object()), view + " reads " + statement + ", not "
            + row.identity().object());
      }
    }
  }
}

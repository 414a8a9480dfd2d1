package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.ledger.BlockWatermarks;
import io.noemata.core.ledger.LedgerReader;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.system.Scope;
import io.noemata.core.system.SystemTables;
import io.noemata.installer.steps.Checkpoints;
import io.noemata.installer.steps.Publish;
import io.noemata.resources.parse.ProjectReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The detection rule has no false negatives: after every step of a seeded random run (inserts into
 * backfilled days, into the cutover day before and after the cutover, merges, deletes, repairs
 * interrupted midway and rows inserted while a repair runs), every day on which a rollup's stored
 * counts differ from the raw rows' is among the late days {@link BlockWatermarks#lateDays} gives,
 * the rule the driver reads by; and a completed repair leaves no late day and equal counts.
 */
class LateRowsPropertyIT {

  static final String DB = "it_late_property";
  static final long SEED = 2028L;
  static final int STEPS = 24;
  @TempDir static Path dir;

  @Test
  void everyDayARollupGetsWrongIsMarkedLate() throws Exception {
    InstallerFixture fx = new InstallerFixture(DB, dir, 3_000);
    fx.publish();
    Random random = new Random(SEED);
    Instant cutover = ledger(fx).stream().filter(r -> r.shape().stableView().endsWith("logs_1m")).findFirst()
        .orElseThrow().backfill().cutover();
    LocalDate today = BlockWatermarks.day(cutover);
    List<String> log = new ArrayList<>();
    int checks = 0;
    for (int step = 0; step < STEPS; step++) {
      int op = random.nextInt(6);
      LocalDate day = fx.first.plusDays(random.nextInt(4)); // three backfilled days and the cutover day
      switch (op) {
        case 0, 1 -> {
          Instant dayStart = day.atStartOfDay().toInstant(ZoneOffset.UTC);
          boolean afterCutover = day.equals(today) && random.nextBoolean();
          Instant start = afterCutover ? cutover : dayStart;
          long span = afterCutover ? 3_000 : Math.max(1, (day.equals(today) ? cutover.getEpochSecond()
              : dayStart.getEpochSecond() + 86_400) - dayStart.getEpochSecond() - 100);
          Instant at = start.plusSeconds(Math.floorMod(random.nextLong(), span));
          int n = 1 + random.nextInt(40);
          LateRowsIT.insertLate(fx, "svc" + random.nextInt(3), at, n);
          log.add("insert " + n + " at " + at);
        }
        case 2 -> {
          fx.execute("OPTIMIZE TABLE " + DB + ".otel_logs" + (random.nextBoolean() ? " PARTITION ID '"
              + day.toString().replace("-", "") + "'" : "") + " FINAL");
          log.add("optimize " + day);
        }
        case 3 -> {
          if (!day.equals(today)) { // a mutation of rows the view fed is not a late row (see resources-format.md)
            fx.execute("ALTER TABLE " + DB + ".otel_logs DELETE WHERE toDate(Timestamp) = '" + day
                + "' AND cityHash64(Timestamp, Body) % 5 = " + random.nextInt(5) + " SETTINGS mutations_sync = 2");
            log.add("delete some of " + day);
          }
        }
        case 4, 5 -> {
          int mode = random.nextInt(3); // 0 completes, 1 is killed midway, 2 has rows arrive midway
          LocalDate into = day;
          Checkpoints at = point -> {
            if (point != Checkpoints.Point.MID_REPAIR) {
              return;
            }
            try {
              if (mode == 2) { // between a day's read and its swap: rows of a backfilled day, and rows the view feeds
                LateRowsIT.insertLate(fx, "during", into.atStartOfDay().toInstant(ZoneOffset.UTC).plusSeconds(600), 7);
                LateRowsIT.insertLate(fx, "fed", cutover.plusSeconds(60), 5);
              }
            } catch (Exception e) {
              throw new IllegalStateException(e);
            }
            if (mode == 1) {
              throw new Killed();
            }
          };
          try (Connection c = fx.connect()) {
            Publish.repair(ProjectReader.read(fx.project), c, InstallerFixture.options("prop@" + DB).withCheckpoints(at));
            log.add("repair" + (mode == 2 ? " with rows arriving" : ""));
          } catch (Killed killed) {
            log.add("repair killed midway");
          }
        }
        default -> throw new AssertionError(op);
      }
      checks += check(fx, String.join("; ", log));
    }
    try (Connection c = fx.connect()) {
      Publish.repair(ProjectReader.read(fx.project), c, InstallerFixture.options("prop@" + DB));
    }
    for (String view : List.of("logs_1m", "logs_1h")) {
      assertEquals(List.of(), late(fx, view), view + " has no late day after a completed repair: " + log);
      assertEquals(rawByDay(fx), rollupByDay(fx, view), view + " equals raw after a completed repair: " + log);
    }
    assertTrue(checks > 0, "some step made a rollup differ from raw: " + log);
  }

  /** Asserts the invariant for both logs rollups; returns how many days differed (all of them marked). */
  static int check(InstallerFixture fx, String history) throws Exception {
    int differing = 0;
    Map<LocalDate, String> raw = rawByDay(fx);
    for (String view : List.of("logs_1m", "logs_1h")) {
      Map<LocalDate, String> rollup = rollupByDay(fx, view);
      TreeSet<LocalDate> days = new TreeSet<>(raw.keySet());
      days.addAll(rollup.keySet());
      List<LocalDate> late = late(fx, view);
      for (LocalDate d : days) {
        if (!String.valueOf(raw.get(d)).equals(String.valueOf(rollup.get(d)))) {
          differing++;
          assertTrue(late.contains(d), view + " differs from raw on " + d + " (raw " + raw.get(d) + ", rollup "
              + rollup.get(d) + ") but is not marked late (late: " + late + ") after: " + history);
        }
      }
    }
    return differing;
  }

  static List<LedgerRow> ledger(InstallerFixture fx) throws Exception {
    try (Connection c = fx.connect()) {
      return LedgerReader.rows(c, DB, "noemata");
    }
  }

  static List<LocalDate> late(InstallerFixture fx, String view) throws Exception {
    try (Connection c = fx.connect()) {
      LedgerRow row = LedgerReader.rows(c, DB, "noemata").stream()
          .filter(r -> r.shape().stableView().endsWith("_" + view) && r.identity().kind().text().equals("rollup"))
          .findFirst().orElseThrow();
      return BlockWatermarks.lateDays(row, SystemTables.activeParts(c, new Scope.Table(DB, "otel_logs")));
    }
  }

  static Map<LocalDate, String> rawByDay(InstallerFixture fx) throws Exception {
    return byDay(fx.rows("SELECT toDate(Timestamp, 'UTC'), count(), countIf(SeverityNumber >= 17) FROM " + DB
        + ".otel_logs GROUP BY 1 ORDER BY 1"));
  }

  static Map<LocalDate, String> rollupByDay(InstallerFixture fx, String view) throws Exception {
    return byDay(fx.rows("SELECT toDate(bucket, 'UTC'), sum(LogCount), sum(ErrorCount) FROM " + DB
        + ".noemata_rollup_logs_" + view + " GROUP BY 1 HAVING sum(LogCount) > 0 ORDER BY 1"));
  }

  private static Map<LocalDate, String> byDay(List<String> rows) {
    Map<LocalDate, String> out = new HashMap<>();
    for (String r : rows) {
      int bar = r.indexOf(" | ");
      out.put(LocalDate.parse(r.substring(0, bar)), r.substring(bar + 3));
    }
    return out;
  }

  /** A repair stopped midway, as a kill would stop it (no step after the checkpoint runs). */
  static final class Killed extends RuntimeException {
    Killed() {
      super("killed at the repair's checkpoint", null, false, false);
    }
  }
}

package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.ledger.LedgerReader;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.installer.steps.InstallOptions;
import io.noemata.installer.steps.Progress;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A first install never passes a rollup's own cutover unprepared, on a clock the test moves (the
 * installer's waits advance it; nothing sleeps). logs_1h is fed from logs_1m: its cutover is the
 * minute of logs_1m's, which may already be past when planned, and its view only has to exist
 * before logs_1m's view writes anything, at logs_1m's cutover.
 */
class InstallerCutoverIT {

  @TempDir Path dir;

  /** A clock read by the installer, moved by its waits and by the test. */
  static final class TestClock extends Clock {
    volatile Instant now;

    TestClock(Instant start) {
      now = start;
    }

    void advance(Duration d) {
      now = now.plus(d);
    }

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }
  }

  /** Step lines as reported, each with the clock when it was. */
  static final class Steps implements Progress {
    final List<String> lines = new ArrayList<>();
    final Map<String, Duration> slowBefore = new ConcurrentHashMap<>();
    final TestClock clock;

    Steps(TestClock clock) {
      this.clock = clock;
    }

    @Override
    public void step(String line) {
      lines.add(line);
      slowBefore.forEach((prefix, d) -> {
        if (line.startsWith(prefix)) {
          clock.advance(d); // what came before took this long
        }
      });
    }

    @Override
    public void advance(String task, long done, long total) {}
  }

  InstallOptions options(TestClock clock, Steps steps) {
    return InstallerFixture.options("itest@cutover").withCutoverDelay(Duration.ofSeconds(30))
        .withClock(clock, d -> clock.advance(d)).withProgress(steps);
  }

  /** 10 s past a minute: the minute of a cutover 30 s later is already past. */
  static Instant tenPastAMinute() {
    long now = Instant.now().getEpochSecond();
    return Instant.ofEpochSecond(Math.floorDiv(now, 60) * 60 + 10);
  }

  @Test
  void aFromRollupWhoseCutoverMinuteIsPastIsNotRefilled() throws Exception {
    InstallerFixture fx = new InstallerFixture("it_cutover_floor", dir, 4_000);
    TestClock clock = new TestClock(tenPastAMinute());
    Steps steps = new Steps(clock);
    fx.publish(options(clock, steps));
    assertFalse(steps.lines.stream().anyMatch(l -> l.contains("missing after the cutover")), steps.lines.toString());
    LedgerRow minute = row(fx, "logs_1m");
    LedgerRow hour = row(fx, "logs_1h");
    assertEquals(Instant.ofEpochSecond(Math.floorDiv(minute.backfill().cutover().getEpochSecond(), 60) * 60),
        hour.backfill().cutover());
    assertTrue(hour.backfill().cutover().isBefore(minute.backfill().cutover()), hour.backfill().cutover() + " vs "
        + minute.backfill().cutover());
    InstallerFixture.assertSameRows(fx.logs1mRaw(), fx.logs1mRollup());
    InstallerFixture.assertSameRows(fx.logs1hRaw(), fx.logs1hRollup());
  }

  @Test
  void installsOutlastingTheCutoverDelayPlanTheNextRollupsCutoverWhenItsViewIsCreated() throws Exception {
    InstallerFixture fx = new InstallerFixture("it_cutover_slow", dir, 4_000);
    TestClock clock = new TestClock(tenPastAMinute());
    Steps steps = new Steps(clock);
    // the stored columns, index and projection before the rollups, and logs_1m before logs_1h, each
    // take longer than the cutover delay
    steps.slowBefore.put("install rollup", Duration.ofSeconds(45));
    fx.publish(options(clock, steps));
    assertFalse(steps.lines.stream().anyMatch(l -> l.contains("missing after the cutover")), steps.lines.toString());
    LedgerRow minute = row(fx, "logs_1m");
    LedgerRow hour = row(fx, "logs_1h");
    // logs_1m's view already wrote when logs_1h's was created: logs_1h takes over at a later minute
    assertTrue(hour.backfill().cutover().isAfter(minute.backfill().cutover()), hour.backfill().cutover() + " vs "
        + minute.backfill().cutover());
    assertEquals(0, hour.backfill().cutover().getEpochSecond() % 60);
    InstallerFixture.assertSameRows(fx.logs1mRaw(), fx.logs1mRollup());
    InstallerFixture.assertSameRows(fx.logs1hRaw(), fx.logs1hRollup());
    InstallerFixture.assertSameRows(fx.spansRawExact(), fx.spansRollupExact());
  }

  @Test
  void aLadderInstalledTogetherWaitsForNoCoarseBucket() throws Exception {
    InstallerFixture fx = new InstallerFixture("it_cutover_ladder", dir, 4_000);
    // logs_1m -> logs_1h -> logs_1d: logs_1h's cutover is the (past) minute of logs_1m's, so logs_1d's
    // is its hour; no view of the ladder has written before logs_1m's cutover
    Path file = fx.project.resolve("@frames/opentelemetry/views/otel.resources.json");
    com.fasterxml.jackson.databind.ObjectMapper m = new com.fasterxml.jackson.databind.ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode root =
        (com.fasterxml.jackson.databind.node.ObjectNode) m.readTree(java.nio.file.Files.readString(file));
    com.fasterxml.jackson.databind.node.ObjectNode day =
        ((com.fasterxml.jackson.databind.node.ObjectNode) root.get("resources")).putObject("logs_1d").putObject("rollup");
    day.put("table", "@opentelemetry/views/logs#logs").put("grain", "1d").put("from", "logs_1h");
    day.putArray("dimensions").add("ServiceName");
    day.putArray("measures").add("LogCount").add("ErrorCount");
    java.nio.file.Files.writeString(file, m.writerWithDefaultPrettyPrinter().writeValueAsString(root));
    TestClock clock = new TestClock(tenPastAMinute());
    Instant start = clock.instant();
    Steps steps = new Steps(clock);
    fx.publish(options(clock, steps));
    assertFalse(steps.lines.stream().anyMatch(l -> l.contains("missing after the cutover") || l.contains("waiting")),
        steps.lines.toString());
    assertTrue(Duration.between(start, clock.instant()).compareTo(Duration.ofMinutes(2)) < 0,
        "the publish waited " + Duration.between(start, clock.instant()) + ": " + steps.lines);
    LedgerRow hour = row(fx, "logs_1h");
    LedgerRow dayRow = row(fx, "logs_1d");
    assertEquals(Instant.ofEpochSecond(Math.floorDiv(hour.backfill().cutover().getEpochSecond(), 3600) * 3600),
        dayRow.backfill().cutover());
    InstallerFixture.assertSameRows(fx.logs1hRaw(), fx.logs1hRollup());
    InstallerFixture.assertSameRows(
        fx.rows("SELECT ServiceName, toStartOfDay(Timestamp) AS b, count(), countIf(SeverityNumber >= 17) FROM "
            + fx.db + ".otel_logs GROUP BY ALL ORDER BY ALL"),
        fx.rows("SELECT ServiceName, bucket, sum(LogCount), sum(ErrorCount) FROM " + fx.db
            + ".noemata_rollup_logs_logs_1d GROUP BY ALL ORDER BY ALL"));
  }

  @Test
  void thePlanShowsTheCutoversThePublishRecords() throws Exception {
    InstallerFixture fx = new InstallerFixture("it_cutover_shown", dir, 1_000);
    TestClock clock = new TestClock(tenPastAMinute());
    // the plan publish returns is the one it installed, made on the clock every step reads
    io.noemata.installer.plan.Plan plan = fx.publish(options(clock, new Steps(clock)));
    for (String key : List.of("logs_1m", "logs_1h")) {
      io.noemata.installer.plan.Change change = plan.changes().stream().filter(ch -> ch.key().equals(key))
          .findFirst().orElseThrow();
      java.util.regex.Matcher m = java.util.regex.Pattern.compile("(?s)CREATE MATERIALIZED VIEW.*?>= toDateTime\\((\\d+), 'UTC'\\)")
          .matcher(String.join("\n", change.ddl()));
      assertTrue(m.find(), change.ddl().toString());
      assertEquals(row(fx, key).backfill().cutover(), Instant.ofEpochSecond(Long.parseLong(m.group(1))), key);
    }
  }

  static LedgerRow row(InstallerFixture fx, String key) throws Exception {
    try (Connection c = fx.connect()) {
      return LedgerReader.rows(c, fx.db, "noemata").stream()
        .filter(r -> r.identity().key().equals(key)).findFirst().orElseThrow();
    }
  }
}

package io.noemata.installer.steps;

import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.sql.Literals;
import io.noemata.installer.ddl.RollupDdl;
import io.noemata.installer.plan.Accelerator;
import io.noemata.installer.plan.Planner;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * "A backfill of source rows before the cutover. It starts after the cutover and processes one-day
 * chunks from newest to oldest, within retention." The chunks are the days that hold source rows
 * (rows of a few days two years ago are a few inserts, not a thousand empty ones). Each chunk is
 * one block with a deduplication token (target, cutover, day), and the ledger's
 * {@code backfilled_from} moves after it: a chunk retried after a crash is dropped by the target if
 * it had landed, so nothing counts twice.
 */
final class Backfill {

  static final long DAY = 86_400;

  private Backfill() {}

  /** Fills the rollup up to its floor; returns with the ledger row showing it done. */
  static void run(Session s, Accelerator.Rollup r) throws SQLException, InstallException {
    LedgerRow row = s.ledger.get(Planner.identity(r));
    if (done(row)) {
      return;
    }
    Instant cutover = row.backfill().cutover();
    // rows stamped just before the cutover may still be on their way: give them the cutover delay
    Instant start = cutover.plus(s.options.cutoverDelay());
    java.time.Duration wait = java.time.Duration.between(s.now(), start);
    if (wait.compareTo(s.options.cutoverDelay().multipliedBy(2)) > 0) {
      // a view fed from a finer rollup that was already writing starts at the finer one's next bucket
      s.options.progress().step("backfill " + r.key() + ": waiting " + wait.toSeconds() / 60 + " min "
          + wait.toSeconds() % 60 + " s for its cutover " + cutover
          + (r.from() == null ? "" : " (the next bucket of " + r.from() + ", which already receives rows)"));
    }
    Install.sleepUntil(s, start);
    s.options.checkpoints().reached(Checkpoints.Point.AFTER_CUTOVER);
    Instant newest = Instant.ofEpochSecond(Math.floorDiv(cutover.getEpochSecond() - 1, DAY) * DAY);
    Instant floor = row.backfill().backfillFloor();
    if (floor == null) {
      floor = floor(s, r, cutover, newest);
      boolean fresh = row.backfill().backfilledFrom() == null;
      row = row.withBackfill(cutover, floor, row.backfill().backfilledFrom(), s.now(), Install.next());
      if (fresh) { // a refill from scratch starts its watermarks afresh too
        row = row.withWatermarks(new LedgerRow.Watermarks(DayWatermarks.tracked(r), List.of()), s.now(),
            Install.next());
      }
      s.record(row);
    }
    Instant resumeBefore = row.backfill().backfilledFrom() == null ? cutover : row.backfill().backfilledFrom();
    List<Instant> days = daysWithRows(s, r, floor, resumeBefore);
    String task = "backfill " + r.key();
    s.options.progress().step(task + ": " + days.size() + " day(s) with rows before the cutover " + cutover);
    int done = 0;
    for (Instant day : days) {
      Instant until = day.plusSeconds(DAY).isBefore(cutover) ? day.plusSeconds(DAY) : cutover;
      String token = r.object() + "/" + cutover.getEpochSecond() + "/" + day.getEpochSecond();
      java.time.LocalDate date = io.noemata.core.ledger.BlockWatermarks.day(day);
      if (row.watermarks().recorded() && row.watermarks().of(date).isEmpty()) {
        // before the chunk reads, and kept if it is retried: a retried chunk the target drops as a
        // duplicate holds what the first attempt read, never more
        row = row.withWatermarks(row.watermarks().with(date, DayWatermarks.read(s, r, date, day, until)), s.now(),
            Install.next());
        s.record(row);
      }
      s.execute(RollupDdl.backfillChunk(r, day, until, token));
      row = row.withBackfill(cutover, floor, day, s.now(), Install.next());
      s.record(row);
      s.options.progress().advance(task, ++done, days.size());
      if (done == 2) {
        s.options.checkpoints().reached(Checkpoints.Point.MID_BACKFILL);
      }
    }
    if (!done(row)) {
      // the days left, down to the floor, hold no rows: nothing to fill there
      s.record(row.withBackfill(cutover, floor, floor, s.now(), Install.next()));
    }
  }

  /** The days of {@code [floor, before)} with source rows, newest first (a day without rows has no chunk). */
  private static List<Instant> daysWithRows(Session s, Accelerator.Rollup r, Instant floor, Instant before)
      throws SQLException {
    List<Instant> days = new ArrayList<>();
    try (Statement st = s.connection.createStatement();
        ResultSet rs = st.executeQuery(RollupDdl.backfillDays(r, floor, before))) {
      while (rs.next()) {
        days.add(Instant.ofEpochSecond(rs.getLong(1)));
      }
    }
    return days;
  }

  static boolean done(LedgerRow row) {
    return row != null && row.backfill().backfilledFrom() != null
        && row.backfill().backfilledFrom().equals(row.backfill().backfillFloor());
  }

  /** The oldest day to fill: the oldest source row's day, but not before retention; never after the newest. */
  private static Instant floor(Session s, Accelerator.Rollup r, Instant cutover, Instant newest) throws SQLException {
    String time = Literals.identifier(r.sourceTimeColumn());
    String sql = "SELECT toUnixTimestamp(min(" + time + ")), count() FROM "
        + Literals.qualified(r.source().database(), r.source().table()) + " WHERE " + time + " < "
        + Literals.instant(cutover.getEpochSecond());
    long oldest;
    try (Statement st = s.connection.createStatement(); ResultSet rs = st.executeQuery(sql)) {
      rs.next();
      if (rs.getLong(2) == 0) {
        return newest;
      }
      oldest = Math.floorDiv(rs.getLong(1), DAY) * DAY;
    }
    if (r.retentionSeconds() > 0) {
      oldest = Math.max(oldest, Math.floorDiv(s.now().getEpochSecond() - r.retentionSeconds(), DAY) * DAY);
    }
    return Instant.ofEpochSecond(Math.min(oldest, newest.getEpochSecond()));
  }
}

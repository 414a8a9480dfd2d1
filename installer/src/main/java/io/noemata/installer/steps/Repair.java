package io.noemata.installer.steps;

import io.noemata.core.ledger.BlockWatermarks;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerState;
import io.noemata.core.system.Scope;
import io.noemata.core.system.SystemTables;
import io.noemata.installer.ddl.RollupDdl;
import io.noemata.installer.plan.Accelerator;
import io.noemata.installer.plan.Planner;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;

/**
 * Repairs a quarantined rollup: each day the quarantine names is aggregated again from the source
 * into a repair table, whose partition then replaces the target's (atomic, no view fires), and the
 * row becomes ready with the quarantine lifted. Until then the row stays quarantined, so a run
 * killed midway repeats the whole repair: every step rewrites a day from the source, never adds.
 * Rows that reach a day between its aggregation and the swap are lost to the rollup (the next
 * online check finds them): the current day is exact only when nothing arrives meanwhile.
 */
final class Repair {

  private Repair() {}

  static void run(Session s, Accelerator.Rollup r) throws SQLException {
    LedgerRow row = s.ledger.get(Planner.identity(r));
    if (row == null || row.state() != LedgerState.QUARANTINED) {
      return;
    }
    String db = r.table().database();
    List<LocalDate> days = row.quarantine().days();
    if (r.spread().isPresent()) {
      // its days live in every shard's local target; a per-shard repair is not built yet
      s.options.progress().step("repair " + r.key() + ": a rollup over a Distributed source is not repaired yet;"
          + " it stays quarantined (raw answers) until it is retired and declared again");
      return;
    }
    s.options.progress().step("repair " + r.key() + ": re-backfill " + days.size() + " quarantined day(s) " + days);
    s.execute(RollupDdl.dropTable(db, RollupDdl.repairTable(r), s.placement()));
    s.execute(RollupDdl.createRepairTable(r));
    Instant coveredFrom = row.backfill().backfilledFrom() != null ? row.backfill().backfilledFrom()
        : row.backfill().cutover();
    for (LocalDate day : days) {
      Instant from = day.atStartOfDay().toInstant(ZoneOffset.UTC);
      Instant until = from.plusSeconds(Backfill.DAY);
      if (coveredFrom != null && from.isBefore(coveredFrom)) {
        from = coveredFrom; // older rows were never the rollup's to hold
      }
      boolean watermarked = row.watermarks().recorded() && from.isBefore(until);
      List<LedgerRow.Watermark> read = watermarked ? DayWatermarks.read(s, r, day, from, until) : List.of();
      s.execute("TRUNCATE TABLE " + io.noemata.core.sql.Literals.qualified(db, RollupDdl.repairTable(r)));
      if (from.isBefore(until)) {
        s.execute(RollupDdl.repairChunk(r, from, until));
      }
      s.execute(RollupDdl.replaceDay(r, day));
      if (watermarked) { // the day now holds what it read: late rows before the read are in it
        List<LedgerRow.Watermark> swapped = DayWatermarks.newest(s, r, day, from, until);
        row = row.withWatermarks(row.watermarks().with(day, BlockWatermarks.repaired(day, read, swapped)), s.now(),
            Install.next());
        s.record(row);
      }
    }
    s.execute(RollupDdl.dropTable(db, RollupDdl.repairTable(r), s.placement()));
    s.record(row.withQuarantine(LedgerState.READY, "", List.of(), s.now(), Install.next()));
  }

  /**
   * Re-aggregates exactly the days a ready rollup has late rows in ({@link BlockWatermarks#lateDays},
   * the rule the driver reads by) and moves each day's watermark, only once the day's partition was
   * swapped in: killed at any point, the day is still late (read raw) and the next run repeats it.
   * Rows that reach a day between its read and its swap may be replaced away: the new watermark
   * keeps their blocks as lost, so the day stays late for them. Returns the days repaired.
   */
  static List<LocalDate> late(Session s, Accelerator.Rollup r) throws SQLException {
    LedgerRow row = s.ledger.get(Planner.identity(r));
    if (row == null || row.state() != LedgerState.READY || !row.watermarks().recorded() || r.spread().isPresent()) {
      return List.of();
    }
    List<LocalDate> days = lateDays(s, r, row);
    if (days.isEmpty()) {
      return days;
    }
    String db = r.table().database();
    s.options.progress().step("repair " + r.key() + ": re-aggregate " + days.size() + " day(s) with late rows " + days);
    s.execute(RollupDdl.dropTable(db, RollupDdl.repairTable(r), s.placement()));
    s.execute(RollupDdl.createRepairTable(r));
    Instant coveredFrom = row.backfill().backfilledFrom();
    for (LocalDate day : days) {
      Instant from = day.atStartOfDay().toInstant(ZoneOffset.UTC);
      Instant until = from.plusSeconds(Backfill.DAY);
      if (coveredFrom != null && from.isBefore(coveredFrom)) {
        from = coveredFrom;
      }
      List<LedgerRow.Watermark> read = DayWatermarks.read(s, r, day, from, until);
      s.execute("TRUNCATE TABLE " + io.noemata.core.sql.Literals.qualified(db, RollupDdl.repairTable(r)));
      s.execute(RollupDdl.repairChunk(r, from, until));
      s.options.checkpoints().reached(Checkpoints.Point.MID_REPAIR);
      s.execute(RollupDdl.replaceDay(r, day));
      List<LedgerRow.Watermark> swapped = DayWatermarks.newest(s, r, day, from, until);
      row = row.withWatermarks(row.watermarks().with(day, BlockWatermarks.repaired(day, read, swapped)), s.now(),
          Install.next());
      s.record(row);
    }
    s.execute(RollupDdl.dropTable(db, RollupDdl.repairTable(r), s.placement()));
    return days;
  }

  /** The days {@code row}'s rollup has late rows in, by the source's active parts now. */
  static List<LocalDate> lateDays(Session s, Accelerator.Rollup r, LedgerRow row) throws SQLException {
    return BlockWatermarks.lateDays(row, SystemTables.activeParts(s.connection,
        new Scope.Table(r.table().database(), r.table().table())));
  }
}

package io.noemata.installer.steps;

import io.noemata.core.ledger.BlockWatermarks;
import io.noemata.core.ledger.LedgerKind;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.system.Scope;
import io.noemata.core.system.SystemTables;
import io.noemata.installer.plan.Accelerator;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Comparator;
import java.util.List;

/**
 * The source's block-number watermarks of one day, read right before the backfill or repair reads
 * the day's rows ({@link BlockWatermarks#before}): later rows have larger blocks, so the driver can
 * tell the rows a rollup may lack without reading them.
 */
final class DayWatermarks {

  private DayWatermarks() {}

  /**
   * Whether the rollup records watermarks: not over a Distributed source, whose parts live in each
   * shard's local table (such a rollup is not checked for late rows; the online check finds them).
   */
  static boolean tracked(Accelerator.Rollup r) {
    return r.spread().isEmpty();
  }

  /** The entries of {@code day} for rows {@code [from, until)} of {@code r}'s physical source, as of now. */
  static List<LedgerRow.Watermark> read(Session s, Accelerator.Rollup r, LocalDate day, Instant from, Instant until)
      throws SQLException {
    Scope source = new Scope.Table(r.table().database(), r.table().table());
    List<LedgerRow.Watermark> own = BlockWatermarks.before(day, from, until,
        SystemTables.activeParts(s.connection, source), SystemTables.pendingMutations(s.connection, source));
    LedgerRow finer = finer(s, r);
    return finer == null ? own : BlockWatermarks.capped(own, finer.watermarks());
  }

  /**
   * The newest blocks of {@code day} as of now, unlowered by unfinished mutations: what a repair's
   * swap may have replaced away, up to which the day's blocks count as possibly lost.
   */
  static List<LedgerRow.Watermark> newest(Session s, Accelerator.Rollup r, LocalDate day, Instant from, Instant until)
      throws SQLException {
    Scope source = new Scope.Table(r.table().database(), r.table().table());
    List<LedgerRow.Watermark> own = BlockWatermarks.before(day, from, until,
        SystemTables.activeParts(s.connection, source), List.of());
    LedgerRow finer = finer(s, r);
    return finer == null ? own : BlockWatermarks.capped(own, finer.watermarks());
  }

  /** The ledger row of the finer rollup {@code r} is fed from; null when it is fed from the source. */
  private static LedgerRow finer(Session s, Accelerator.Rollup r) {
    if (r.from() == null) {
      return null;
    }
    return s.ledger.values().stream().filter(row -> row.identity().kind() == LedgerKind.ROLLUP
        && row.identity().key().equals(r.from()) && row.identity().tableDatabase().equals(r.table().database())
        && row.identity().tableName().equals(r.table().table()) && row.shape().stableView().length() > 0
        && r.source().table().equals(row.identity().object()))
        .max(Comparator.comparingLong(LedgerRow::version)).orElse(null);
  }
}

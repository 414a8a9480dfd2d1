package io.noemata.installer.plan;

import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerState;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/**
 * When a rollup's materialized view starts writing: the one rule, read by the installation when it
 * records a cutover and by the plan when it shows the view it would create, so that with the same
 * clock both name the same instant. Pure: the ledger is given as lookups.
 */
public final class Cutovers {

  private Cutovers() {}

  /**
   * The ledger's backfill columns as one installation sees them: each identity's current ones (as
   * this run has written them so far) and those the run found (what earlier runs planned). Either
   * may return null (no row).
   */
  public record Ledger(Function<String, LedgerRow.Backfill> current, Function<String, LedgerRow.Backfill> atStart) {

    /** Over rows: an identity's current row and the one the run found. */
    public static Ledger of(Function<String, LedgerRow> current, Function<String, LedgerRow> atStart) {
      return new Ledger(id -> backfill(current.apply(id)), id -> backfill(atStart.apply(id)));
    }

    private static LedgerRow.Backfill backfill(LedgerRow row) {
      return row == null ? null : row.backfill();
    }
  }

  /**
   * Whether an installation plans a new cutover for the rollup whose ledger row is {@code row}: none
   * recorded yet, or pruned since; otherwise it keeps the row's.
   */
  public static boolean takesNew(LedgerRow row) {
    return row == null || row.backfill().cutover() == null || row.state() == LedgerState.PRUNED;
  }

  /**
   * "A materialized view that writes source rows from a cutover about 30 seconds after the plan."
   * A {@code from} rollup's view reads the finer target's buckets, so its cutover is a finer bucket
   * start: the finer cutover's bucket while the finer target has received nothing ({@link
   * #firstWrite}: both views then see every finer insert from there), else the next finer bucket
   * after the delay (a wait of up to the finer grain, which the backfill says it waits for).
   */
  public static Instant choose(Instant now, Duration delay, Accelerator.Rollup r, List<Accelerator> declared,
      Ledger ledger) {
    Instant earliest = now.plus(delay);
    long e = earliest.getEpochSecond() + (earliest.getNano() > 0 ? 1 : 0);
    if (r.from() == null) {
      return Instant.ofEpochSecond(e);
    }
    Accelerator.Rollup finer = finer(declared, r);
    long g = finer.grainSeconds();
    LedgerRow.Backfill f = ledger.current().apply(Planner.identity(finer));
    Instant writes = firstWrite(delay, finer, declared, ledger);
    if (f != null && writes != null && now.isBefore(writes)) {
      return Instant.ofEpochSecond(Math.floorDiv(f.cutover().getEpochSecond(), g) * g);
    }
    return Instant.ofEpochSecond(Math.floorDiv(e + g - 1, g) * g);
  }

  /**
   * When the target of {@code r} first receives rows, as far as this run can tell: its view's
   * cutover when the view reads the table; for a {@code from} rollup, when its finer target first
   * does (its view writes only what the finer target receives, so in a ladder installed together
   * every view waits for the one at the bottom). Its backfill writes too: one planned in an earlier
   * run may have begun once the cutover's delay passed, while this run's backfills start only after
   * every view is installed. Null when the cutover is not planned yet.
   */
  public static Instant firstWrite(Duration delay, Accelerator.Rollup r, List<Accelerator> declared, Ledger ledger) {
    LedgerRow.Backfill row = ledger.current().apply(Planner.identity(r));
    if (row == null || row.cutover() == null) {
      return null;
    }
    Instant cutover = row.cutover();
    if (row.backfilledFrom() != null) {
      return Instant.EPOCH; // a backfill has written
    }
    Instant views = cutover;
    if (r.from() != null) {
      Instant finer = firstWrite(delay, finer(declared, r), declared, ledger);
      views = finer == null || finer.isBefore(cutover) ? cutover : finer;
    }
    LedgerRow.Backfill before = ledger.atStart().apply(Planner.identity(r));
    boolean earlierRun = before != null && cutover.equals(before.cutover());
    Instant backfill = cutover.plus(delay);
    return earlierRun && backfill.isBefore(views) ? backfill : views;
  }

  /** The declared rollup {@code r} is fed from. */
  public static Accelerator.Rollup finer(List<Accelerator> declared, Accelerator.Rollup r) {
    return declared.stream().filter(a -> a instanceof Accelerator.Rollup x && x.key().equals(r.from())
        && x.file().equals(r.file())).map(a -> (Accelerator.Rollup) a).findFirst()
        .orElseThrow(() -> new IllegalStateException("from rollup " + r.from() + " not planned"));
  }
}

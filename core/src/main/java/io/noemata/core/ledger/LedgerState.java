package io.noemata.core.ledger;

import java.util.Optional;

/**
 * The {@code state} of a ledger row, stored as its lower-case name. Later formats may add states;
 * a reader leaves a row in a state it does not know out (so it is never ready, resumed or retired
 * by this release).
 */
public enum LedgerState {
  /** Objects are being created; nothing may read them yet. */
  INSTALLING,
  /** A rollup's target and materialized view exist and the cutover is set; older days are being filled. */
  BACKFILLING,
  /** Installed, filled and pointed at by its stable view: queries may read it. */
  READY,
  /**
   * A ready rollup whose stored buckets differ from the raw table's (the online check found it):
   * queries do not read it; {@code publish} re-backfills the days named in {@code quarantine_days}
   * and makes it ready again. The row's {@code quarantine} says which bucket and measure failed.
   */
  QUARANTINED,
  /** No longer declared: kept (a rollup's view keeps writing) until {@code prune_after}. */
  RETIRED,
  /** Dropped by prune; the row stays as history. */
  PRUNED;

  /** The stored spelling. */
  public String text() {
    return Spelling.of(this);
  }

  /** The stored spelling, so messages read as the ledger column does. */
  @Override
  public String toString() {
    return text();
  }

  /** The state stored as {@code text}; empty for a state this release does not know. */
  public static Optional<LedgerState> parse(String text) {
    return Spelling.parse(values(), text);
  }
}

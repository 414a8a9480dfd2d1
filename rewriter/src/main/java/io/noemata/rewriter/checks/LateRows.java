package io.noemata.rewriter.checks;

import io.noemata.core.catalog.Rollup;
import io.noemata.rewriter.provenance.RollupSkip;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import io.noemata.rewriter.time.TimeConstant;

/**
 * Late rows never change an answer: a level whose window touches a day the catalog found late for
 * the rollup ({@link Rollup#lateDays}, from the ledger's block watermarks and the source's active
 * parts) reads the table, naming the days and the remedy. The whole level reads raw, so a union
 * never reads the rollup for a late day either; a late day only the union's raw edges read is no
 * reason to skip.
 */
public final class LateRows {

  private static final long DAY_NANOS = 86_400L * TimeConstant.NANOS;

  private LateRows() {}

  /** {@code lower} and {@code upper} bound the window (either null when open). */
  public static Optional<Skip> check(Rollup rollup, TimeConstant lower, TimeConstant upper) {
    if (rollup.lateDays().isEmpty()) {
      return Optional.empty();
    }
    // the whole buckets of the window, which are all the rollup reads: a union reads its ragged
    // edges from raw rows (taken wide: the earliest start rounded up, the latest end rounded down)
    long grain = rollup.grain().toNanos();
    Long from = lower == null ? null : Math.floorDiv(lower.earliest() + grain - 1, grain) * grain;
    Long until = upper == null ? null : Math.floorDiv(upper.latest(), grain) * grain;
    if (from != null && until != null && from >= until) {
      return Optional.empty(); // no whole bucket: nothing is read from the rollup
    }
    List<LocalDate> touched = rollup.lateDays().stream().filter(d -> {
      long start = d.atStartOfDay().toEpochSecond(ZoneOffset.UTC) * TimeConstant.NANOS;
      return (until == null || start < until) && (from == null || start + DAY_NANOS > from);
    }).toList();
    if (touched.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(skip(rollup, touched));
  }

  private static Skip skip(Rollup rollup, List<LocalDate> touched) {
    return new Skip(RollupSkip.LATE_ROWS, "rows reached " + touched + " (UTC) after " + rollup.key()
        + " had read " + (touched.size() == 1 ? "that day" : "those days")
        + " (late rows: the source holds blocks newer than the ledger's watermark)");
  }

  /**
   * The rollup as it holds the cutover day when only that day's rows before the cutover may be
   * missing ({@link Rollup#lateUntil}) and the window's whole buckets reach before the cutover's
   * bucket: holding every bucket from the first one after the cutover, so the union reads the
   * window before it from raw rows. Empty when the window does not reach there.
   */
  public static Optional<Rollup> beforeCutover(Rollup rollup, TimeConstant lower, TimeConstant upper) {
    if (rollup.lateUntil() == null) {
      return Optional.empty();
    }
    long grain = rollup.grain().toSeconds();
    long held = Math.floorDiv(rollup.lateUntil().getEpochSecond() + grain - 1, grain) * grain; // ceil to a bucket
    long dayStart = Math.floorDiv(rollup.lateUntil().getEpochSecond() - 1, 86_400L) * 86_400L;
    long g = grain * TimeConstant.NANOS;
    Long from = lower == null ? null : Math.floorDiv(lower.earliest() + g - 1, g) * g;
    Long until = upper == null ? null : Math.floorDiv(upper.latest(), g) * g;
    boolean touches = (until == null || dayStart * TimeConstant.NANOS < until)
        && (from == null || from < held * TimeConstant.NANOS) && (from == null || until == null || from < until);
    java.time.Instant heldFrom = java.time.Instant.ofEpochSecond(held);
    if (!touches || rollup.coveredUntil() != null && heldFrom.isAfter(rollup.coveredUntil())) {
      return touches ? Optional.of(rollup.holdingFrom(rollup.coveredUntil())) : Optional.empty();
    }
    return Optional.of(rollup.holdingFrom(heldFrom));
  }

  /** Why a level whose window reaches the cutover day's late rows reads the table. */
  public static Skip beforeCutoverSkip(Rollup rollup) {
    return skip(rollup, List.of(LocalDate.ofInstant(rollup.lateUntil().minusSeconds(1), ZoneOffset.UTC)));
  }
}

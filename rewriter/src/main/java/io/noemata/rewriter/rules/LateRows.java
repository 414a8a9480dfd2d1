package io.noemata.rewriter.rules;

import io.noemata.core.catalog.Rollup;
import io.noemata.rewriter.provenance.RollupSkip;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;

/**
 * Late rows never change an answer: a level whose window touches a day the catalog found late for
 * the rollup ({@link Rollup#lateDays}, from the ledger's block watermarks and the source's active
 * parts) reads the table, naming the days and the remedy. The whole level reads raw, so a union
 * never reads the rollup for a late day either; a late day only the union's raw edges read is no
 * reason to skip.
 */
final class LateRows {

  private static final long DAY_NANOS = 86_400L * TimeConstant.NANOS;

  private LateRows() {}

  /** {@code lower} and {@code upper} bound the window (either null when open). */
  static Optional<Skip> check(Rollup rollup, TimeConstant lower, TimeConstant upper) {
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
    return Optional.of(new Skip(RollupSkip.LATE_ROWS, "rows reached " + touched + " (UTC) after " + rollup.key()
        + " had read " + (touched.size() == 1 ? "that day" : "those days")
        + " (late rows: the source holds blocks newer than the ledger's watermark)"));
  }
}

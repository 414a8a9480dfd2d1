package io.noemata.core.catalog;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A ready rollup over a physical table, from the {@code <namespace>_resource_ledger} row the
 * installer wrote (declaration, hash, state, cutover, backfilled range) checked against the objects
 * {@code system.tables} reports. Only rollups whose ledger state is ready belong in a snapshot.
 *
 * @param key the resources-file key, e.g. {@code r_logs}
 * @param stableView the stable view queries read, {@code <namespace>_rollup_<alias>_<key>}, in the
 *     source table's database
 * @param target the AggregatingMergeTree target, {@code ..._<key>__<hash8>}
 * @param contentHash the ledger's hash of the declaration the target was built from; a rollup
 *     answers only when the view table as declared now derives the same hash
 * @param grain the bucket width (ledger declaration, e.g. 1m)
 * @param timeColumn the source table's column that is bucketed, e.g. {@code Timestamp}
 * @param bucketColumn the target's column holding the bucket start
 * @param dimensions the source columns a target row is keyed by, stored under the same names
 * @param measures the aggregates stored as states
 * @param coveredFrom first instant the target holds completely (backfilled range start, or the
 *     retention bound, whichever is later)
 * @param coveredUntil exclusive end of what the target holds completely (the ledger's cutover-based
 *     high-water mark); null while the materialized view keeps it current up to now
 * @param fedSince when the rollup began to hold the source's rows (the ledger's cutover: its view
 *     was created before it, its backfill read the table after it): a mutation of the source's rows
 *     since then changed rows the rollup holds; null for a rollup not installed yet (advise's
 *     hypothesis, tests), which would hold the rows as they are now
 * @param lateDays covered UTC days the source may hold rows of that the target lacks (late rows:
 *     {@code io.noemata.core.ledger.BlockWatermarks}); a level whose window touches one reads raw
 * @param lateUntil null, or the cutover when the cutover day (not among {@code lateDays}) may lack
 *     only rows stamped before it: a window reaching before it reads those raw, the rest from the rollup
 * @param refresh null for a rollup fed by inserts; for a refreshed one (its view a refreshable
 *     materialized view) its last refresh and the source's last change
 */
public record Rollup(
    String key,
    String stableView,
    String target,
    String contentHash,
    Duration grain,
    String timeColumn,
    String bucketColumn,
    List<String> dimensions,
    List<Measure> measures,
    Instant coveredFrom,
    Instant coveredUntil,
    Instant fedSince,
    List<java.time.LocalDate> lateDays,
    Instant lateUntil,
    RefreshState refresh) {

  /** A rollup fed by inserts. */
  public Rollup(String key, String stableView, String target, String contentHash, Duration grain, String timeColumn,
      String bucketColumn, List<String> dimensions, List<Measure> measures, Instant coveredFrom, Instant coveredUntil,
      Instant fedSince, List<java.time.LocalDate> lateDays, Instant lateUntil) {
    this(key, stableView, target, contentHash, grain, timeColumn, bucketColumn, dimensions, measures, coveredFrom,
        coveredUntil, fedSince, lateDays, lateUntil, null);
  }

  /** This rollup as refreshed, in {@code state}. */
  public Rollup withRefresh(RefreshState state) {
    return new Rollup(key, stableView, target, contentHash, grain, timeColumn, bucketColumn, dimensions, measures,
        coveredFrom, coveredUntil, fedSince, lateDays, lateUntil, state);
  }

  /** The same holding only {@code kept} of its measures: what a read that needs no others carries. */
  public Rollup withMeasures(List<Measure> kept) {
    return new Rollup(key, stableView, target, contentHash, grain, timeColumn, bucketColumn, dimensions, List.copyOf(kept),
        coveredFrom, coveredUntil, fedSince, lateDays, lateUntil, refresh);
  }

  /** Whether its view is refreshed rather than fed by inserts. */
  public boolean refreshed() {
    return refresh != null;
  }

  /** A rollup fed from now on, as one being proposed (no mutation of the source since). */
  public Rollup(String key, String stableView, String target, String contentHash, Duration grain, String timeColumn,
      String bucketColumn, List<String> dimensions, List<Measure> measures, Instant coveredFrom, Instant coveredUntil) {
    this(key, stableView, target, contentHash, grain, timeColumn, bucketColumn, dimensions, measures, coveredFrom,
        coveredUntil, null, List.of(), null);
  }

  /** An installed rollup fed since {@code fedSince}, without late days. */
  public Rollup(String key, String stableView, String target, String contentHash, Duration grain, String timeColumn,
      String bucketColumn, List<String> dimensions, List<Measure> measures, Instant coveredFrom, Instant coveredUntil,
      Instant fedSince) {
    this(key, stableView, target, contentHash, grain, timeColumn, bucketColumn, dimensions, measures, coveredFrom,
        coveredUntil, fedSince, List.of(), null);
  }

  /** A rollup with {@code lateDays}, fed from now on. */
  public Rollup(String key, String stableView, String target, String contentHash, Duration grain, String timeColumn,
      String bucketColumn, List<String> dimensions, List<Measure> measures, Instant coveredFrom, Instant coveredUntil,
      List<java.time.LocalDate> lateDays) {
    this(key, stableView, target, contentHash, grain, timeColumn, bucketColumn, dimensions, measures, coveredFrom,
        coveredUntil, null, lateDays, null);
  }

  /** The same with {@code days} as its late days (and no late rows before the cutover alone). */
  public Rollup withLateDays(List<java.time.LocalDate> days) {
    return withLateDays(days, null);
  }

  /** The same with {@code days} as its late days and {@code until} as {@link #lateUntil}. */
  public Rollup withLateDays(List<java.time.LocalDate> days, Instant until) {
    return new Rollup(key, stableView, target, contentHash, grain, timeColumn, bucketColumn, dimensions, measures,
        coveredFrom, coveredUntil, fedSince, days, until, refresh);
  }

  /** This rollup fed since {@code since} (for a rollup fed from a finer one: since the finer was). */
  public Rollup withFedSince(Instant since) {
    return new Rollup(key, stableView, target, contentHash, grain, timeColumn, bucketColumn, dimensions, measures,
        coveredFrom, coveredUntil, since, lateDays, lateUntil, refresh);
  }

  /** The same, holding every bucket only before {@code until} (a window after it reads raw rows there). */
  public Rollup holdingUntil(Instant until) {
    return new Rollup(key, stableView, target, contentHash, grain, timeColumn, bucketColumn, dimensions, measures,
        coveredFrom, coveredUntil == null || until.isBefore(coveredUntil) ? until : coveredUntil, fedSince, lateDays,
        lateUntil, refresh);
  }

  /** The same, holding every bucket only from {@code from} on (a window before it reads raw rows there). */
  public Rollup holdingFrom(Instant from) {
    return new Rollup(key, stableView, target, contentHash, grain, timeColumn, bucketColumn, dimensions, measures,
        from.isAfter(coveredFrom) ? from : coveredFrom, coveredUntil, fedSince, lateDays, lateUntil, refresh);
  }

  public Rollup {
    lateDays = lateDays == null ? List.of() : List.copyOf(new java.util.TreeSet<>(lateDays));
    MaterializedColumn.requireText(key, "key");
    MaterializedColumn.requireText(stableView, "stableView");
    MaterializedColumn.requireText(target, "target");
    MaterializedColumn.requireText(contentHash, "contentHash");
    MaterializedColumn.requireText(timeColumn, "timeColumn");
    MaterializedColumn.requireText(bucketColumn, "bucketColumn");
    Objects.requireNonNull(grain, "grain");
    if (grain.isNegative() || grain.isZero() || grain.toMillis() % 1000 != 0) {
      throw new IllegalArgumentException("grain must be a positive whole number of seconds: " + grain);
    }
    dimensions = List.copyOf(dimensions);
    measures = List.copyOf(measures);
    if (measures.isEmpty()) {
      throw new IllegalArgumentException("rollup " + key + " stores no measure");
    }
    Objects.requireNonNull(coveredFrom, "coveredFrom");
    if (coveredUntil != null && coveredUntil.isBefore(coveredFrom)) {
      throw new IllegalArgumentException("covered range ends before it starts: " + key);
    }
  }
}

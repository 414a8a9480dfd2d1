package io.noemata.core.ledger;

import io.noemata.core.catalog.TableName;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

/**
 * One row of {@code <namespace>_resource_ledger}, as written and as read back with {@code FINAL},
 * grouped as the seed's ledger reads: "each rollup's declaration, hash, state, cutover, and
 * backfilled range", and for retired accelerators "retirement and prune times". The table's
 * columns are unchanged (documented in {@code package-info.java}); instants are whole seconds (UTC)
 * except {@code updatedAt}. Fields that do not apply to a kind are empty strings, 0 or null.
 *
 * @param identity which accelerator and object the row is about
 * @param declared what declared it: hash, file, revision and declaration
 * @param state where it is in its life
 * @param shape a rollup's stored shape (empty for other kinds)
 * @param backfill a rollup's cutover and backfilled range
 * @param retirement when it retired and is (or was) pruned
 * @param quarantine why the online check quarantined it, and the days a repair re-backfills
 * @param watermarks a rollup's block-number watermarks per covered day (late rows: {@link BlockWatermarks})
 * @param updatedAt when this version was written
 * @param version the write: the largest wins
 */
public record LedgerRow(
    int formatVersion,
    Identity identity,
    Declared declared,
    LedgerState state,
    Shape shape,
    Backfill backfill,
    Retirement retirement,
    Quarantine quarantine,
    Instant updatedAt,
    long version,
    Watermarks watermarks) {

  /** A row without watermarks (other kinds, and rollups installed before they were recorded). */
  public LedgerRow(int formatVersion, Identity identity, Declared declared, LedgerState state, Shape shape,
      Backfill backfill, Retirement retirement, Quarantine quarantine, Instant updatedAt, long version) {
    this(formatVersion, identity, declared, state, shape, backfill, retirement, quarantine, updatedAt, version,
        Watermarks.NONE);
  }

  public LedgerRow {
    for (Object o : new Object[] {identity, declared, state, shape, backfill, retirement, updatedAt}) {
      Objects.requireNonNull(o, "ledger row field");
    }
    quarantine = quarantine == null ? Quarantine.NONE : quarantine;
    watermarks = watermarks == null ? Watermarks.NONE : watermarks;
  }

  /**
   * The accelerator and object a row is about: newer versions of the same identity replace it.
   *
   * @param object the installed object ({@code __nm_} column, index or projection, or rollup target)
   */
  public record Identity(String namespace, LedgerKind kind, String key, String tableDatabase, String tableName,
      String object) {
    public Identity {
      for (Object o : new Object[] {namespace, kind, key, tableDatabase, tableName, object}) {
        Objects.requireNonNull(o, "ledger identity field");
      }
    }

    /** The physical source table. */
    public TableName table() {
      return new TableName(tableDatabase, tableName);
    }

    /** {@code db.table/kind/key/object}: the key rows are merged by. */
    public String text() {
      return tableDatabase + "." + tableName + "/" + kind.text() + "/" + key + "/" + object;
    }
  }

  /**
   * What declared the accelerator.
   *
   * @param contentHash the column name hash, or the rollup's stored-shape hash
   * @param file the resources file, relative to the project
   * @param revision the publish revision that last declared it
   * @param declaration the entry as JSON, as declared (plus resolved expressions)
   */
  public record Declared(String contentHash, boolean async, String file, String revision, String declaration) {

    /**
     * A refreshed rollup's schedule as its declaration records it ({@code "refresh": "EVERY 5
     * MINUTE"}); empty for a rollup fed by inserts and for other kinds.
     */
    public java.util.Optional<String> refresh() {
      Object read;
      try {
        read = Json.read(declaration);
      } catch (RuntimeException unreadable) {
        return java.util.Optional.empty();
      }
      return read instanceof java.util.Map<?, ?> m && m.get("refresh") instanceof String r
          ? java.util.Optional.of(r) : java.util.Optional.empty();
    }

    public Declared {
      for (Object o : new Object[] {contentHash, file, revision, declaration}) {
        Objects.requireNonNull(o, "ledger declaration field");
      }
    }

    /** The same, last declared by {@code rev}. */
    public Declared withRevision(String rev) {
      return new Declared(contentHash, async, file, rev, declaration);
    }
  }

  /**
   * A rollup's stored shape: the stable view queries read, what its materialized view reads, and
   * its buckets, key and stored states (one element of the three measure lists per state column).
   */
  public record Shape(String stableView, String sourceObject, String timeColumn, long grainSeconds,
      long retentionSeconds, List<String> dimensions, List<String> measureNames, List<String> measureDefinitions,
      List<String> measureColumns) {

    /** Nothing stored: a column, index or projection. */
    public static final Shape NONE = new Shape("", "", "", 0, 0, List.of(), List.of(), List.of(), List.of());

    public Shape {
      for (Object o : new Object[] {stableView, sourceObject, timeColumn}) {
        Objects.requireNonNull(o, "ledger shape field");
      }
      dimensions = List.copyOf(dimensions);
      measureNames = List.copyOf(measureNames);
      measureDefinitions = List.copyOf(measureDefinitions);
      measureColumns = List.copyOf(measureColumns);
      if (measureNames.size() != measureDefinitions.size() || measureNames.size() != measureColumns.size()) {
        throw new IllegalArgumentException("measure_names, measure_definitions and measure_columns differ in length: "
            + stableView);
      }
      if (grainSeconds < 0 || retentionSeconds < 0) {
        throw new IllegalArgumentException("negative grain or retention: " + stableView);
      }
    }
  }

  /**
   * A rollup's cutover and backfilled range: {@code [backfilledFrom, cutover)} is in the target
   * exactly once; the backfill is done when {@code backfilledFrom} reaches {@code backfillFloor}.
   * Each is null until set (and for other kinds).
   */
  public record Backfill(Instant cutover, Instant backfillFloor, Instant backfilledFrom) {
    /** Nothing set. */
    public static final Backfill NONE = new Backfill(null, null, null);
  }

  /** When an undeclared accelerator retired, from when prune may drop it, and when it did; null while not. */
  public record Retirement(Instant retiredAt, Instant pruneAfter, Instant prunedAt) {
    /** Not retired. */
    public static final Retirement NONE = new Retirement(null, null, null);
  }

  /**
   * For state {@code quarantined}: the first failing bucket and measure the online check found, and
   * the days {@code publish} re-backfills before the rollup is ready again; empty both otherwise.
   */
  public record Quarantine(String reason, List<LocalDate> days) {
    /** Not quarantined. */
    public static final Quarantine NONE = new Quarantine("", List.of());

    public Quarantine {
      reason = reason == null ? "" : reason;
      days = days == null ? List.of() : List.copyOf(days);
    }
  }

  /** A copy in another state, at {@code now}, with {@code version}. */
  public LedgerRow withState(LedgerState next, Instant now, long nextVersion) {
    return new LedgerRow(formatVersion, identity, declared, next, shape, backfill, retirement, quarantine, now,
        nextVersion, watermarks);
  }

  /** A copy with the backfill columns changed. */
  public LedgerRow withBackfill(Instant newCutover, Instant floor, Instant from, Instant now, long nextVersion) {
    return new LedgerRow(formatVersion, identity, declared, state, shape, new Backfill(newCutover, floor, from),
        retirement, quarantine, now, nextVersion, watermarks);
  }

  /** A copy with the retirement columns changed (null clears them). */
  public LedgerRow withRetirement(LedgerState next, Instant retired, Instant pruneAt, Instant pruned, Instant now,
      long nextVersion) {
    return new LedgerRow(formatVersion, identity, declared, next, shape, backfill,
        new Retirement(retired, pruneAt, pruned), quarantine, now, nextVersion, watermarks);
  }

  /** A copy with the revision that last declared it. */
  public LedgerRow withRevision(String rev, Instant now, long nextVersion) {
    return new LedgerRow(formatVersion, identity, declared.withRevision(rev), state, shape, backfill, retirement,
        quarantine, now, nextVersion, watermarks);
  }

  /**
   * A copy in {@code next} with the quarantine columns set: {@code reason} names the failing bucket
   * and measure, {@code days} the days a repair re-backfills; empty both to lift it.
   */
  public LedgerRow withQuarantine(LedgerState next, String reason, List<LocalDate> days, Instant now,
      long nextVersion) {
    return new LedgerRow(formatVersion, identity, declared, next, shape, backfill, retirement,
        new Quarantine(reason, days), now, nextVersion, watermarks);
  }

  /** A copy with the watermarks changed. */
  public LedgerRow withWatermarks(Watermarks next, Instant now, long nextVersion) {
    return new LedgerRow(formatVersion, identity, declared, state, shape, backfill, retirement, quarantine, now,
        nextVersion, next);
  }

  /**
   * What a covered day's rows were read at, per source partition: the target holds that day's
   * source rows of every part whose blocks are all at most {@code low}; blocks in {@code (low, high]}
   * may have been lost (written while a repair swapped the day in); see {@link BlockWatermarks}.
   *
   * @param partition the source's {@code partition_id}; empty with {@code low = high = -1} when no
   *     part held rows of the day
   */
  public record Watermark(LocalDate day, String partition, long low, long high) {
    public Watermark {
      Objects.requireNonNull(day, "day");
      partition = partition == null ? "" : partition;
      if (high < low) {
        throw new IllegalArgumentException("watermark high " + high + " below low " + low + " on " + day);
      }
    }
  }

  /**
   * A rollup's watermarks: {@code recorded} once its backfill started recording them (a rollup
   * installed by an older release has none and is not checked for late rows), and the entries of
   * each covered day that was read.
   */
  public record Watermarks(boolean recorded, List<Watermark> entries) {
    /** Not recorded. */
    public static final Watermarks NONE = new Watermarks(false, List.of());

    public Watermarks {
      entries = entries == null ? List.of() : List.copyOf(entries);
    }

    /** The entries of {@code day}; empty when it was never read. */
    public List<Watermark> of(LocalDate day) {
      return entries.stream().filter(w -> w.day().equals(day)).toList();
    }

    /** The same with {@code day}'s entries replaced by {@code next} (all of one day). */
    public Watermarks with(LocalDate day, List<Watermark> next) {
      List<Watermark> out = new java.util.ArrayList<>(entries.stream().filter(w -> !w.day().equals(day)).toList());
      out.addAll(next);
      out.sort(java.util.Comparator.comparing(Watermark::day).thenComparing(Watermark::partition));
      return new Watermarks(recorded, out);
    }
  }
}

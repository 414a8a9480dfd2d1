package io.noemata.core.ledger;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

/**
 * One row of {@code <namespace>_resource_ledger}, as written and as read back with {@code FINAL}.
 * Columns are documented in {@code package-info.java}; instants are whole seconds (UTC) except
 * {@code updatedAt}. Fields that do not apply to a kind are empty strings, 0 or null.
 */
public record LedgerRow(
    int formatVersion,
    String namespace,
    LedgerKind kind,
    String key,
    String tableDatabase,
    String tableName,
    String object,
    String contentHash,
    LedgerState state,
    boolean async,
    String file,
    String revision,
    String declaration,
    String stableView,
    String sourceObject,
    String timeColumn,
    long grainSeconds,
    long retentionSeconds,
    List<String> dimensions,
    List<String> measureNames,
    List<String> measureDefinitions,
    List<String> measureColumns,
    Instant cutover,
    Instant backfillFloor,
    Instant backfilledFrom,
    Instant retiredAt,
    Instant pruneAfter,
    Instant prunedAt,
    Instant updatedAt,
    long version,
    String quarantine,
    List<LocalDate> quarantineDays) {

  public LedgerRow {
    for (Object o : new Object[] {namespace, kind, key, tableDatabase, tableName, object, contentHash, state,
        file, revision, declaration, stableView, sourceObject, timeColumn, updatedAt}) {
      Objects.requireNonNull(o, "ledger row field");
    }
    quarantine = quarantine == null ? "" : quarantine;
    quarantineDays = quarantineDays == null ? List.of() : List.copyOf(quarantineDays);
    dimensions = List.copyOf(dimensions);
    measureNames = List.copyOf(measureNames);
    measureDefinitions = List.copyOf(measureDefinitions);
    measureColumns = List.copyOf(measureColumns);
    if (measureNames.size() != measureDefinitions.size() || measureNames.size() != measureColumns.size()) {
      throw new IllegalArgumentException("measure_names, measure_definitions and measure_columns differ in length: "
          + key);
    }
    if (grainSeconds < 0 || retentionSeconds < 0) {
      throw new IllegalArgumentException("negative grain or retention: " + key);
    }
  }

  /** The identity of a row: newer versions of the same identity replace it. */
  public String identity() {
    return tableDatabase + "." + tableName + "/" + kind.text() + "/" + key + "/" + object;
  }

  /** A copy in another state, at {@code now}, with {@code version}. */
  public LedgerRow withState(LedgerState next, Instant now, long nextVersion) {
    return new LedgerRow(formatVersion, namespace, kind, key, tableDatabase, tableName, object, contentHash,
        next, async, file, revision, declaration, stableView, sourceObject, timeColumn, grainSeconds,
        retentionSeconds, dimensions, measureNames, measureDefinitions, measureColumns, cutover, backfillFloor,
        backfilledFrom, retiredAt, pruneAfter, prunedAt, now, nextVersion, quarantine, quarantineDays);
  }

  /** A copy with the backfill columns changed. */
  public LedgerRow withBackfill(Instant newCutover, Instant floor, Instant from, Instant now, long nextVersion) {
    return new LedgerRow(formatVersion, namespace, kind, key, tableDatabase, tableName, object, contentHash,
        state, async, file, revision, declaration, stableView, sourceObject, timeColumn, grainSeconds,
        retentionSeconds, dimensions, measureNames, measureDefinitions, measureColumns, newCutover, floor, from,
        retiredAt, pruneAfter, prunedAt, now, nextVersion, quarantine, quarantineDays);
  }

  /** A copy with the retirement columns changed (null clears them). */
  public LedgerRow withRetirement(LedgerState next, Instant retired, Instant pruneAt, Instant pruned, Instant now,
      long nextVersion) {
    return new LedgerRow(formatVersion, namespace, kind, key, tableDatabase, tableName, object, contentHash,
        next, async, file, revision, declaration, stableView, sourceObject, timeColumn, grainSeconds,
        retentionSeconds, dimensions, measureNames, measureDefinitions, measureColumns, cutover, backfillFloor,
        backfilledFrom, retired, pruneAt, pruned, now, nextVersion, quarantine, quarantineDays);
  }

  /** A copy with the revision that last declared it. */
  public LedgerRow withRevision(String rev, Instant now, long nextVersion) {
    return new LedgerRow(formatVersion, namespace, kind, key, tableDatabase, tableName, object, contentHash,
        state, async, file, rev, declaration, stableView, sourceObject, timeColumn, grainSeconds,
        retentionSeconds, dimensions, measureNames, measureDefinitions, measureColumns, cutover, backfillFloor,
        backfilledFrom, retiredAt, pruneAfter, prunedAt, now, nextVersion, quarantine, quarantineDays);
  }

  /**
   * A copy in {@code next} with the quarantine columns set: {@code reason} names the failing bucket
   * and measure, {@code days} the days a repair re-backfills; empty both to lift it.
   */
  public LedgerRow withQuarantine(LedgerState next, String reason, List<LocalDate> days, Instant now,
      long nextVersion) {
    return new LedgerRow(formatVersion, namespace, kind, key, tableDatabase, tableName, object, contentHash,
        next, async, file, revision, declaration, stableView, sourceObject, timeColumn, grainSeconds,
        retentionSeconds, dimensions, measureNames, measureDefinitions, measureColumns, cutover, backfillFloor,
        backfilledFrom, retiredAt, pruneAfter, prunedAt, now, nextVersion, reason, days);
  }
}

package io.noemata.core.catalog;

import java.time.Instant;

/**
 * A refreshed rollup as the server shows it now: its view is refreshable ({@code
 * system.view_refreshes} lists it), so the target holds the source as the last successful refresh
 * read it, every bucket aggregated again ({@code FINAL} where the source's engine merges rows).
 *
 * @param lastSuccess when the last successful refresh started (whole seconds); null before any
 * @param sourceChanged when the source's parts last changed (an insert, merge, mutation or drop;
 *     whole seconds); null when the source has no parts
 * @param heldBefore when the refresh does not cover the source: the instant before which it still
 *     holds every row the source has, because each part changed since the refresh holds only rows
 *     from then on (a bucket boundary; see {@code docs/resources-format.md}, "Refreshed rollups
 *     and rows newer than the refresh"); null when that cannot be told, or when it covers the source
 */
public record RefreshState(Instant lastSuccess, Instant sourceChanged, Instant heldBefore) {

  public RefreshState(Instant lastSuccess, Instant sourceChanged) {
    this(lastSuccess, sourceChanged, null);
  }

  /**
   * The seed's "the refresh covers the source": the last successful refresh started in a later
   * second than the source's last change. Both are whole seconds, so a part changed in the refresh's
   * own second may be missing from it: not covered.
   */
  public boolean covers() {
    return lastSuccess != null && (sourceChanged == null || lastSuccess.getEpochSecond() > sourceChanged.getEpochSecond());
  }

  /** This state, the refresh holding the source's rows before {@code before}. */
  public RefreshState holdingBefore(Instant before) {
    return new RefreshState(lastSuccess, sourceChanged, before);
  }
}

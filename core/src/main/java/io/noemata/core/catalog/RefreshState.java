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
 */
public record RefreshState(Instant lastSuccess, Instant sourceChanged) {

  /**
   * The seed's "the refresh covers the source": the last successful refresh started in a later
   * second than the source's last change. Both are whole seconds, so a part changed in the refresh's
   * own second may be missing from it: not covered.
   */
  public boolean covers() {
    return lastSuccess != null && (sourceChanged == null || lastSuccess.getEpochSecond() > sourceChanged.getEpochSecond());
  }
}

package io.noemata.driver.provenance;

import io.noemata.driver.catalog.QuarantinedRollup;
import io.noemata.rewriter.Provenance;
import io.noemata.rewriter.RollupUse;
import io.noemata.rewriter.StoredColumnUse;
import java.util.List;
import java.util.Objects;

/**
 * What the driver did with one statement text: the structured form of its warnings.
 *
 * @param original the text the application passed
 * @param sent the text that reached clickhouse-jdbc (the original unless rewritten and not in
 *     dry-run; after a fallback, the original)
 * @param rewritten the rewriter's output when it changed the text (sent, or only reported in
 *     dry-run); null when nothing would change
 * @param rewrite what the rewriter reported; null when it did not run (rewriting off, no
 *     accelerator installed, catalog unavailable, DDL)
 * @param skippedBecause why the rewriter did not run, or null
 * @param catalogFailure why the catalog could not be read, or null
 * @param rewriterError an internal failure of the rewriter, or null
 * @param dryRun true when the rewrite was only reported
 * @param fallback set when the rewritten text failed and the original ran
 * @param quarantined rollups of the tables the statement names that are quarantined (not read)
 */
public record QueryProvenance(
    String original,
    String sent,
    String rewritten,
    Provenance rewrite,
    String skippedBecause,
    String catalogFailure,
    String rewriterError,
    boolean dryRun,
    Fallback fallback,
    List<QuarantinedRollup> quarantined) {

  public QueryProvenance {
    quarantined = quarantined == null ? List.of() : List.copyOf(quarantined);
    Objects.requireNonNull(original, "original");
    Objects.requireNonNull(sent, "sent");
    if (fallback != null && !sent.equals(original)) {
      throw new IllegalArgumentException("after a fallback the original is what was sent");
    }
  }

  public QueryProvenance(String original, String sent, String rewritten, Provenance rewrite, String skippedBecause,
      String catalogFailure, String rewriterError, boolean dryRun, Fallback fallback) {
    this(original, sent, rewritten, rewrite, skippedBecause, catalogFailure, rewriterError, dryRun, fallback,
        List.of());
  }

  /** The same, naming the quarantined rollups of its tables. */
  public QueryProvenance withQuarantined(List<QuarantinedRollup> q) {
    return new QueryProvenance(original, sent, rewritten, rewrite, skippedBecause, catalogFailure, rewriterError,
        dryRun, fallback, q);
  }

  /** Nothing done: the text is sent as written for {@code reason} (e.g. rewriting off). */
  public static QueryProvenance asWritten(String sql, String reason) {
    return new QueryProvenance(sql, sql, null, null, reason, null, null, false, null);
  }

  /** True when the text sent differs from the text written. */
  public boolean changed() {
    return !sent.equals(original);
  }

  /** Every stored-column decision the rewriter reported, in text order. */
  public List<StoredColumnUse> storedColumns() {
    return rewrite == null ? List.of() : rewrite.storedColumns();
  }

  /** Every rollup decision the rewriter reported: the rollup each level read, and every one skipped. */
  public List<RollupUse> rollups() {
    return rewrite == null ? List.of() : rewrite.rollups();
  }

  /** The same statement after its rewritten text failed and the original ran. */
  public QueryProvenance withFallback(Fallback f) {
    return new QueryProvenance(original, original, rewritten, rewrite, skippedBecause, catalogFailure,
        rewriterError, dryRun, Objects.requireNonNull(f, "fallback"), quarantined);
  }
}

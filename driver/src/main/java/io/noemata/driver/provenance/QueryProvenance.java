package io.noemata.driver.provenance;

import io.noemata.rewriter.provenance.Provenance;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.rewriter.provenance.RollupUse;
import io.noemata.rewriter.provenance.StoredColumnUse;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What the driver did with one statement text, one case per outcome: sent as written without the
 * rewriter, the catalog could not be read, the rewriter failed, the statement was not understood,
 * understood and kept, rewritten, rewritten in dry-run only, or rewritten and fallen back to the
 * text as written. The structured form of the statement's warnings ({@link Warnings}).
 */
public sealed interface QueryProvenance
    permits QueryProvenance.AsWritten, QueryProvenance.CatalogFailure, QueryProvenance.RewriterError,
    QueryProvenance.Read, QueryProvenance.FellBack {

  /** The text the application passed. */
  String original();

  /** The text that reached clickhouse-jdbc: the original unless rewritten (and not after a fallback). */
  default String sent() {
    return original();
  }

  /** True when the text sent differs from the text written. */
  default boolean changed() {
    return !sent().equals(original());
  }

  /** What the rewriter reported, when it ran. */
  default Optional<Provenance> rewrite() {
    return Optional.empty();
  }

  /** Why the rewritten text failed and the original ran, after a fallback. */
  default Optional<Fallback> fallback() {
    return Optional.empty();
  }

  /** Every stored-column decision the rewriter reported, in text order. */
  default List<StoredColumnUse> storedColumns() {
    return rewrite().map(Provenance::storedColumns).orElse(List.of());
  }

  /** Every rollup decision the rewriter reported: the rollup each level read, and every one skipped. */
  default List<RollupUse> rollups() {
    return rewrite().map(Provenance::rollups).orElse(List.of());
  }

  /** The rollup each level read, as the rewriter reported. */
  default List<ResourceUse.Rollup> rollupsRead() {
    return rewrite().map(Provenance::rollupsRead).orElse(List.of());
  }

  /** Every rollup a level did not read, with the reason, as the rewriter reported. */
  default List<ResourceUse.SkippedRollup> skippedRollups() {
    return rewrite().map(Provenance::skippedRollups).orElse(List.of());
  }

  /** Nothing done: the text is sent as written {@code because} (rewriting off, not a query, ...). */
  static QueryProvenance asWritten(String sql, String because) {
    return new AsWritten(sql, because);
  }

  /** The catalog of installed accelerators could not be read: sent as written. */
  static QueryProvenance catalogFailure(String sql, String failure) {
    return new CatalogFailure(sql, failure);
  }

  /** The rewriter failed inside: sent as written. */
  static QueryProvenance rewriterError(String sql, String error) {
    return new RewriterError(sql, error);
  }

  /** The rewriter's answer for {@code sql}; in dry-run a changed text is only reported. */
  static QueryProvenance rewriterRan(String sql, RewriteResult r, boolean dryRun) {
    Provenance p = r.provenance();
    if (p.notUnderstood() != null) {
      return new NotUnderstood(sql, p);
    }
    if (!r.changed()) {
      return new Kept(sql, p);
    }
    return dryRun ? new DryRun(sql, r.sql(), p) : new Rewritten(sql, r.sql(), p);
  }

  /** Sent as written without asking the rewriter, {@code because}. */
  record AsWritten(String original, String because) implements QueryProvenance {
    public AsWritten {
      Objects.requireNonNull(original, "original");
      Objects.requireNonNull(because, "because");
    }
  }

  /** The accelerator catalog could not be read ({@code failure}): sent as written. */
  record CatalogFailure(String original, String failure) implements QueryProvenance {
    public CatalogFailure {
      Objects.requireNonNull(original, "original");
      Objects.requireNonNull(failure, "failure");
    }
  }

  /** An internal failure of the rewriter ({@code error}): sent as written. */
  record RewriterError(String original, String error) implements QueryProvenance {
    public RewriterError {
      Objects.requireNonNull(original, "original");
      Objects.requireNonNull(error, "error");
    }
  }

  /** The rewriter read the statement; {@code report} is what it said. */
  sealed interface Read extends QueryProvenance permits NotUnderstood, Kept, Rewritten, DryRun {
    Provenance report();

    @Override
    default Optional<Provenance> rewrite() {
      return Optional.of(report());
    }
  }

  /** The rewriter did not understand the statement (the report says why): sent as written. */
  record NotUnderstood(String original, Provenance report) implements Read {
    public NotUnderstood {
      Objects.requireNonNull(original, "original");
      if (report.notUnderstood() == null) {
        throw new IllegalArgumentException("the rewriter understood the statement");
      }
    }

    /** The parser's or rewriter's reason. */
    public String reason() {
      return report.notUnderstood();
    }
  }

  /** Understood, and nothing to change: the report says why each accelerator was not read. */
  record Kept(String original, Provenance report) implements Read {
    public Kept {
      Objects.requireNonNull(original, "original");
      understood(report);
    }
  }

  /** Rewritten: {@code sent} reads the accelerators the report names. */
  record Rewritten(String original, String sent, Provenance report) implements Read {
    public Rewritten {
      understood(report);
      if (sent.equals(Objects.requireNonNull(original, "original"))) {
        throw new IllegalArgumentException("a rewritten statement sends another text");
      }
    }

    /** The same statement after {@code sent} failed and the original ran. */
    public FellBack fellBack(Fallback f) {
      return new FellBack(this, f);
    }
  }

  /** Rewriting in dry-run: {@code rewritten} is what would have been sent; the original was. */
  record DryRun(String original, String rewritten, Provenance report) implements Read {
    public DryRun {
      Objects.requireNonNull(original, "original");
      Objects.requireNonNull(rewritten, "rewritten");
      understood(report);
    }
  }

  /** The rewritten text failed ({@code failure}) and the text as written ran instead. */
  record FellBack(Rewritten rewritten, Fallback failure) implements QueryProvenance {
    public FellBack {
      Objects.requireNonNull(rewritten, "rewritten");
      Objects.requireNonNull(failure, "failure");
    }

    @Override
    public String original() {
      return rewritten.original();
    }

    @Override
    public Optional<Provenance> rewrite() {
      return rewritten.rewrite();
    }

    @Override
    public Optional<Fallback> fallback() {
      return Optional.of(failure);
    }
  }

  private static void understood(Provenance report) {
    if (report.notUnderstood() != null) {
      throw new IllegalArgumentException("the rewriter did not understand the statement: " + report.notUnderstood());
    }
  }
}

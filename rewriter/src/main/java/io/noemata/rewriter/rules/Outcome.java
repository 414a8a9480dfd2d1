package io.noemata.rewriter.rules;

import io.noemata.core.catalog.Rollup;
import io.noemata.rewriter.checks.Skip;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.syntax.Edit;
import java.util.List;
import java.util.Optional;

/** One candidate rollup decided at one level: it can be read, with its edits, or it is skipped with its code. */
sealed interface Outcome permits Outcome.Read, Outcome.Skipped {

  Rollup rollup();

  /**
   * The level can read {@code rollup}; whether it does is the cost's choice among the candidates.
   *
   * @param edits the edits that make the level read it
   * @param rowEdits the edits reading the level's groups as rollup rows ({@link GroupsAreRows}), when they are
   * @param database the database of the table the level reads, where the rollup's target is
   * @param rawEdges true when part of the window is read from raw rows (the union rewrite)
   * @param windowStart the window's earliest start in nanoseconds since the epoch, null when unbounded
   * @param windowEnd the window's latest end in nanoseconds since the epoch, null when unbounded or moving
   * @param unionShape the rollup with only the measures its union with raw edges carries (the cost weighs their states)
   */
  record Read(Rollup rollup, List<Edit> edits, Optional<List<Edit>> rowEdits, String database, boolean rawEdges,
      Long windowStart, Long windowEnd, Rollup unionShape) implements Outcome {}

  /** The level does not read {@code rollup}: the first condition it failed, and why. */
  record Skipped(Rollup rollup, RollupSkip code, String why) implements Outcome {
    Skipped(Rollup rollup, Skip skip) {
      this(rollup, skip.code(), skip.reason());
    }
  }
}

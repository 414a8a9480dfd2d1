package io.noemata.rewriter.checks;

import io.noemata.core.sql.Query;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.Optional;

/**
 * Clauses of a level the rollup rule does not read: a WINDOW clause or QUALIFY (a window written
 * out in a grouped level is read by the rollup rule's walk), and WITH expressions the level sees.
 */
public final class ClausesRead {

  private ClausesRead() {}

  /** @param underScalarWith the level is inside a level with WITH expressions, which it sees too */
  public static Optional<Skip> check(Query.Select s, boolean underScalarWith) {
    if (!s.windows().isEmpty() || s.qualify() != null) {
      return Optional.of(new Skip(RollupSkip.NOT_UNDERSTOOD, "window functions are not read from rollups"));
    }
    if (underScalarWith || s.with().stream().anyMatch(w -> w.query() == null)) {
      return Optional.of(new Skip(RollupSkip.NOT_UNDERSTOOD, "the level sees WITH expressions, which the rule does"
          + " not read"));
    }
    return Optional.empty();
  }
}

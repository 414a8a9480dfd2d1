package io.noemata.rewriter.checks;

import io.noemata.core.sql.Clause;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Literals;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * {@code count(DISTINCT x)} is the aggregate {@code count_distinct_implementation} names (ClickHouse
 * rewrites it so: {@code uniqExact} unless set otherwise). Only a statement's own {@code SETTINGS}
 * say which one for certain (a session's SET, a profile or the connection may set another, and the
 * statement's wins over them all): HyperDX sends {@code SETTINGS count_distinct_implementation =
 * 'uniqCombined64'} with its distinct counts, which a rollup storing {@code uniqCombined64(x)}
 * answers. Without one, or with two that differ, the implementation is unknown and the count is
 * read as written (no rollup stores uniqExact).
 */
public final class CountDistinct {

  static final String SETTING = "count_distinct_implementation";

  /** The values the server takes (the setting's enum, measured on 26.5: others are refused). */
  private static final Set<String> IMPLEMENTATIONS = Set.of("uniq", "uniqCombined", "uniqCombined64", "uniqHLL12",
      "uniqExact", "uniqTheta");

  private CountDistinct() {}

  /** The implementation the statement's settings (every level's) name for {@code count(DISTINCT ...)}, if they name one. */
  public static Optional<String> implementation(List<Clause.Setting> settings) {
    List<String> named = settings.stream().filter(s -> s.name().toLowerCase(Locale.ROOT).equals(SETTING))
        .map(s -> s.value().strip()).distinct().toList();
    // the value is a string literal (the server refuses a bare name there)
    return named.size() == 1 && named.get(0).startsWith("'") ? Optional.of(Literals.unquote(named.get(0)))
        .filter(IMPLEMENTATIONS::contains) : Optional.empty();
  }

  /** {@code count(DISTINCT args)} as the aggregate {@code implementation} the server runs in its place. */
  public static Optional<Expr.Call> asImplementation(Expr.Call c, Optional<String> implementation) {
    if (implementation.isEmpty() || !c.distinct() || c.params() != null || c.args().isEmpty()
        || !c.name().toLowerCase(Locale.ROOT).equals("count")) {
      return Optional.empty();
    }
    return Optional.of(new Expr.Call(implementation.get(), null, c.args(), false, c.start(), c.end()));
  }
}

package io.noemata.core.catalog;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.ParseResult;
import io.noemata.core.sql.SqlParser;
import java.util.Optional;

/** A table's sorting key as {@code system.tables.sorting_key} reports it ({@code a, f(b), c}). */
public final class SortingKey {

  private SortingKey() {}

  /** The key's expressions, as the server wrote them; empty for no key or one not understood. */
  public static java.util.List<String> expressions(String sortingKey) {
    if (sortingKey == null || sortingKey.isBlank()) {
      return java.util.List.of();
    }
    String list = "tuple(" + sortingKey + ")";
    ParseResult<Expr> parsed = SqlParser.parseExpression(list);
    if (!parsed.understood() || !(parsed.node() instanceof Expr.Call c)) {
      return java.util.List.of();
    }
    return c.args().stream().map(e -> list.substring(e.start(), e.end())).toList();
  }

  /** The key's first expression, as the server wrote it; empty for no key or one not understood. */
  public static Optional<String> leading(String sortingKey) {
    if (sortingKey == null || sortingKey.isBlank()) {
      return Optional.empty();
    }
    String list = "tuple(" + sortingKey + ")";
    ParseResult<Expr> parsed = SqlParser.parseExpression(list);
    if (!parsed.understood() || !(parsed.node() instanceof Expr.Call c) || c.args().isEmpty()) {
      return Optional.empty();
    }
    Expr first = c.args().get(0);
    return Optional.of(list.substring(first.start(), first.end()));
  }
}

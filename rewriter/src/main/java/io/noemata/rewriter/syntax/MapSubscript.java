package io.noemata.rewriter.syntax;

import io.noemata.core.sql.Literals;
import io.noemata.core.sql.Expr;
import java.util.Optional;

/**
 * A Map subscript with a constant key over a named column: {@code m['k']}, {@code `m`['k']},
 * {@code t.m['k']} or {@code arrayElement(m, 'k')} (the same function ClickHouse calls for
 * {@code m['k']}).
 *
 * @param map the column reference, possibly qualified
 * @param key the key's value, unquoted
 */
public record MapSubscript(Expr.Identifier map, String key) {

  /** The subscript {@code e} is, or empty. */
  public static Optional<MapSubscript> of(Expr e) {
    Expr base;
    Expr index;
    if (e instanceof Expr.Subscript s) {
      base = s.base();
      index = s.index();
    } else if (e instanceof Expr.Call c && c.name().equals("arrayElement") && c.params() == null
        && !c.distinct() && c.args().size() == 2) {
      base = c.args().get(0);
      index = c.args().get(1);
    } else {
      return Optional.empty();
    }
    if (base instanceof Expr.Identifier id && index instanceof Expr.Literal l
        && l.kind() == Expr.Literal.Kind.STRING) {
      return Optional.of(new MapSubscript(id, Literals.unquote(l.text())));
    }
    return Optional.empty();
  }
}

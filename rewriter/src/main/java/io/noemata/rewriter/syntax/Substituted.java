package io.noemata.rewriter.syntax;

import io.noemata.core.sql.Clause;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Query;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * A query level with some identifiers replaced, each node keeping its text span: the rules decide
 * on the replaced names while every edit they make still splices into the text as written. Only
 * the level's own expressions are replaced: FROM, WITH, subqueries and lambdas (whose parameters
 * bind names of their own) stay as written.
 */
public final class Substituted {

  private Substituted() {}

  /** {@code s} with every identifier of its own expressions replaced by {@code f}'s answer. */
  public static Query.Select select(Query.Select s, UnaryOperator<Expr.Identifier> f) {
    Clause.GroupBy g = s.groupBy();
    Clause.GroupBy groupBy = g == null ? null : new Clause.GroupBy(g.all(), g.form(), all(g.items(), f),
        g.sets().stream().map(set -> all(set, f)).toList(), g.modifiers(), g.start(), g.end());
    List<Clause.NamedWindow> windows = s.windows().stream()
        .map(w -> new Clause.NamedWindow(w.name(), spec(w.spec(), f), w.start(), w.end())).toList();
    Clause.LimitBy l = s.limitBy();
    Clause.LimitBy limitBy = l == null ? null : new Clause.LimitBy(l.limit(), l.offset(), all(l.by(), f), l.start(), l.end());
    return new Query.Select(s.with(), s.distinct(), all(s.items(), f), s.from(), s.arrayJoins(), expr(s.prewhere(), f),
        expr(s.where(), f), groupBy, expr(s.having(), f), windows, expr(s.qualify(), f), order(s.orderBy(), f), limitBy,
        s.limit(), s.offset(), s.withTies(), s.settings(), s.start(), s.end());
  }

  private static List<Expr> all(List<Expr> es, UnaryOperator<Expr.Identifier> f) {
    return es.stream().map(e -> expr(e, f)).toList();
  }

  private static List<Clause.OrderItem> order(List<Clause.OrderItem> items, UnaryOperator<Expr.Identifier> f) {
    return items.stream().map(o -> new Clause.OrderItem(expr(o.expr(), f), o.descending(), o.nulls(), o.collate(),
        o.fill(), all(o.fillExprs(), f), o.start(), o.end())).toList();
  }

  private static Clause.WindowSpec spec(Clause.WindowSpec w, UnaryOperator<Expr.Identifier> f) {
    if (w == null) {
      return null;
    }
    Clause.Frame r = w.frame();
    Clause.Frame frame = r == null ? null : new Clause.Frame(r.unit(), bound(r.from(), f), r.to() == null ? null
        : bound(r.to(), f), r.start(), r.end());
    return new Clause.WindowSpec(all(w.partitionBy(), f), order(w.orderBy(), f), frame, w.start(), w.end());
  }

  private static Clause.FrameBound bound(Clause.FrameBound b, UnaryOperator<Expr.Identifier> f) {
    return new Clause.FrameBound(b.kind(), expr(b.offset(), f), b.start(), b.end());
  }

  private static Expr.Call call(Expr.Call c, UnaryOperator<Expr.Identifier> f) {
    return new Expr.Call(c.name(), c.params() == null ? null : all(c.params(), f), all(c.args(), f), c.distinct(),
        c.start(), c.end());
  }

  /** {@code e} with its identifiers replaced; null for null. */
  static Expr expr(Expr e, UnaryOperator<Expr.Identifier> f) {
    if (e == null || e instanceof Expr.Literal || e instanceof Expr.Parameter || e instanceof Expr.Star
        || e instanceof Expr.Subquery || e instanceof Expr.Lambda) {
      return e;
    }
    if (e instanceof Expr.Identifier id) {
      return f.apply(id);
    }
    if (e instanceof Expr.Call c) {
      return call(c, f);
    }
    if (e instanceof Expr.Filtered x) {
      return new Expr.Filtered(call(x.function(), f), expr(x.condition(), f), x.start(), x.end());
    }
    if (e instanceof Expr.Window w) {
      return new Expr.Window(call(w.function(), f), w.windowName(), spec(w.spec(), f), w.start(), w.end());
    }
    if (e instanceof Expr.Subscript x) {
      return new Expr.Subscript(expr(x.base(), f), expr(x.index(), f), x.start(), x.end());
    }
    if (e instanceof Expr.TupleElement x) {
      return new Expr.TupleElement(expr(x.base(), f), x.element(), x.start(), x.end());
    }
    if (e instanceof Expr.Tuple x) {
      return new Expr.Tuple(all(x.items(), f), x.start(), x.end());
    }
    if (e instanceof Expr.Array x) {
      return new Expr.Array(all(x.items(), f), x.start(), x.end());
    }
    if (e instanceof Expr.Parens x) {
      return new Expr.Parens(expr(x.inner(), f), x.start(), x.end());
    }
    if (e instanceof Expr.Cast x) {
      return new Expr.Cast(expr(x.operand(), f), x.type(), x.operatorForm(), x.start(), x.end());
    }
    if (e instanceof Expr.Interval x) {
      return new Expr.Interval(expr(x.amount(), f), x.unit(), x.start(), x.end());
    }
    if (e instanceof Expr.Case x) {
      return new Expr.Case(expr(x.operand(), f), all(x.conditions(), f), all(x.results(), f), expr(x.otherwise(), f),
          x.start(), x.end());
    }
    if (e instanceof Expr.Binary x) {
      return new Expr.Binary(x.op(), expr(x.left(), f), expr(x.right(), f), x.start(), x.end());
    }
    if (e instanceof Expr.Unary x) {
      return new Expr.Unary(x.op(), expr(x.operand(), f), x.start(), x.end());
    }
    if (e instanceof Expr.IsNull x) {
      return new Expr.IsNull(expr(x.operand(), f), x.negated(), x.start(), x.end());
    }
    if (e instanceof Expr.Between x) {
      return new Expr.Between(expr(x.operand(), f), expr(x.low(), f), expr(x.high(), f), x.negated(), x.start(), x.end());
    }
    if (e instanceof Expr.Ternary x) {
      return new Expr.Ternary(expr(x.condition(), f), expr(x.then(), f), expr(x.otherwise(), f), x.start(), x.end());
    }
    if (e instanceof Expr.Aliased x) {
      return new Expr.Aliased(expr(x.expr(), f), x.alias(), x.aliasStart(), x.aliasEnd(), x.start(), x.end());
    }
    throw new IllegalStateException("an expression the substitution does not know: " + e.getClass().getSimpleName());
  }
}

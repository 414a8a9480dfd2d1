package io.noemata.core.sql;

import java.util.List;
import java.util.stream.Collectors;

/** A compact prefix form of an expression for readable assertions: {@code (AND (= a 1) b)}. */
final class Sexpr {

  private Sexpr() {}

  static String of(Expr e) {
    if (e instanceof Expr.Literal l) {
      return l.text();
    } else if (e instanceof Expr.Identifier id) {
      return String.join(".", id.parts());
    } else if (e instanceof Expr.Parameter p) {
      return p.text();
    } else if (e instanceof Expr.Star s) {
      return s.qualifier().isEmpty() ? "*" : String.join(".", s.qualifier()) + ".*";
    } else if (e instanceof Expr.Call c) {
      String params = c.params() == null ? "" : "[" + all(c.params()) + "]";
      return "(" + c.name() + params + (c.distinct() ? " DISTINCT" : "") + (c.args().isEmpty() ? "" : " ")
          + all(c.args()) + ")";
    } else if (e instanceof Expr.Filtered f) {
      return "(FILTER " + of(f.function()) + " " + of(f.condition()) + ")";
    } else if (e instanceof Expr.Window w) {
      return "(OVER " + of(w.function()) + " " + (w.spec() == null ? w.windowName() : spec(w.spec())) + ")";
    } else if (e instanceof Expr.Subscript s) {
      return "(SUB " + of(s.base()) + " " + of(s.index()) + ")";
    } else if (e instanceof Expr.TupleElement t) {
      return "(DOT " + of(t.base()) + " " + t.element() + ")";
    } else if (e instanceof Expr.Lambda l) {
      return "(LAMBDA " + l.params() + " " + of(l.body()) + ")";
    } else if (e instanceof Expr.Tuple t) {
      return "(TUPLE " + all(t.items()) + ")";
    } else if (e instanceof Expr.Array a) {
      return "(ARRAY " + all(a.items()) + ")";
    } else if (e instanceof Expr.Parens p) {
      return of(p.inner());
    } else if (e instanceof Expr.Cast c) {
      return "(CAST " + of(c.operand()) + " " + c.type() + ")";
    } else if (e instanceof Expr.Interval i) {
      return "(INTERVAL " + of(i.amount()) + " " + i.unit() + ")";
    } else if (e instanceof Expr.Case c) {
      return "(CASE " + (c.operand() == null ? "" : of(c.operand()) + " ") + all(c.conditions()) + " | "
          + all(c.results()) + (c.otherwise() == null ? "" : " ELSE " + of(c.otherwise())) + ")";
    } else if (e instanceof Expr.Binary b) {
      return "(" + b.op() + " " + of(b.left()) + " " + of(b.right()) + ")";
    } else if (e instanceof Expr.Unary u) {
      return "(" + u.op() + " " + of(u.operand()) + ")";
    } else if (e instanceof Expr.IsNull n) {
      return "(" + (n.negated() ? "IS NOT NULL " : "IS NULL ") + of(n.operand()) + ")";
    } else if (e instanceof Expr.Between b) {
      return "(" + (b.negated() ? "NOT BETWEEN " : "BETWEEN ") + of(b.operand()) + " " + of(b.low()) + " "
          + of(b.high()) + ")";
    } else if (e instanceof Expr.Ternary t) {
      return "(IF " + of(t.condition()) + " " + of(t.then()) + " " + of(t.otherwise()) + ")";
    } else if (e instanceof Expr.Subquery) {
      return "(SUBQUERY)";
    } else if (e instanceof Expr.Aliased a) {
      return "(AS " + of(a.expr()) + " " + a.alias() + ")";
    }
    throw new IllegalArgumentException(e.toString());
  }

  /** The written parts of a window: {@code [PARTITION a b | ORDER c DESC | ROWS 1 PRECEDING]}. */
  static String spec(Clause.WindowSpec s) {
    List<String> parts = new java.util.ArrayList<>();
    if (!s.partitionBy().isEmpty()) {
      parts.add("PARTITION " + all(s.partitionBy()));
    }
    if (!s.orderBy().isEmpty()) {
      parts.add("ORDER " + s.orderBy().stream().map(o -> of(o.expr()) + (o.descending() ? " DESC" : ""))
          .collect(Collectors.joining(" ")));
    }
    Clause.Frame f = s.frame();
    if (f != null) {
      parts.add(f.unit() + (f.to() == null ? " " + bound(f.from())
          : " BETWEEN " + bound(f.from()) + " AND " + bound(f.to())));
    }
    return "[" + String.join(" | ", parts) + "]";
  }

  private static String bound(Clause.FrameBound b) {
    return b.offset() == null ? b.kind() : of(b.offset()) + " " + b.kind();
  }

  private static String all(List<Expr> items) {
    return items.stream().map(Sexpr::of).collect(Collectors.joining(" "));
  }
}

package io.noemata.core.expr;

import io.noemata.core.sql.Expr.Aliased;
import io.noemata.core.sql.Expr.Array;
import io.noemata.core.sql.Expr.Between;
import io.noemata.core.sql.Expr.Binary;
import io.noemata.core.sql.Expr.Call;
import io.noemata.core.sql.Expr.Case;
import io.noemata.core.sql.Expr.Cast;
import io.noemata.core.sql.Expr.Identifier;
import io.noemata.core.sql.Expr.Interval;
import io.noemata.core.sql.Expr.IsNull;
import io.noemata.core.sql.Expr.Lambda;
import io.noemata.core.sql.Expr.Literal;
import io.noemata.core.sql.Expr.Parameter;
import io.noemata.core.sql.Expr.Parens;
import io.noemata.core.sql.Expr.Star;
import io.noemata.core.sql.Expr.Subquery;
import io.noemata.core.sql.Expr.Subscript;
import io.noemata.core.sql.Expr.Ternary;
import io.noemata.core.sql.Expr.Tuple;
import io.noemata.core.sql.Expr.TupleElement;
import io.noemata.core.sql.Expr.Unary;
import io.noemata.core.sql.Expr.Window;
import io.noemata.core.sql.Literals;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns the core parser's span tree of one expression into the canonical {@link CanonicalExpr}, refusing
 * what a stored expression must not contain. It walks in source order, so the first refusal is
 * the leftmost one, as a reader meets it. Simple names ({@code Binary}, {@code Call}, {@code Literal},
 * ...) are the span tree's nodes; {@code CanonicalExpr.Call}, {@code CanonicalExpr.Literal}, ... the canonical ones.
 */
final class Canonicalizer {

  private static final CanonicalExpr NULL = new CanonicalExpr.Literal(CanonicalExpr.Literal.Kind.NULL, "NULL");

  private final Source source;
  private final ExprParser.Mode mode;
  private int depth;

  /** For a query's expression: the column each name reads, or empty when it reads none; null for a stored expression. */
  private final java.util.function.Function<Identifier, java.util.Optional<String>> column;

  Canonicalizer(Source source, ExprParser.Mode mode) {
    this(source, mode, null);
  }

  Canonicalizer(Source source, ExprParser.Mode mode,
      java.util.function.Function<Identifier, java.util.Optional<String>> column) {
    this.source = source;
    this.mode = mode;
    this.column = column;
  }

  /**
   * One level of nesting: the whole expression, an argument, an item, a branch, an operand of NOT,
   * unary minus or INTERVAL. Counted here, not by the span parser (whose limit serves the
   * rewriter), so a stored expression is refused at the depth and token it always was.
   */
  CanonicalExpr expression(io.noemata.core.sql.Expr e) throws ExprException {
    return nested(e.start(), e);
  }

  private CanonicalExpr nested(int offset, io.noemata.core.sql.Expr e) throws ExprException {
    if (++depth > ExprParser.MAX_DEPTH) {
      throw source.error("the expression is nested more than " + ExprParser.MAX_DEPTH + " levels deep", offset);
    }
    try {
      return convert(e);
    } finally {
      depth--;
    }
  }

  private CanonicalExpr convert(io.noemata.core.sql.Expr e) throws ExprException {
    if (e instanceof Literal l) {
      return literal(l);
    } else if (e instanceof Identifier id && column != null) {
      return new CanonicalExpr.Ident(column.apply(id).orElseThrow(() -> source.error("a name that reads no column", id.start())));
    } else if (e instanceof Identifier id) {
      if (id.parts().size() > 1) {
        throw qualifiedName(source.tokenFrom(id.start() + 1));
      }
      return new CanonicalExpr.Ident(id.name());
    } else if (e instanceof Call c) {
      return isCastCall(c) ? castCall(c) : call(c, -1);
    } else if (e instanceof Window w) {
      return call(w.function(), source.tokenFrom(w.function().end()));
    } else if (e instanceof Binary b) {
      return binary(b);
    } else if (e instanceof Unary u) {
      return unary(u);
    } else if (e instanceof Parens p) {
      return expression(p.inner());
    } else if (e instanceof Tuple t) {
      return new CanonicalExpr.Call("tuple", items(t.items()));
    } else if (e instanceof Array a) {
      return new CanonicalExpr.Call("array", items(a.items()));
    } else if (e instanceof Subscript s) {
      CanonicalExpr base = convert(s.base());
      return call("arrayElement", base, expression(s.index()));
    } else if (e instanceof TupleElement t) {
      return tupleElement(t);
    } else if (e instanceof Cast c) {
      CanonicalExpr operand = c.operatorForm() ? convert(c.operand()) : expression(c.operand());
      return cast(operand, Operators.type(c.type()));
    } else if (e instanceof Case c) {
      return caseExpr(c);
    } else if (e instanceof IsNull n) {
      return call(n.negated() ? "isNotNull" : "isNull", convert(n.operand()));
    } else if (e instanceof Between b) {
      return between(b);
    } else if (e instanceof Ternary t) {
      CanonicalExpr condition = convert(t.condition());
      CanonicalExpr then = expression(t.then());
      return call("if", condition, then, expression(t.otherwise()));
    } else if (e instanceof Interval i) {
      return interval(i);
    }
    return refused(e);
  }

  /** What the span parser reads but a stored expression must not hold. */
  private CanonicalExpr refused(io.noemata.core.sql.Expr e) throws ExprException {
    if (e instanceof Star s) {
      throw s.qualifier().isEmpty() ? source.error("'*' is not a column; name the columns", s.start())
          : qualifiedName(source.tokenFrom(s.start() + 1));
    } else if (e instanceof Parameter p) {
      throw source.refusal("query parameters are not allowed in an expression", p.start());
    } else if (e instanceof Subquery q) {
      throw source.refusal("subqueries are not allowed in an expression", q.query().start());
    } else if (e instanceof Lambda l) {
      throw source.error("a lambda is only allowed as a function argument", source.tokenBefore(l.body().start()));
    } else if (e instanceof Aliased a) {
      convert(a.expr()); // a refusal inside comes first, as it stands first in the text
      throw source.error("an alias is not allowed in an expression", source.tokenFrom(a.expr().end()));
    }
    throw source.error("unexpected expression", e.start());
  }

  private static CanonicalExpr literal(Literal l) {
    return switch (l.kind()) {
      case NUMBER -> new CanonicalExpr.Literal(CanonicalExpr.Literal.Kind.NUMBER, l.text().toLowerCase(Locale.ROOT).replace("_", ""));
      case STRING -> new CanonicalExpr.Literal(CanonicalExpr.Literal.Kind.STRING, Literals.unquote(l.text()));
      case NULL -> NULL;
      case BOOLEAN -> new CanonicalExpr.Literal(CanonicalExpr.Literal.Kind.BOOLEAN, l.text().toLowerCase(Locale.ROOT));
      case SPECIAL_NUMBER -> new CanonicalExpr.Ident(l.text()); // inf and nan are names to ClickHouse's parser
    };
  }

  static ExprException qualifiedName(int dot) {
    return new ExprException("qualified names are not allowed; write the column name alone"
        + " (backtick-quote a name that contains a dot, such as `Events.Name`)", dot, true);
  }

  private CanonicalExpr tupleElement(TupleElement t) throws ExprException {
    CanonicalExpr base = convert(t.base());
    if (!t.element().chars().allMatch(Character::isDigit)) {
      throw qualifiedName(source.tokenFrom(t.base().end()));
    }
    return call("tupleElement", base, new CanonicalExpr.Literal(CanonicalExpr.Literal.Kind.NUMBER, t.element()));
  }

  private CanonicalExpr binary(Binary b) throws ExprException {
    CanonicalExpr left = convert(b.left());
    switch (b.op()) {
      case "AND", "OR" -> {
        return Operators.flatten(b.op().toLowerCase(Locale.ROOT), List.of(left, convert(b.right())));
      }
      case "||" -> {
        return Operators.flatten("concat", List.of(left, convert(b.right())));
      }
      case "GLOBAL IN", "GLOBAL NOT IN" -> {
        int global = source.tokenFrom(b.left().end());
        throw source.refusal("GLOBAL IN reads another table; it is not allowed in an expression",
            source.tokenFrom(global + 1));
      }
      default -> {
        String function = Operators.binary(b.op());
        if (function == null) {
          throw source.error("'" + b.op() + "' is not supported in a stored expression", source.tokenFrom(b.left().end()));
        }
        CanonicalExpr right = convert(b.right());
        if ((function.equals("in") || function.equals("notIn")) && right instanceof CanonicalExpr.Ident) {
          throw new ExprException("IN over a table name reads another table; list the values instead",
              b.right().start(), true);
        }
        return call(function, left, right);
      }
    }
  }

  private CanonicalExpr unary(Unary u) throws ExprException {
    if (u.op().equals("NOT")) {
      return call("not", nested(u.operand().start(), u.operand()));
    }
    CanonicalExpr operand = nested(u.start(), u.operand());
    if (operand instanceof CanonicalExpr.Literal lit && lit.kind() == CanonicalExpr.Literal.Kind.NUMBER && !lit.text().startsWith("-")) {
      return new CanonicalExpr.Literal(CanonicalExpr.Literal.Kind.NUMBER, "-" + lit.text()); // -1 is a number, not negate(1)
    }
    return call("negate", operand);
  }

  private CanonicalExpr between(Between b) throws ExprException {
    CanonicalExpr x = convert(b.operand());
    CanonicalExpr low = convert(b.low());
    CanonicalExpr high = convert(b.high());
    return b.negated()
        ? call("or", call("less", x, low), call("greater", x, high))
        : call("and", call("greaterOrEquals", x, low), call("lessOrEquals", x, high));
  }

  private CanonicalExpr caseExpr(Case c) throws ExprException {
    List<CanonicalExpr> args = new ArrayList<>();
    if (c.operand() != null) {
      args.add(expression(c.operand()));
    }
    for (int k = 0; k < c.conditions().size(); k++) {
      args.add(expression(c.conditions().get(k)));
      args.add(expression(c.results().get(k)));
    }
    args.add(c.otherwise() == null ? NULL : expression(c.otherwise()));
    return new CanonicalExpr.Call(c.operand() == null ? "multiIf" : "caseWithExpression", args);
  }

  private CanonicalExpr interval(Interval i) throws ExprException {
    CanonicalExpr amount = nested(i.amount().start(), i.amount());
    if (i.unit() == null) {
      throw source.error("INTERVAL needs a unit such as HOUR or DAY", source.tokenFrom(i.amount().end()));
    }
    return call(Operators.interval(i.unit()), amount);
  }

  /** {@code CAST(x, 'T')} written with the bare word; a quoted {@code `CAST`} is a plain call. */
  private boolean isCastCall(Call c) {
    char first = source.text.charAt(c.start());
    return c.name().equalsIgnoreCase("CAST") && first != '`' && first != '"';
  }

  private CanonicalExpr castCall(Call c) throws ExprException {
    List<io.noemata.core.sql.Expr> args = c.args();
    CanonicalExpr value = expression(args.get(0));
    if (args.size() < 2 || !(args.get(1) instanceof Literal t)
        || t.kind() != Literal.Kind.STRING) {
      int after = source.tokenFrom(args.get(0).end());
      throw source.error("CAST(x, 'Type') needs the type as a string", args.size() < 2 ? after : source.tokenFrom(after + 1));
    }
    if (args.size() > 2 || c.params() != null || c.distinct()) {
      throw source.error("expected ')'", source.tokenFrom(args.get(1).end()));
    }
    return cast(value, Operators.type(Literals.unquote(t.text())));
  }

  private static CanonicalExpr cast(CanonicalExpr value, String type) {
    return call("CAST", value, new CanonicalExpr.Literal(CanonicalExpr.Literal.Kind.STRING, type));
  }

  /** A function call; {@code over} is where OVER stands for a window function, else -1. */
  private CanonicalExpr call(Call c, int over) throws ExprException {
    String name = Functions.canonicalName(c.name());
    boolean aggregate = checkName(name, c.start());
    List<CanonicalExpr> parameters = c.params() == null ? null : arguments(c.params());
    List<CanonicalExpr> arguments = arguments(c.args());
    if (over >= 0) {
      throw source.refusal("window functions (OVER) are not allowed", over);
    }
    if (c.distinct() && !aggregate) {
      throw new ExprException("DISTINCT is only meaningful in an aggregate", c.start());
    }
    return new CanonicalExpr.Call(name, parameters, arguments, c.distinct());
  }

  /** Refuses a function a stored expression must not call; true for an aggregate. */
  private boolean checkName(String name, int at) throws ExprException {
    if (Functions.isTableFunction(name)) {
      throw new ExprException("'" + name + "' is a table function; an expression cannot read other"
          + " tables, files or hosts", at, true);
    }
    if (Functions.isNotRowWise(name)) {
      throw new ExprException("'" + name + "' reads another object or changes the row count;"
          + " it is not allowed in an expression", at, true);
    }
    if (Functions.isWindowOnly(name)) {
      throw new ExprException("'" + name + "' is a window function; window functions are not"
          + " allowed", at, true);
    }
    boolean aggregate = Functions.isAggregate(name);
    if (aggregate && mode == ExprParser.Mode.ROW) {
      throw new ExprException("'" + name + "' is an aggregate function; a row expression cannot"
          + " aggregate (declare it as a measure instead)", at, true);
    }
    return aggregate;
  }

  /** Function arguments: the one place a lambda may stand. */
  private List<CanonicalExpr> arguments(List<io.noemata.core.sql.Expr> args) throws ExprException {
    List<CanonicalExpr> out = new ArrayList<>();
    for (io.noemata.core.sql.Expr a : args) {
      if (a instanceof Lambda l && !l.params().isEmpty()) {
        out.add(new CanonicalExpr.Lambda(l.params(), expression(l.body())));
      } else {
        out.add(expression(a));
      }
    }
    return out;
  }

  private List<CanonicalExpr> items(List<io.noemata.core.sql.Expr> items) throws ExprException {
    List<CanonicalExpr> out = new ArrayList<>();
    for (io.noemata.core.sql.Expr item : items) {
      out.add(expression(item));
    }
    return out;
  }

  private static CanonicalExpr call(String name, CanonicalExpr... args) {
    return new CanonicalExpr.Call(name, List.of(args));
  }
}

package io.noemata.core.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** An expression. Operators keep ClickHouse's spelling in upper case ({@code NOT LIKE}, {@code GLOBAL IN}). */
public sealed interface Expr extends Node {

  /** Number, string, NULL, true/false, inf/nan; {@code text} as written. */
  record Literal(Kind kind, String text, int start, int end) implements Expr {
    public enum Kind { NUMBER, STRING, NULL, BOOLEAN, SPECIAL_NUMBER }

    public Literal {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(text, "text");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of();
    }
  }

  /** {@code a}, {@code `a`}, {@code t.a}, {@code db.t.a}: parts unquoted, outermost first. */
  record Identifier(List<String> parts, int start, int end) implements Expr {
    public Identifier {
      parts = List.copyOf(parts);
      if (parts.isEmpty()) {
        throw new IllegalArgumentException("identifier without parts");
      }
      Node.checkSpan(start, end);
    }

    /** The last part: the column (or alias) name. */
    public String name() {
      return parts.get(parts.size() - 1);
    }

    /** The parts before the name: empty, {@code [table]} or {@code [database, table]}. */
    public List<String> qualifier() {
      return parts.subList(0, parts.size() - 1);
    }

    @Override
    public List<Node> children() {
      return List.of();
    }
  }

  /**
   * A value the statement's text does not hold: a JDBC {@code ?} (name and type null), bound by
   * position, or a ClickHouse query parameter {@code {name:Type}}, bound by name on the server. To
   * the rules both are opaque values.
   */
  record Parameter(String text, String name, String type, int start, int end) implements Expr {
    public Parameter {
      Objects.requireNonNull(text, "text");
      if ((name == null) != (type == null)) {
        throw new IllegalArgumentException("a named parameter has a name and a type");
      }
      Node.checkSpan(start, end);
    }

    /** True for a {@code ?}: the n-th bound value of a prepared statement. */
    public boolean positional() {
      return name == null;
    }

    @Override
    public List<Node> children() {
      return List.of();
    }
  }

  /** {@code *} or {@code t.*}. */
  record Star(List<String> qualifier, int start, int end) implements Expr {
    public Star {
      qualifier = List.copyOf(qualifier);
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of();
    }
  }

  /**
   * {@code name(args)}, or {@code name(params)(args)} for a parametric aggregate; {@code params} is
   * null when there is no parameter list. {@code name} keeps its case and combinators
   * ({@code countIf}, {@code quantileOrNull}).
   */
  record Call(String name, List<Expr> params, List<Expr> args, boolean distinct, int start, int end)
      implements Expr {
    public Call {
      Objects.requireNonNull(name, "name");
      params = params == null ? null : List.copyOf(params);
      args = List.copyOf(args);
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      List<Node> out = new ArrayList<>();
      if (params != null) {
        out.addAll(params);
      }
      out.addAll(args);
      return out;
    }
  }

  /**
   * {@code f(args) FILTER (WHERE condition)}: the aggregate over the rows where {@code condition}
   * holds, which ClickHouse reads as the -If combinator ({@code fIf(args, condition)}, its result
   * column named so).
   */
  record Filtered(Call function, Expr condition, int start, int end) implements Expr {
    public Filtered {
      Objects.requireNonNull(function, "function");
      Objects.requireNonNull(condition, "condition");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(function, condition);
    }
  }

  /**
   * {@code f(args) OVER (spec)} or {@code f(args) OVER name} (then {@code spec} is null). ClickHouse
   * evaluates it over the level's result rows, after grouping: it is never an aggregate over source
   * rows, even when {@code function} names one. Children are the function, then every expression
   * of the spec in source order, so expression walkers reach them.
   */
  record Window(Call function, String windowName, Clause.WindowSpec spec, int start, int end) implements Expr {
    public Window {
      Objects.requireNonNull(function, "function");
      if ((windowName == null) == (spec == null)) {
        throw new IllegalArgumentException("a window is either named or written out");
      }
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      List<Node> out = new ArrayList<>();
      out.add(function);
      if (spec != null) {
        out.addAll(spec.expressions());
      }
      return out;
    }
  }

  /** {@code base[index]}. */
  record Subscript(Expr base, Expr index, int start, int end) implements Expr {
    public Subscript {
      Objects.requireNonNull(base, "base");
      Objects.requireNonNull(index, "index");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(base, index);
    }
  }

  /** {@code expr.1} or {@code expr.name} after something that is not a plain name. */
  record TupleElement(Expr base, String element, int start, int end) implements Expr {
    public TupleElement {
      Objects.requireNonNull(base, "base");
      Objects.requireNonNull(element, "element");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(base);
    }
  }

  /** {@code x -> body} or {@code (x, y) -> body}. */
  record Lambda(List<String> params, Expr body, int start, int end) implements Expr {
    public Lambda {
      params = List.copyOf(params);
      Objects.requireNonNull(body, "body");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(body);
    }
  }

  /** {@code (a, b)} or {@code ()}. */
  record Tuple(List<Expr> items, int start, int end) implements Expr {
    public Tuple {
      items = List.copyOf(items);
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.copyOf(items);
    }
  }

  /** {@code [a, b]}. */
  record Array(List<Expr> items, int start, int end) implements Expr {
    public Array {
      items = List.copyOf(items);
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.copyOf(items);
    }
  }

  /** {@code (expr)}: kept as a node so positions of the parentheses are known. */
  record Parens(Expr inner, int start, int end) implements Expr {
    public Parens {
      Objects.requireNonNull(inner, "inner");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(inner);
    }
  }

  /** {@code CAST(x AS T)} or {@code x::T}; {@code type} is the type's text as written. */
  record Cast(Expr operand, String type, boolean operatorForm, int start, int end) implements Expr {
    public Cast {
      Objects.requireNonNull(operand, "operand");
      Objects.requireNonNull(type, "type");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(operand);
    }
  }

  /** {@code INTERVAL n unit}, or {@code INTERVAL '5 minute'} with a null unit. */
  record Interval(Expr amount, String unit, int start, int end) implements Expr {
    public Interval {
      Objects.requireNonNull(amount, "amount");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(amount);
    }
  }

  /** {@code CASE [operand] WHEN c THEN r ... [ELSE e] END}. */
  record Case(Expr operand, List<Expr> conditions, List<Expr> results, Expr otherwise, int start, int end)
      implements Expr {
    public Case {
      conditions = List.copyOf(conditions);
      results = List.copyOf(results);
      if (conditions.isEmpty() || conditions.size() != results.size()) {
        throw new IllegalArgumentException("CASE needs WHEN/THEN pairs");
      }
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      List<Node> out = new ArrayList<>();
      if (operand != null) {
        out.add(operand);
      }
      for (int i = 0; i < conditions.size(); i++) {
        out.add(conditions.get(i));
        out.add(results.get(i));
      }
      if (otherwise != null) {
        out.add(otherwise);
      }
      return out;
    }
  }

  /** A binary operator: arithmetic, comparison, AND/OR, LIKE/ILIKE/REGEXP, the IN family, {@code ||}. */
  record Binary(String op, Expr left, Expr right, int start, int end) implements Expr {
    public Binary {
      Objects.requireNonNull(op, "op");
      Objects.requireNonNull(left, "left");
      Objects.requireNonNull(right, "right");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(left, right);
    }
  }

  /** {@code NOT x} or {@code -x}. */
  record Unary(String op, Expr operand, int start, int end) implements Expr {
    public Unary {
      Objects.requireNonNull(op, "op");
      Objects.requireNonNull(operand, "operand");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(operand);
    }
  }

  /** {@code x IS [NOT] NULL}. */
  record IsNull(Expr operand, boolean negated, int start, int end) implements Expr {
    public IsNull {
      Objects.requireNonNull(operand, "operand");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(operand);
    }
  }

  /** {@code x [NOT] BETWEEN low AND high}. */
  record Between(Expr operand, Expr low, Expr high, boolean negated, int start, int end) implements Expr {
    public Between {
      Objects.requireNonNull(operand, "operand");
      Objects.requireNonNull(low, "low");
      Objects.requireNonNull(high, "high");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(operand, low, high);
    }
  }

  /** {@code cond ? a : b}. */
  record Ternary(Expr condition, Expr then, Expr otherwise, int start, int end) implements Expr {
    public Ternary {
      Objects.requireNonNull(condition, "condition");
      Objects.requireNonNull(then, "then");
      Objects.requireNonNull(otherwise, "otherwise");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(condition, then, otherwise);
    }
  }

  /** {@code (SELECT ...)} used as a value or as the right side of IN. */
  record Subquery(Query query, int start, int end) implements Expr {
    public Subquery {
      Objects.requireNonNull(query, "query");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(query);
    }
  }

  /**
   * {@code expr AS name} (or {@code expr name} in a select list). ClickHouse lets an alias stand on
   * any expression element, and the name is visible in the whole query level.
   */
  record Aliased(Expr expr, String alias, int aliasStart, int aliasEnd, int start, int end) implements Expr {
    public Aliased {
      Objects.requireNonNull(expr, "expr");
      Objects.requireNonNull(alias, "alias");
      Node.checkSpan(aliasStart, aliasEnd);
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(expr);
    }
  }

  /** The expression inside any parentheses around it. */
  static Expr unparenthesized(Expr e) {
    while (e instanceof Parens p) {
      e = p.inner();
    }
    return e;
  }

  /** The expression under any aliases. */
  static Expr unaliased(Expr e) {
    while (e instanceof Aliased a) {
      e = a.expr();
    }
    return e;
  }
}

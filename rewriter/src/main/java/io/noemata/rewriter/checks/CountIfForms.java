package io.noemata.rewriter.checks;

import io.noemata.core.catalog.TableInfo;
import io.noemata.core.sql.Expr;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The spellings BI tools give {@code countIf(c)}, the number of rows where the truth value {@code c}
 * holds: {@code sum(if(c, 1, 0))}, {@code sum(c ? 1 : 0)}, {@code SUM(CASE WHEN c THEN 1 ELSE 0 END)},
 * {@code sumIf(1, c)}, {@code count(if(c, x, NULL))}, {@code COUNT(CASE WHEN c THEN x END)} with
 * {@code x} never NULL, and {@code sum(c)} where {@code c} cannot be NULL. Each is a UInt64 equal to
 * {@code countIf(c)} on every set of rows, empty ones too (measured on ClickHouse 26.5); a NULL
 * {@code c} counts as false in each. {@code c} must be a truth value (UInt8): {@code if} refuses
 * other integers, which {@code countIf} reads as true when not zero, so a rewrite would turn an
 * error into an answer.
 */
final class CountIfForms {

  private CountIfForms() {}

  private static final Set<String> TRUTH_OPERATORS = Set.of("=", "==", "!=", "<>", "<", ">", "<=", ">=", "AND", "OR",
      "LIKE", "ILIKE", "NOT LIKE", "NOT ILIKE", "IN", "NOT IN");
  /** Functions whose value is UInt8 (or Nullable(UInt8)) whatever their arguments. */
  private static final Set<String> TRUTH_FUNCTIONS = Set.of("equals", "notequals", "less", "greater", "lessorequals",
      "greaterorequals", "and", "or", "not", "isnull", "isnotnull", "like", "ilike", "notlike", "notilike", "match",
      "has", "hasany", "hasall", "startswith", "endswith", "empty", "notempty", "in", "notin", "multisearchany",
      "multisearchanyutf8", "multisearchanycaseinsensitive", "multisearchanycaseinsensitiveutf8", "hastoken",
      "hastokencaseinsensitive", "startswithutf8", "endswithutf8");

  /**
   * {@code c} as {@code countIf(condition)}, spanning {@code c}'s text; empty when it is no such spelling.
   * {@code column} names the column each name reads; {@code info} holds their types.
   */
  static Optional<Expr.Call> asCountIf(Expr.Call c, Function<Expr.Identifier, Optional<String>> column, TableInfo info) {
    if (c.params() != null || c.distinct()) {
      return Optional.empty();
    }
    String name = c.name().toLowerCase(Locale.ROOT);
    Optional<Expr> condition = Optional.empty();
    if (name.equals("sum") && c.args().size() == 1) {
      Expr a = Expr.unparenthesized(c.args().get(0));
      condition = chosen(a, "1", "0").or(() -> truthValue(a) && neverNull(a, column, info) ? Optional.of(a)
          : Optional.empty());
    } else if (name.equals("sumif") && c.args().size() == 2 && number(c.args().get(0), "1")) {
      condition = Optional.of(c.args().get(1)).filter(CountIfForms::truthValue);
    } else if (name.equals("count") && c.args().size() == 1) {
      condition = counted(Expr.unparenthesized(c.args().get(0)), column, info);
    }
    return condition.map(cond -> new Expr.Call("countIf", null, List.of(cond), false, c.start(), c.end()));
  }

  /** {@code if(c, then, otherwise)} in any of its spellings with these two literal numbers: its {@code c}. */
  private static Optional<Expr> chosen(Expr e, String then, String otherwise) {
    Optional<Expr[]> parts = ifParts(e);
    return parts.filter(p -> number(p[1], then) && p[2] != null && number(p[2], otherwise) && truthValue(p[0]))
        .map(p -> p[0]);
  }

  /** {@code if(c, x, NULL)}, {@code CASE WHEN c THEN x END}: counted where {@code c} holds when {@code x} is never NULL. */
  private static Optional<Expr> counted(Expr e, Function<Expr.Identifier, Optional<String>> column, TableInfo info) {
    return ifParts(e).filter(p -> (p[2] == null || isNull(p[2])) && truthValue(p[0]) && neverNullValue(p[1], column, info))
        .map(p -> p[0]);
  }

  /** condition, then, otherwise (null when absent) of a two-way choice. */
  private static Optional<Expr[]> ifParts(Expr e) {
    if (e instanceof Expr.Call f && f.params() == null && !f.distinct()
        && (f.name().equalsIgnoreCase("if") || f.name().equalsIgnoreCase("multiIf")) && f.args().size() == 3) {
      return Optional.of(new Expr[] {f.args().get(0), f.args().get(1), f.args().get(2)});
    }
    if (e instanceof Expr.Ternary t) {
      return Optional.of(new Expr[] {t.condition(), t.then(), t.otherwise()});
    }
    if (e instanceof Expr.Case k && k.operand() == null && k.conditions().size() == 1) {
      return Optional.of(new Expr[] {k.conditions().get(0), k.results().get(0), k.otherwise()});
    }
    return Optional.empty();
  }

  /** An expression ClickHouse types UInt8 or Nullable(UInt8): a comparison, a logical operator, a predicate. */
  static boolean truthValue(Expr e) {
    e = Expr.unparenthesized(e);
    if (e instanceof Expr.Binary b) {
      return TRUTH_OPERATORS.contains(b.op().toUpperCase(Locale.ROOT));
    }
    if (e instanceof Expr.Unary u) {
      return u.op().equalsIgnoreCase("NOT");
    }
    if (e instanceof Expr.IsNull || e instanceof Expr.Between) {
      return true;
    }
    return e instanceof Expr.Call f && f.params() == null && !f.distinct()
        && TRUTH_FUNCTIONS.contains(f.name().toLowerCase(Locale.ROOT));
  }

  /**
   * A truth value that is never NULL, so {@code sum} of it is UInt64 as {@code countIf} is: its
   * operands are columns that hold no NULL, literals that are not NULL, and truth values of those.
   */
  private static boolean neverNull(Expr e, Function<Expr.Identifier, Optional<String>> column, TableInfo info) {
    e = Expr.unparenthesized(e);
    if (e instanceof Expr.Binary b && TRUTH_OPERATORS.contains(b.op().toUpperCase(Locale.ROOT))
        && !b.op().toUpperCase(Locale.ROOT).endsWith("IN")) {
      return operand(b.left(), column, info) && operand(b.right(), column, info);
    }
    if (e instanceof Expr.Unary u && u.op().equalsIgnoreCase("NOT")) {
      return neverNull(u.operand(), column, info);
    }
    return false;
  }

  private static boolean operand(Expr e, Function<Expr.Identifier, Optional<String>> column, TableInfo info) {
    e = Expr.unparenthesized(e);
    return e instanceof Expr.Literal l && l.kind() != Expr.Literal.Kind.NULL || truthValue(e) && neverNull(e, column, info)
        || e instanceof Expr.Identifier && neverNullValue(e, column, info);
  }

  /** A non-NULL literal, or a column whose type holds no NULL. */
  private static boolean neverNullValue(Expr e, Function<Expr.Identifier, Optional<String>> column, TableInfo info) {
    e = Expr.unparenthesized(e);
    if (e instanceof Expr.Literal l) {
      return l.kind() != Expr.Literal.Kind.NULL;
    }
    return e instanceof Expr.Identifier id
        && column.apply(id).filter(n -> AggregateForms.neverNull(info.columnTypes().get(n))).isPresent();
  }

  private static boolean isNull(Expr e) {
    return Expr.unparenthesized(e) instanceof Expr.Literal l && l.kind() == Expr.Literal.Kind.NULL;
  }

  private static boolean number(Expr e, String text) {
    return Expr.unparenthesized(e) instanceof Expr.Literal l && l.kind() == Expr.Literal.Kind.NUMBER && l.text().equals(text);
  }
}

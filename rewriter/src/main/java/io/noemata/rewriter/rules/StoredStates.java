package io.noemata.rewriter.rules;

import io.noemata.core.catalog.Measure;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.sql.Literals;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.SqlParser;
import java.math.BigDecimal;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * The states a rollup stores, by the canonical aggregate each answers, and how a query's aggregate
 * reads them (the contract of {@link Measure}): {@code SimpleAggregateFunction(f, T)} with
 * {@code f(col)}, {@code AggregateFunction(g(params), T)} with {@code gMerge(params)(col)}. An
 * {@code avg(x)} is the quotient of the stored {@code sum(x)} and {@code count(x)}; {@code
 * countIf(c)} over dimensions is the stored count summed where {@code c} holds.
 */
final class StoredStates {

  /** Aggregates ClickHouse names case-insensitively. */
  private static final Set<String> ANY_CASE = Set.of("count", "sum", "avg", "min", "max", "any");

  private final Map<String, Measure> byDefinition = new HashMap<>();

  StoredStates(Rollup rollup) {
    for (Measure m : rollup.measures()) {
      var parsed = SqlParser.parseExpression(m.definition());
      if (parsed.understood() && parsed.node() instanceof Expr.Call c) {
        canonical(c, id -> id.parts().size() == 1 ? Optional.of(id.name()) : Optional.empty())
            .ifPresent(k -> byDefinition.putIfAbsent(k, m));
      }
    }
  }

  /**
   * {@code c} in a normal form: {@code COUNT(*)} is {@code count()}, {@code quantile(0.990)} is
   * {@code quantile(0.99)}; each argument must be a plain column, named by {@code column}.
   */
  static Optional<String> canonical(Expr.Call c, Function<Expr.Identifier, Optional<String>> column) {
    if (c.distinct()) {
      return Optional.empty();
    }
    String lower = RollupFunctions.lower(c.name());
    StringBuilder b = new StringBuilder(ANY_CASE.contains(lower) ? lower : c.name());
    if (c.params() != null) {
      b.append('(');
      for (int i = 0; i < c.params().size(); i++) {
        if (!(c.params().get(i) instanceof Expr.Literal l) || l.kind() != Expr.Literal.Kind.NUMBER) {
          return Optional.empty();
        }
        try {
          b.append(i > 0 ? ", " : "").append(new BigDecimal(l.text()).stripTrailingZeros().toPlainString());
        } catch (NumberFormatException e) {
          return Optional.empty();
        }
      }
      b.append(')');
    }
    List<Expr> args = c.args();
    if (lower.equals("count") && args.size() == 1 && (args.get(0) instanceof Expr.Star s && s.qualifier().isEmpty()
        || args.get(0) instanceof Expr.Literal l && l.kind() != Expr.Literal.Kind.NULL)) {
      args = List.of(); // COUNT(*), count(1), count('x'): every row
    }
    b.append('(');
    for (int i = 0; i < args.size(); i++) {
      Optional<String> arg = argument(args.get(i), column);
      if (arg.isEmpty()) {
        return Optional.empty();
      }
      b.append(i > 0 ? ", " : "").append(arg.get());
    }
    return Optional.of(b.append(')').toString());
  }

  /** Operators as the functions ClickHouse reads them as, the form the installer records definitions in. */
  private static final Map<String, String> OPERATORS = Map.ofEntries(
      Map.entry("=", "equals"), Map.entry("==", "equals"), Map.entry("!=", "notEquals"), Map.entry("<>", "notEquals"),
      Map.entry("<", "less"), Map.entry("<=", "lessOrEquals"), Map.entry(">", "greater"), Map.entry(">=", "greaterOrEquals"),
      Map.entry("+", "plus"), Map.entry("-", "minus"), Map.entry("*", "multiply"), Map.entry("/", "divide"),
      Map.entry("%", "modulo"), Map.entry("AND", "and"), Map.entry("OR", "or"));

  /**
   * An aggregate's argument in a normal form: a column as {@code column} names it, or a row
   * expression over columns and literals with operators written as the functions they are
   * ({@code a >= 17} is {@code greaterOrEquals(a, 17)}), so that a measure such as
   * {@code countIf(SeverityNumber >= 17)} is found however the query or the ledger spells it.
   */
  private static Optional<String> argument(Expr e, Function<Expr.Identifier, Optional<String>> column) {
    if (e instanceof Expr.Identifier id) {
      return column.apply(id);
    }
    if (e instanceof Expr.Parens p) {
      return argument(p.inner(), column);
    }
    if (e instanceof Expr.Literal l) {
      return switch (l.kind()) {
        case STRING -> Optional.of(Literals.string(Literals.unquote(l.text())));
        case NUMBER -> {
          try {
            yield Optional.of(new BigDecimal(l.text()).stripTrailingZeros().toPlainString());
          } catch (NumberFormatException notDecimal) {
            yield Optional.of(l.text());
          }
        }
        default -> Optional.of(l.text().toUpperCase(java.util.Locale.ROOT));
      };
    }
    if (e instanceof Expr.Binary b) {
      String function = OPERATORS.get(b.op().toUpperCase(java.util.Locale.ROOT));
      Optional<String> left = argument(b.left(), column);
      Optional<String> right = argument(b.right(), column);
      return function == null || left.isEmpty() || right.isEmpty() ? Optional.empty()
          : Optional.of(function + "(" + left.get() + ", " + right.get() + ")");
    }
    if (e instanceof Expr.Unary u) {
      String function = u.op().equals("-") ? "negate" : u.op().equalsIgnoreCase("NOT") ? "not" : null;
      return function == null ? Optional.empty() : argument(u.operand(), column).map(o -> function + "(" + o + ")");
    }
    if (e instanceof Expr.Call c && c.params() == null && !c.distinct() && !RollupFunctions.isAggregate(c)) {
      StringBuilder b = new StringBuilder(c.name()).append('(');
      for (int i = 0; i < c.args().size(); i++) {
        Optional<String> a = argument(c.args().get(i), column);
        if (a.isEmpty()) {
          return Optional.empty();
        }
        b.append(i > 0 ? ", " : "").append(a.get());
      }
      return Optional.of(b.append(')').toString());
    }
    return Optional.empty();
  }

  /** The expression reading the aggregate {@code key} (canonical) from stored states, if any state answers it. */
  Optional<String> read(String key, TableInfo info) {
    return read(key, info, null);
  }

  /**
   * The same over the groups where {@code condition} (SQL over dimensions, null for all) holds:
   * the stored states merged with the -If combinator, as {@code fIf(x, c)} aggregates the rows
   * where {@code c} holds and {@code c} is one value for all rows of a group.
   */
  Optional<String> read(String key, TableInfo info, String condition) {
    Measure direct = byDefinition.get(key);
    if (direct != null) {
      return read(direct, condition);
    }
    if (key.startsWith("avg(") && !key.contains(",")) {
      String column = key.substring(4, key.length() - 1);
      Measure sum = byDefinition.get("sum(" + column + ")");
      Measure count = byDefinition.get("count(" + column + ")");
      String type = info.columnTypes().getOrDefault(column, "");
      // avg of an integer or float column is Float64, as is the quotient of the two sums
      if (sum != null && count != null && type.matches("U?Int(8|16|32|64)|Float(32|64)")
          && simple(sum).equals(Optional.of("sum")) && simple(count).equals(Optional.of("sum"))) {
        return Optional.of("(" + read(sum, condition).orElseThrow() + " / " + read(count, condition).orElseThrow() + ")");
      }
    }
    return Optional.empty();
  }

  /** {@code countIf(condition)} from the stored {@code count()}, when that count is summable. */
  Optional<String> countIf(String condition) {
    return summableCount().map(column -> "sumIf(" + column + ", " + condition + ")");
  }

  /** The quoted state column of the stored {@code count()}, when it is a plain summable count. */
  Optional<String> summableCount() {
    Measure count = byDefinition.get("count()");
    if (count == null || !simple(count).equals(Optional.of("sum"))) {
      return Optional.empty();
    }
    return Optional.of(Literals.identifier(count.stateColumn()));
  }

  private static Optional<String> simple(Measure m) {
    String t = m.stateType().strip();
    if (!t.startsWith("SimpleAggregateFunction(")) {
      return Optional.empty();
    }
    int comma = t.indexOf(',');
    return comma < 0 ? Optional.empty() : Optional.of(t.substring("SimpleAggregateFunction(".length(), comma).strip());
  }

  private static Optional<String> read(Measure m, String condition) {
    String column = Literals.identifier(m.stateColumn());
    String suffix = condition == null ? "" : "If";
    String args = "(" + column + (condition == null ? "" : ", " + condition) + ")";
    Optional<String> simple = simple(m);
    if (simple.isPresent()) {
      return simple.get().matches("[A-Za-z_][A-Za-z0-9_]*") ? Optional.of(simple.get() + suffix + args)
          : Optional.empty();
    }
    return stateFunction(m.stateType()).map(function -> {
      int paren = function.indexOf('(');
      return (paren < 0 ? function : function.substring(0, paren)) + "Merge" + suffix
          + (paren < 0 ? "" : function.substring(paren)) + args;
    });
  }

  /** {@code quantile(0.99)} of {@code AggregateFunction(quantile(0.99), UInt64)}, when plainly spelled. */
  static Optional<String> stateFunction(String stateType) {
    String t = stateType.strip();
    if (!t.startsWith("AggregateFunction(") || !t.endsWith(")")) {
      return Optional.empty();
    }
    String inner = t.substring("AggregateFunction(".length(), t.length() - 1);
    int depth = 0;
    int end = inner.length();
    for (int i = 0; i < inner.length(); i++) {
      char ch = inner.charAt(i);
      if (ch == '(') {
        depth++;
      } else if (ch == ')') {
        depth--;
      } else if (ch == ',' && depth == 0) {
        end = i;
        break;
      }
    }
    String function = inner.substring(0, end).strip();
    int paren = function.indexOf('(');
    String name = paren < 0 ? function : function.substring(0, paren);
    String params = paren < 0 ? "" : function.substring(paren);
    if (!name.matches("[A-Za-z_][A-Za-z0-9_]*") || !params.matches("(\\([0-9., ]*\\))?")) {
      return Optional.empty();
    }
    return Optional.of(name + params);
  }
}

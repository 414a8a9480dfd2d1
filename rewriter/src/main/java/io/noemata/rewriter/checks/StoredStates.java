package io.noemata.rewriter.checks;

import io.noemata.core.catalog.Measure;
import io.noemata.core.catalog.PowerSums;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.expr.Canonical;
import io.noemata.core.expr.ExprParser;
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
public final class StoredStates {

  private final Map<String, Measure> byDefinition;
  private final List<Measure> measures;

  /** By rollup: its measures' definitions are canonicalized once, not for every level planned. */
  private static final Map<Rollup, Map<String, Measure>> KNOWN =
      java.util.Collections.synchronizedMap(new java.util.WeakHashMap<>());

  StoredStates(Rollup rollup) {
    byDefinition = KNOWN.computeIfAbsent(rollup, StoredStates::definitions);
    measures = rollup.measures();
  }

  private static Map<String, Measure> definitions(Rollup rollup) {
    Map<String, Measure> out = new HashMap<>();
    for (Measure m : rollup.measures()) {
      var parsed = SqlParser.parseExpression(m.definition());
      if (parsed.understood() && parsed.node() instanceof Expr.Call c) {
        canonical(m.definition(), c, id -> id.parts().size() == 1 ? Optional.of(id.name()) : Optional.empty())
            .ifPresent(k -> out.putIfAbsent(k, m));
      }
    }
    return Map.copyOf(out);
  }

  /**
   * {@code c} in the canonical form the installer records definitions in ({@link
   * ExprParser#canonical}), then with what ClickHouse reads alike but a definition keeps apart
   * folded: {@code COUNT(*)} and {@code count(1)} are {@code count()}, {@code quantile(0.990)} is
   * {@code quantile(0.99)}, {@code x >= 17.0} is {@code x >= 17}. {@code column} names the column
   * each name reads; {@code sql} is the text {@code c} was parsed from.
   */
  static Optional<String> canonical(String sql, Expr.Call c, Function<Expr.Identifier, Optional<String>> column) {
    if (c.distinct()) {
      return Optional.empty();
    }
    Expr.Call call = AggregateForms.countsEveryRow(c)
        ? new Expr.Call(c.name(), c.params(), List.of(), false, c.start(), c.end()) : c;
    Optional<String> plain = plainKey(call, column);
    return plain.isPresent() ? plain : converted(sql, call, column);
  }

  /**
   * The key of {@code f[(numbers)](columns)}, the shape most aggregates have, printed directly as
   * {@link #converted} prints it (planning stays cheap; StoredStatesTest holds the two equal).
   */
  private static final java.util.regex.Pattern PLAIN_NAME = java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  static Optional<String> plainKey(Expr.Call c, Function<Expr.Identifier, Optional<String>> column) {
    String name = io.noemata.core.expr.Functions.canonicalName(c.name());
    if (!PLAIN_NAME.matcher(name).matches()) {
      return Optional.empty();
    }
    StringBuilder b = new StringBuilder(name);
    if (c.params() != null) {
      b.append('(');
      for (int i = 0; i < c.params().size(); i++) {
        if (!(c.params().get(i) instanceof Expr.Literal l) || l.kind() != Expr.Literal.Kind.NUMBER) {
          return Optional.empty();
        }
        String text = l.text().toLowerCase(java.util.Locale.ROOT).replace("_", "");
        try {
          text = new BigDecimal(text).stripTrailingZeros().toPlainString();
        } catch (NumberFormatException notDecimal) {
          return Optional.empty();
        }
        b.append(i > 0 ? ", " : "").append(text);
      }
      b.append(')');
    }
    b.append('(');
    for (int i = 0; i < c.args().size(); i++) {
      if (!(c.args().get(i) instanceof Expr.Identifier id)) {
        return Optional.empty();
      }
      Optional<String> col = column.apply(id);
      if (col.isEmpty()) {
        return Optional.empty();
      }
      b.append(i > 0 ? ", " : "").append(Canonical.name(col.get()));
    }
    return Optional.of(b.append(')').toString());
  }

  /** The key by the installer's own conversion. */
  static Optional<String> converted(String sql, Expr.Call call, Function<Expr.Identifier, Optional<String>> column) {
    return tree(sql, call, column).map(Canonical::text);
  }

  /** The canonical aggregate {@link #converted} prints: no aggregate inside, numbers folded. */
  private static Optional<io.noemata.core.expr.CanonicalExpr> tree(String sql, Expr.Call call,
      Function<Expr.Identifier, Optional<String>> column) {
    return ExprParser.canonical(sql, call, ExprParser.Mode.AGGREGATE, column)
        .filter(e -> e instanceof io.noemata.core.expr.CanonicalExpr.Call call2
            && call2.arguments().stream().noneMatch(StoredStates::aggregates))
        .map(e -> folded(e, true));
  }

  /**
   * The key of {@code call} with comparisons of integer columns half-open ({@link IntegerBounds}),
   * when that differs from its key; the stored definitions are keyed the same way by {@link
   * #readHalfOpen}.
   */
  static Optional<String> halfOpenKey(String sql, Expr.Call call, Function<Expr.Identifier, Optional<String>> column,
      TableInfo info) {
    return tree(sql, call, column).flatMap(e -> {
      io.noemata.core.expr.CanonicalExpr h = IntegerBounds.halfOpen(e, integers(info));
      return h.equals(e) ? Optional.empty() : Optional.of(Canonical.text(h));
    });
  }

  /** The read of the measure whose definition, comparisons half-open, is {@code key}: only on a miss, so parsed then. */
  Optional<String> readHalfOpen(String key, TableInfo info) {
    for (Measure m : measures) {
      var parsed = SqlParser.parseExpression(m.definition());
      if (parsed.understood() && parsed.node() instanceof Expr.Call c) {
        Optional<String> k = tree(m.definition(), c, id -> id.parts().size() == 1 ? Optional.of(id.name()) : Optional.empty())
            .map(e -> Canonical.text(IntegerBounds.halfOpen(e, integers(info))));
        if (k.equals(Optional.of(key))) {
          return read(m, null);
        }
      }
    }
    return Optional.empty();
  }

  private static java.util.function.Predicate<String> integers(TableInfo info) {
    return name -> IntegerBounds.integerType(info.columnTypes().get(name));
  }

  /** An aggregate inside an aggregate's argument is no measure (ClickHouse refuses it). */
  private static boolean aggregates(io.noemata.core.expr.CanonicalExpr e) {
    return e instanceof io.noemata.core.expr.CanonicalExpr.Call c && (io.noemata.core.expr.Functions.isAggregate(c.name())
        || c.arguments().stream().anyMatch(StoredStates::aggregates));
  }

  private static final Set<String> COMPARISONS = Set.of("equals", "notEquals", "less", "greater", "lessOrEquals",
      "greaterOrEquals");

  /** Numbers as values: in an aggregate's parameters and as the operands of a comparison, 17.0 is 17. */
  private static io.noemata.core.expr.CanonicalExpr folded(io.noemata.core.expr.CanonicalExpr e, boolean top) {
    if (!(e instanceof io.noemata.core.expr.CanonicalExpr.Call c)) {
      return e;
    }
    List<io.noemata.core.expr.CanonicalExpr> params = c.parameters() == null ? null
        : c.parameters().stream().map(p -> top ? number(p) : p).toList();
    boolean comparison = COMPARISONS.contains(c.name());
    List<io.noemata.core.expr.CanonicalExpr> args = c.arguments().stream()
        .map(a -> comparison ? number(folded(a, false)) : folded(a, false)).toList();
    return new io.noemata.core.expr.CanonicalExpr.Call(c.name(), params, args, c.distinct());
  }

  private static io.noemata.core.expr.CanonicalExpr number(io.noemata.core.expr.CanonicalExpr e) {
    if (e instanceof io.noemata.core.expr.CanonicalExpr.Literal l && l.kind() == io.noemata.core.expr.CanonicalExpr.Literal.Kind.NUMBER) {
      try {
        return new io.noemata.core.expr.CanonicalExpr.Literal(l.kind(), new BigDecimal(l.text()).stripTrailingZeros().toPlainString());
      } catch (NumberFormatException notDecimal) {
        return e;
      }
    }
    return e;
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
    if (key.equals("count()")) {
      return rowCount(info).flatMap(m -> read(m, condition));
    }
    if (key.startsWith("sum(") && !key.contains(",")) {
      return Optional.ofNullable(floatSum(key.substring(4, key.length() - 1), info)).flatMap(m -> read(m, condition));
    }
    if (key.startsWith("avg(") && !key.contains(",")) {
      String column = key.substring(4, key.length() - 1);
      Measure sum = byDefinition.getOrDefault("sum(" + column + ")", floatSum(column, info));
      Measure count = countOf(column, info);
      String type = info.columnTypes().getOrDefault(column, "");
      // avg of an integer or float column is Float64, as is the quotient of the two sums
      if (sum != null && count != null && type.matches("U?Int(8|16|32|64)|Float(32|64)")
          && simple(sum).equals(Optional.of("sum")) && simple(count).equals(Optional.of("sum"))) {
        return Optional.of("(" + read(sum, condition).orElseThrow() + " / " + read(count, condition).orElseThrow() + ")");
      }
    }
    return moment(key, info, condition);
  }

  /** The stored count of the values of column {@code x}: its {@code count(x)}, or the row count where x is never NULL. */
  private Measure countOf(String x, TableInfo info) {
    Measure count = byDefinition.get("count(" + x + ")");
    return count != null || !notNull(x, info) ? count : byDefinition.get("count()");
  }

  /** A stored {@code count(x)} of a column that is never NULL, which counts every row: when {@code count()} is not stored. */
  private Optional<Measure> rowCount(TableInfo info) {
    return measures.stream().filter(m -> m.definition().startsWith("count(") && notNull(
        m.definition().substring(6, m.definition().length() - 1), info)).findFirst();
  }

  private static boolean notNull(String column, TableInfo info) {
    String type = info.columnTypes().get(column);
    return type != null && !type.contains("Nullable(");
  }

  /** The stored {@code sum(toFloat64(x))} of a float column x, which is its {@code sum(x)}: null if none. */
  private Measure floatSum(String column, TableInfo info) {
    return info.columnTypes().getOrDefault(column, "").matches("Float(32|64)")
        ? byDefinition.get(PowerSums.sumOf(column)) : null;
  }

  private static final java.util.regex.Pattern MOMENT = java.util.regex.Pattern.compile(
      "(varPop|varSamp|stddevPop|stddevSamp)\\(([A-Za-z_][A-Za-z0-9_]*)\\)");

  /**
   * A variance or standard deviation of a non-Nullable integer or float column from its stored
   * power sums n, s, q ({@link PowerSums}, as the installer stores them): ClickHouse's own formula over
   * the same sums, {@code max(0, (q - s * s / n) / n)} (NaN without rows), the sample's over
   * {@code n - 1} (NaN for one row or none), a deviation its square root. The sums are added in
   * another order than a raw scan adds them, so the result equals raw within floating-point rounding
   * (measured: bit-equal over groups of 5 rows, 4e-15 relative over 100,000).
   */
  private Optional<String> moment(String key, TableInfo info, String condition) {
    java.util.regex.Matcher m = MOMENT.matcher(key);
    if (!m.matches() || !PowerSums.stored(info.columnTypes().get(m.group(2)))) {
      return Optional.empty();
    }
    String x = m.group(2);
    List<Measure> sums = java.util.Arrays.asList(countOf(x, info), byDefinition.get(PowerSums.sumOf(x)),
        byDefinition.get(PowerSums.sumOfSquaresOf(x)));
    if (sums.contains(null) || sums.stream().anyMatch(s -> !simple(s).equals(Optional.of("sum")))) {
      return Optional.empty();
    }
    String n = read(sums.get(0), condition).orElseThrow();
    String s = read(sums.get(1), condition).orElseThrow();
    String q = read(sums.get(2), condition).orElseThrow();
    boolean sample = m.group(1).endsWith("Samp");
    String variance = "if(" + n + (sample ? " <= 1" : " = 0") + ", nan, greatest(0, (" + q + " - " + s + " * " + s
        + " / " + n + ") / " + (sample ? "(" + n + " - 1)" : n) + "))";
    return Optional.of(m.group(1).startsWith("stddev") ? "sqrt(" + variance + ")" : variance);
  }

  /**
   * The value one rollup row holds for the aggregate {@code key} (canonical), when each group of the
   * level is one row of the rollup ({@link GroupsAreRows}): a state stored as {@code
   * SimpleAggregateFunction(f, T)} is its group's {@code f} already, read as {@code T}, the type
   * {@code f} returns; an avg is the quotient of two such sums. Empty for a state that needs a merge
   * function to read ({@code AggregateFunction}), so that such a level keeps its GROUP BY.
   */
  Optional<String> rowRead(String key, TableInfo info) {
    Measure direct = byDefinition.get(key);
    if (direct != null) {
      return rowRead(direct);
    }
    Optional<String> quotient = read(key, info);
    if (quotient.isEmpty() || !key.startsWith("avg(")) {
      return Optional.empty();
    }
    String column = key.substring(4, key.length() - 1);
    Optional<String> sum = rowRead(byDefinition.getOrDefault("sum(" + column + ")", floatSum(column, info)));
    Optional<String> count = rowRead(countOf(column, info));
    return sum.isPresent() && count.isPresent() ? Optional.of("(" + sum.get() + " / " + count.get() + ")") : Optional.empty();
  }

  private static Optional<String> rowRead(Measure m) {
    if (m == null || simple(m).isEmpty()) {
      return Optional.empty();
    }
    String type = simpleType(m);
    return type.isEmpty() ? Optional.empty() : Optional.of("CAST(" + Literals.identifier(m.stateColumn()) + " AS " + type + ")");
  }

  /** {@code T} of a state stored as {@code SimpleAggregateFunction(f, T)}. */
  private static String simpleType(Measure m) {
    String t = m.stateType().strip();
    return t.substring(t.indexOf(',') + 1, t.length() - 1).strip();
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
      if (!simple.get().matches("[A-Za-z_][A-Za-z0-9_]*")) {
        return Optional.empty();
      }
      String merged = simple.get() + suffix + args;
      // max, min, any... of a SimpleAggregateFunction(f, T) column keep that type (sum alone returns
      // T): read as T, the type the raw aggregate returns, so the result column keeps its type
      return Optional.of(simple.get().equals("sum") ? merged : "CAST(" + merged + " AS " + simpleType(m) + ")");
    }
    return stateFunction(m.stateType()).map(function -> {
      int paren = function.indexOf('(');
      return (paren < 0 ? function : function.substring(0, paren)) + "Merge" + suffix
          + (paren < 0 ? "" : function.substring(paren)) + args;
    });
  }

  /** {@code quantile(0.99)} of {@code AggregateFunction(quantile(0.99), UInt64)}, when plainly spelled. */
  public static Optional<String> stateFunction(String stateType) {
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

package io.noemata.installer.plan;

import io.noemata.core.sql.Literals;
import io.noemata.core.expr.Canonical;
import io.noemata.core.expr.CanonicalExpr;
import io.noemata.core.expr.Functions;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * How a measure is stored, chosen so that plain SQL reads as much as ClickHouse allows:
 * count/sum/min/max/any (and countIf/sumIf) as {@code SimpleAggregateFunction} values; avg as a sum
 * and a count ("sum(Duration) can use the sum stored by an avg(Duration) measure"); the variance and
 * standard deviation of a plain numeric column as its power sums (below); everything else (uniq,
 * quantiles, covariances, argMax, minIf, OrNull, ...) as an {@code AggregateFunction} state.
 */
final class MeasureStorage {

  /** A column before the server has told its type ({@code valueSql} is what DESCRIBE types). */
  record Pending(String name, String definition, String column, String simpleFunction, String valueSql,
      String fromFinerSql) {}

  private static final Set<String> SIMPLE = Set.of("count", "sum", "min", "max", "any");

  private MeasureStorage() {}

  /** varPop, varSamp, stddevPop and stddevSamp: each a function of the same three power sums. */
  static final Set<String> MOMENTS = Set.of("varPop", "varSamp", "stddevPop", "stddevSamp");

  /** The columns of one measure; {@code call} is its single aggregate call. */
  static List<Pending> columns(String name, CanonicalExpr.Call call) {
    return columns(name, call, Optional.empty());
  }

  /**
   * The same, {@code argumentType} the source type of the call's argument when it is one column.
   * A moment of a non-Nullable integer or float column is stored as what ClickHouse's own
   * varPop state holds (count, sum and sum of squares of the values as Float64, summed when merged):
   * plain sums any SQL reads, shared with a count of the same column, and one set for all four
   * moments of it. The server's Stable variants (Welford's moments) and covariances keep a state.
   */
  static List<Pending> columns(String name, CanonicalExpr.Call call, Optional<String> argumentType) {
    String base = Functions.aggregateBase(call.name());
    List<String> combinators = Functions.combinators(call.name());
    boolean plain = call.parameters() == null && !call.distinct();
    if (plain && combinators.isEmpty() && MOMENTS.contains(base) && call.arguments().size() == 1
        && argumentType.filter(io.noemata.core.catalog.PowerSums::stored).isPresent()) {
      return powerSums(name, call.arguments().get(0), count(call.arguments(), argumentType));
    }
    if (plain && combinators.isEmpty() && base.equals("avg")) {
      CanonicalExpr.Call sum = new CanonicalExpr.Call("sum", call.arguments());
      return List.of(simple(name, name + "__sum", sum, "sum"), simple(name, name + "__count",
          count(call.arguments(), argumentType), "sum"));
    }
    if (plain && SIMPLE.contains(base) && (combinators.isEmpty()
        || (combinators.equals(List.of("If")) && (base.equals("count") || base.equals("sum"))))) {
      return List.of(simple(name, name, call, base.equals("count") ? "sum" : base));
    }
    CanonicalExpr.Call state = new CanonicalExpr.Call(call.name() + "State", call.parameters(), call.arguments(), call.distinct());
    return List.of(new Pending(name, Canonical.text(call), name, null, Canonical.text(state),
        call.name() + "MergeState" + parameters(call) + "(__src." + Literals.identifier(name) + ")"));
  }

  /**
   * The count of the values of {@code arguments}: {@code count()} when its one column's type is known
   * and not Nullable (every row holds a value), so the rollup's row count serves it; else {@code count(x)}.
   */
  private static CanonicalExpr.Call count(List<CanonicalExpr> arguments, Optional<String> argumentType) {
    boolean everyRow = arguments.size() == 1 && argumentType.filter(t -> !t.contains("Nullable(")).isPresent();
    return new CanonicalExpr.Call("count", everyRow ? List.of() : arguments);
  }

  /** {@code count}, {@code sum(toFloat64(x))} and {@code sum(toFloat64(x) * toFloat64(x))}, named by the measure. */
  static List<Pending> powerSums(String name, CanonicalExpr x, CanonicalExpr.Call count) {
    return List.of(simple(name, name + "__count", count, "sum"),
        simple(name, name + "__sum", io.noemata.core.catalog.PowerSums.sum(x), "sum"),
        simple(name, name + "__sumsq", io.noemata.core.catalog.PowerSums.sumOfSquares(x), "sum"));
  }

  /**
   * {@code pending} with each definition stored once: a later column whose definition an earlier
   * one already stores is left out (the avg's count serves a variance of the same column), so the
   * ledger lists every stored definition once and the reader finds it by definition.
   */
  static List<Pending> shared(List<Pending> pending) {
    java.util.Map<String, Pending> byDefinition = new java.util.LinkedHashMap<>();
    for (Pending p : pending) {
      byDefinition.putIfAbsent(p.definition(), p);
    }
    return List.copyOf(byDefinition.values());
  }

  /**
   * {@code pending} of a rollup fed from a finer one, each merging the finer column that stores the
   * same definition: with definitions stored once, that column may be named by another measure.
   */
  static List<Pending> fromFiner(List<Pending> pending, List<StoredMeasure> finer) {
    List<Pending> out = new java.util.ArrayList<>();
    for (Pending p : pending) {
      String own = "__src." + Literals.identifier(p.column());
      String column = finer.stream().filter(m -> m.definition().equals(p.definition())).map(StoredMeasure::column)
          .findFirst().orElse(p.column());
      out.add(new Pending(p.name(), p.definition(), p.column(), p.simpleFunction(), p.valueSql(),
          p.fromFinerSql().replace(own, "__src." + Literals.identifier(column))));
    }
    return List.copyOf(out);
  }

  /** {@code (0.99)} of {@code quantile(0.99)(x)}: a merge takes the same parameters. */
  private static String parameters(CanonicalExpr.Call call) {
    if (call.parameters() == null) {
      return "";
    }
    StringBuilder b = new StringBuilder("(");
    for (int i = 0; i < call.parameters().size(); i++) {
      b.append(i == 0 ? "" : ", ").append(Canonical.text(call.parameters().get(i)));
    }
    return b.append(')').toString();
  }

  private static Pending simple(String name, String column, CanonicalExpr.Call value, String function) {
    return new Pending(name, Canonical.text(value), column, function, Canonical.text(value),
        function + "(__src." + Literals.identifier(column) + ")");
  }

  /** The stored column once DESCRIBE gave the type of {@code valueSql}. */
  static StoredMeasure typed(Pending p, String describedType) {
    String type = p.simpleFunction() == null ? describedType
        : "SimpleAggregateFunction(" + p.simpleFunction() + ", " + describedType + ")";
    return new StoredMeasure(p.name(), p.definition(), p.column(), type, p.simpleFunction(), p.valueSql(),
        p.fromFinerSql());
  }
}

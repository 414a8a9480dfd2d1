package io.noemata.installer.plan;

import io.noemata.core.sql.Literals;
import io.noemata.core.expr.Canonical;
import io.noemata.core.expr.CanonicalExpr;
import io.noemata.core.expr.Functions;
import java.util.List;
import java.util.Set;

/**
 * How a measure is stored, chosen so that plain SQL reads as much as ClickHouse allows:
 * count/sum/min/max/any (and countIf/sumIf) as {@code SimpleAggregateFunction} values; avg as a sum
 * and a count ("sum(Duration) can use the sum stored by an avg(Duration) measure"); everything else
 * (uniq, quantiles, argMax, minIf, OrNull, ...) as an {@code AggregateFunction} state.
 */
final class MeasureStorage {

  /** A column before the server has told its type ({@code valueSql} is what DESCRIBE types). */
  record Pending(String name, String definition, String column, String simpleFunction, String valueSql,
      String fromFinerSql) {}

  private static final Set<String> SIMPLE = Set.of("count", "sum", "min", "max", "any");

  private MeasureStorage() {}

  /** The columns of one measure; {@code call} is its single aggregate call. */
  static List<Pending> columns(String name, CanonicalExpr.Call call) {
    String base = Functions.aggregateBase(call.name());
    List<String> combinators = Functions.combinators(call.name());
    boolean plain = call.parameters() == null && !call.distinct();
    if (plain && combinators.isEmpty() && base.equals("avg")) {
      CanonicalExpr.Call sum = new CanonicalExpr.Call("sum", call.arguments());
      CanonicalExpr.Call count = new CanonicalExpr.Call("count", call.arguments());
      return List.of(simple(name, name + "__sum", sum, "sum"), simple(name, name + "__count", count, "sum"));
    }
    if (plain && SIMPLE.contains(base) && (combinators.isEmpty()
        || (combinators.equals(List.of("If")) && (base.equals("count") || base.equals("sum"))))) {
      return List.of(simple(name, name, call, base.equals("count") ? "sum" : base));
    }
    CanonicalExpr.Call state = new CanonicalExpr.Call(call.name() + "State", call.parameters(), call.arguments(), call.distinct());
    return List.of(new Pending(name, Canonical.text(call), name, null, Canonical.text(state),
        call.name() + "MergeState" + parameters(call) + "(__src." + Literals.identifier(name) + ")"));
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

package io.noemata.rewriter.cost;

import io.noemata.core.catalog.Measure;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Node;
import io.noemata.core.sql.Query;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What one aggregate costs per row read, on source rows and on rollup states, in units of one
 * source row read and grouped ({@link ReadCost#ROW}).
 *
 * <p>Measured on the embedded engine (ClickHouse 26.5, chDB, 2-core AMD EPYC) over the demo data at
 * 2M rows per table: {@code SELECT ServiceName, <aggregate> FROM <table> WHERE <6 days> GROUP BY
 * ServiceName FORMAT Null}, median of 9 runs each, over {@code otel_traces} (1.5M rows in the window)
 * and over the {@code spans_1m} target (845k rows), minus a {@code SELECT 1}. A row grouped with
 * {@code count()} cost ~30 ns on both; on top of that, per row: sum/max/countIf +7 ns raw and ~0 on a
 * {@code SimpleAggregateFunction}; uniq +112 ns raw, uniqMerge +147 ns; quantile(0.99) +85 ns raw,
 * quantileMerge +84 ns; quantilesDD +158 ns raw, quantilesDDMerge +486 ns (a DDSketch state is a
 * map of buckets, merged one by one). Rerun those queries after an engine upgrade.
 *
 * <p>The weights are ratios to a row's read, kept as measured: {@link ReadCost}'s own run (a row
 * ~7.5 ns beyond its fixed terms on an idle machine) rechecked two, over 1M rows in 5 parts,
 * {@code GROUP BY ServiceName}: countIf +0.07 of a row, uniq(TraceId) +6.1 (listed 0.25 and 3.7), the
 * same order.
 */
public enum AggregateKind {
  /** count, sum, min, max, avg, any and their -If forms: a number added or compared. */
  SIMPLE(0.25, 0.05),
  /** uniq* and count(DISTINCT): a hash set (HyperLogLog or exact) per group. */
  UNIQ(3.7, 4.9),
  /** quantile*, median*: a reservoir or digest per group. */
  QUANTILE(2.8, 2.8),
  /** quantileDD/quantilesDD: a DDSketch per group. */
  SKETCH(5.3, 16.0);

  /** Cost per source row aggregated, beyond reading it. */
  public final double raw;
  /** Cost per rollup state merged, beyond reading its row. */
  public final double state;

  AggregateKind(double raw, double state) {
    this.raw = raw;
    this.state = state;
  }

  /** The kind of an aggregate call, or null for a call that is no aggregate the estimate weighs. */
  static AggregateKind of(Expr.Call c) {
    return of(c.name(), c.distinct());
  }

  private static AggregateKind of(String name, boolean distinct) {
    String n = name.toLowerCase(Locale.ROOT);
    if (distinct || n.startsWith("uniq")) {
      return UNIQ;
    }
    if (n.startsWith("quantiledd") || n.startsWith("quantilesdd")) {
      return SKETCH;
    }
    if (n.startsWith("quantile") || n.startsWith("median")) {
      return QUANTILE;
    }
    return switch (n.endsWith("if") ? n.substring(0, n.length() - 2) : n) {
      case "count", "sum", "min", "max", "avg", "any", "anylast" -> SIMPLE;
      // not measured: a moments state is three to six Float64 sums, merged by adding them as sum's is
      case "varpop", "varsamp", "stddevpop", "stddevsamp", "covarpop", "covarsamp", "corr", "varpopstable",
          "varsampstable", "stddevpopstable", "stddevsampstable", "covarpopstable", "covarsampstable", "corrstable",
          "var_pop", "var_samp", "stddev_pop", "stddev_samp", "std", "stddev", "covar_pop", "covar_samp" -> SIMPLE;
      default -> null;
    };
  }

  /**
   * What a rollup's raw edges compute: the raw aggregate of each of its measures, from each
   * measure's canonical definition ({@code count()}, {@code quantilesDD(0.5, 0.99)(Duration)}).
   */
  public static List<AggregateKind> of(Rollup r) {
    List<AggregateKind> out = new ArrayList<>();
    for (Measure m : r.measures()) {
      String d = m.definition().strip();
      int paren = d.indexOf('(');
      AggregateKind k = paren <= 0 ? null : of(d.substring(0, paren).strip(),
          d.substring(paren + 1).stripLeading().toUpperCase(Locale.ROOT).startsWith("DISTINCT "));
      if (k != null) {
        out.add(k);
      }
    }
    return out;
  }

  /** The aggregates a level evaluates (select list, HAVING, ORDER BY), outside subqueries. */
  public static List<AggregateKind> of(Query.Select s) {
    List<AggregateKind> out = new ArrayList<>();
    s.items().forEach(e -> collect(e, out));
    if (s.having() != null) {
      collect(s.having(), out);
    }
    s.orderBy().forEach(o -> collect(o.expr(), out));
    return out;
  }

  private static void collect(Node n, List<AggregateKind> out) {
    if (n instanceof Expr.Subquery) {
      return;
    }
    if (n instanceof Expr.Call c && of(c) != null) {
      out.add(of(c));
      return; // an aggregate holds no aggregate
    }
    n.children().forEach(child -> collect(child, out));
  }
}

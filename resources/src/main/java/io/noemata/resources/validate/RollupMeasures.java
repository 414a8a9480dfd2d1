package io.noemata.resources.validate;

import io.noemata.core.expr.CanonicalExpr;
import io.noemata.core.expr.Exprs;
import io.noemata.core.expr.Functions;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Which aggregates a rollup can store. "Rollups can store count, sum, min, max, avg, argMax, argMin,
 * maxMap, minMap, any, uniq, approximate quantile, and quantiles aggregates. The If and OrNull
 * combinators are supported where ClickHouse permits them. maxMap and minMap do not support OrNull."
 * "countIfOrNull, uniqIfOrNull, and quantilesIfOrNull are refused." Beyond the seed, the moments
 * (issue 31).
 */
final class RollupMeasures {

  /** A problem with one aggregate: refused ones are errors, the rest make the entry not installable. */
  record Problem(boolean refused, String message) {}

  private static final Set<String> PLAIN = Set.of(
      "count", "sum", "min", "max", "avg", "argMax", "argMin", "maxMap", "minMap", "any");

  /**
   * Moments (issue 31): variance, standard deviation, covariance and correlation, population and
   * sample, and their numerically stable forms. Their states (counts, sums and sums of products, or
   * Welford's running moments) merge exactly up to floating-point rounding, so a coarser bucket is
   * the merge of finer ones.
   */
  static final Set<String> MOMENTS = Set.of("varPop", "varSamp", "stddevPop", "stddevSamp", "varPopStable",
      "varSampStable", "stddevPopStable", "stddevSampStable", "covarPop", "covarSamp", "covarPopStable",
      "covarSampStable", "corr", "corrStable");

  /** uniq and its approximate siblings: fixed-size sketches. */
  private static final Set<String> UNIQ = Set.of("uniq", "uniqCombined", "uniqCombined64", "uniqHLL12");

  /** Approximate quantile algorithms: sketch states that merge (reservoir, t-digest, DD, ...). */
  private static final List<String> APPROXIMATE_SUFFIXES = List.of(
      "", "Timing", "TDigest", "BFloat16", "DD", "GK", "Deterministic", "TimingWeighted",
      "TDigestWeighted", "BFloat16Weighted");

  private RollupMeasures() {}

  static List<Problem> check(CanonicalExpr measure) {
    List<Problem> out = new ArrayList<>();
    for (CanonicalExpr.Call call : Exprs.aggregateCalls(measure)) {
      check(call, out);
    }
    return out;
  }

  private static void check(CanonicalExpr.Call call, List<Problem> out) {
    String name = call.name();
    String base = Functions.aggregateBase(name);
    List<String> combinators = Functions.combinators(name);
    if (call.distinct()) {
      out.add(new Problem(false, name + "(DISTINCT ...) is an exact distinct count and cannot be stored;"
          + " use uniq(...)"));
      return;
    }
    if (base.equals("uniqExact")) {
      out.add(new Problem(false, "uniqExact cannot be stored: its state keeps every distinct value; use uniq"));
      return;
    }
    if (isExactQuantile(base)) {
      out.add(new Problem(false, base + " is an exact quantile and cannot be stored: its state keeps every"
          + " value; use an approximate quantile such as quantileTDigest or quantileDD"));
      return;
    }
    if (!storable(base)) {
      out.add(new Problem(false, base + " cannot be stored; a rollup stores count, sum, min, max, avg, argMax,"
          + " argMin, maxMap, minMap, any, uniq, approximate quantile, quantiles and moment (var, stddev, covar, corr)"
          + " aggregates"));
      return;
    }
    for (String c : combinators) {
      if (!c.equals("If") && !c.equals("OrNull")) {
        out.add(new Problem(false, "the " + c + " combinator of " + name + " cannot be stored; rollups support"
            + " the If and OrNull combinators"));
        return;
      }
    }
    if (combinators.stream().filter(c -> c.equals("If")).count() > 1
        || combinators.stream().filter(c -> c.equals("OrNull")).count() > 1) {
      out.add(new Problem(false, name + " repeats a combinator; use If and OrNull at most once each"));
      return;
    }
    boolean orNull = combinators.contains("OrNull");
    if (orNull && (base.equals("maxMap") || base.equals("minMap"))) {
      out.add(new Problem(false, "maxMap and minMap do not support OrNull; use " + base
          + (combinators.contains("If") ? "If" : "")));
      return;
    }
    if (orNull && combinators.indexOf("If") >= 0 && combinators.indexOf("If") < combinators.indexOf("OrNull")
        && refusesIfOrNull(base)) {
      out.add(new Problem(true, name + " is refused because it returns NULL only for groups with no rows;"
          + " use " + base + "OrNullIf instead"));
    }
  }

  static boolean storable(String base) {
    if (PLAIN.contains(base) || UNIQ.contains(base) || MOMENTS.contains(base)) {
      return true;
    }
    for (String family : List.of("quantile", "quantiles", "median")) {
      for (String suffix : APPROXIMATE_SUFFIXES) {
        if (base.equals(family + suffix)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean isExactQuantile(String base) {
    return base.startsWith("quantileExact") || base.startsWith("quantilesExact") || base.startsWith("medianExact")
        || base.startsWith("quantileInterpolated") || base.startsWith("quantilesInterpolated")
        || base.startsWith("medianInterpolated");
  }

  /** count, uniq and quantiles: with If before OrNull they return NULL only for empty groups. */
  private static boolean refusesIfOrNull(String base) {
    return base.equals("count") || UNIQ.contains(base) || base.startsWith("quantiles");
  }
}

package io.noemata.core.catalog;

import io.noemata.core.expr.Canonical;
import io.noemata.core.expr.CanonicalExpr;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The part of the {@link Measure} contract for variances and standard deviations: the installer
 * stores one of a column whose type {@link #stored} accepts as the power sums ClickHouse's own
 * varPop state holds (a count, {@link #sum} and {@link #sumOfSquares}), and the rewriter finds them
 * by these very definitions. One place spells them, so the two sides cannot drift apart.
 */
public final class PowerSums {

  /** Every value of these types is one Float64 to ClickHouse's varPop; Nullable and Decimal are not. */
  private static final Pattern STORED = Pattern.compile("U?Int(8|16|32|64)|Float(32|64)");

  private PowerSums() {}

  /** Whether a moment of a column of {@code type} is stored as power sums. */
  public static boolean stored(String type) {
    return type != null && STORED.matcher(type.strip()).matches();
  }

  /** {@code sum(toFloat64(x))}. */
  public static CanonicalExpr.Call sum(CanonicalExpr x) {
    return new CanonicalExpr.Call("sum", List.of(value(x)));
  }

  /** {@code sum(toFloat64(x) * toFloat64(x))}. */
  public static CanonicalExpr.Call sumOfSquares(CanonicalExpr x) {
    return new CanonicalExpr.Call("sum", List.of(new CanonicalExpr.Call("multiply", List.of(value(x), value(x)))));
  }

  /** The canonical definition of {@link #sum} of column {@code x}. */
  public static String sumOf(String x) {
    return Canonical.text(sum(new CanonicalExpr.Ident(x)));
  }

  /** The canonical definition of {@link #sumOfSquares} of column {@code x}. */
  public static String sumOfSquaresOf(String x) {
    return Canonical.text(sumOfSquares(new CanonicalExpr.Ident(x)));
  }

  private static CanonicalExpr value(CanonicalExpr x) {
    return new CanonicalExpr.Call("toFloat64", List.of(x));
  }
}

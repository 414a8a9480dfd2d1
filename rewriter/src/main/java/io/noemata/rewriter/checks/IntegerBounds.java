package io.noemata.rewriter.checks;

import io.noemata.core.expr.CanonicalExpr;
import java.math.BigInteger;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * On an integer column {@code x > 16} and {@code x >= 17} hold for the same rows (and are NULL for
 * the same rows): a stored {@code countIf(SeverityNumber >= 17)} answers {@code countIf(SeverityNumber
 * > 16)}. This writes every comparison of an integer column with an integer as {@code >=} or {@code
 * <}, the column first, so two such spellings get one key. A column of any other type keeps its
 * comparison (on a Float, {@code x > 16} holds for 16.5).
 */
final class IntegerBounds {

  private static final Set<String> COMPARISONS = Set.of("greater", "greaterOrEquals", "less", "lessOrEquals");

  private IntegerBounds() {}

  /** {@code e} with such comparisons half-open; {@code integer} is true for a column holding integers. */
  static CanonicalExpr halfOpen(CanonicalExpr e, Predicate<String> integer) {
    if (!(e instanceof CanonicalExpr.Call c)) {
      return e;
    }
    List<CanonicalExpr> args = c.arguments().stream().map(a -> halfOpen(a, integer)).toList();
    if (COMPARISONS.contains(c.name()) && args.size() == 2 && c.parameters() == null) {
      if (args.get(0) instanceof CanonicalExpr.Ident x && integer.test(x.name()) && value(args.get(1)) != null) {
        return bound(c.name(), x, value(args.get(1)));
      }
      if (args.get(1) instanceof CanonicalExpr.Ident x && integer.test(x.name()) && value(args.get(0)) != null) {
        String flipped = switch (c.name()) {
          case "greater" -> "less";
          case "greaterOrEquals" -> "lessOrEquals";
          case "less" -> "greater";
          default -> "greaterOrEquals";
        };
        return bound(flipped, x, value(args.get(0)));
      }
    }
    return new CanonicalExpr.Call(c.name(), c.parameters(), args, c.distinct());
  }

  /** {@code x op k} as {@code x >= k'} or {@code x < k'}. */
  private static CanonicalExpr bound(String op, CanonicalExpr.Ident x, BigInteger k) {
    boolean lower = op.startsWith("greater");
    BigInteger at = op.equals("greater") || op.equals("lessOrEquals") ? k.add(BigInteger.ONE) : k;
    return new CanonicalExpr.Call(lower ? "greaterOrEquals" : "less", null,
        List.of(x, new CanonicalExpr.Literal(CanonicalExpr.Literal.Kind.NUMBER, at.toString())), false);
  }

  private static BigInteger value(CanonicalExpr e) {
    if (e instanceof CanonicalExpr.Literal l && l.kind() == CanonicalExpr.Literal.Kind.NUMBER && l.text().matches("-?[0-9]{1,40}")) {
      return new BigInteger(l.text());
    }
    if (e instanceof CanonicalExpr.Call c && c.name().equals("negate") && c.arguments().size() == 1) {
      BigInteger v = value(c.arguments().get(0));
      return v == null ? null : v.negate();
    }
    return null;
  }

  /** A column type holding integers: (U)Int of any width, also Nullable or LowCardinality. */
  static boolean integerType(String type) {
    if (type == null) {
      return false;
    }
    String t = type.strip();
    while (t.matches("(Nullable|LowCardinality)\\(.*\\)")) {
      t = t.substring(t.indexOf('(') + 1, t.length() - 1).strip();
    }
    return t.matches("U?Int(8|16|32|64|128|256)");
  }
}

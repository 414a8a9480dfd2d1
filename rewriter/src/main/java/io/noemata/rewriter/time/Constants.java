package io.noemata.rewriter.time;

import io.noemata.core.sql.Expr;
import java.util.Locale;
import java.util.Optional;

/**
 * Column-free integer expressions a rule decides on (bounds, widths, precisions), evaluated with
 * ClickHouse's semantics where those are exact: literals, unary minus, {@code + - *}, {@code
 * intDiv} of non-negative operands, and their function spellings. ClickHouse widens integer types
 * step by step up to 64 bits, so every result that fits a signed 64-bit integer is the server's
 * value too; an overflow, a division or anything else is not evaluated (empty), and the rule
 * refuses rather than guesses.
 */
final class Constants {

  private Constants() {}

  /** The value of {@code e} when it is such an integer expression. */
  static Optional<Long> integer(Expr e) {
    e = Expr.unparenthesized(e);
    try {
      if (e instanceof Expr.Literal l && l.kind() == Expr.Literal.Kind.NUMBER && l.text().matches("[0-9]{1,19}")) {
        return Optional.of(Long.parseLong(l.text()));
      }
      if (e instanceof Expr.Unary u && u.op().equals("-")) {
        return integer(u.operand()).map(Math::negateExact);
      }
      if (e instanceof Expr.Binary b) {
        return apply(b.op().toLowerCase(Locale.ROOT), b.left(), b.right());
      }
      if (e instanceof Expr.Call c && c.params() == null && !c.distinct() && c.args().size() == 2) {
        String op = switch (c.name().toLowerCase(Locale.ROOT)) {
          case "plus" -> "+";
          case "minus" -> "-";
          case "multiply" -> "*";
          case "intdiv" -> "div";
          default -> "";
        };
        return apply(op, c.args().get(0), c.args().get(1));
      }
    } catch (NumberFormatException | ArithmeticException overflow) {
      return Optional.empty();
    }
    return Optional.empty();
  }

  /**
   * {@code x / y} of non-negative integers truncated, as the server truncates the Float64 it is
   * (toDateTime does): exact below 2^53, where both are exact doubles and the correctly rounded
   * quotient cannot cross an integer (its error is below x * 2^-53 / y, a step at least 1 / y).
   */
  static Optional<Long> truncatedQuotient(Expr e) {
    return quotient(e).map(q -> q[0] / q[1]);
  }

  /** {@code x / y} when it is a whole number below 2^53: the Float64 is then that integer exactly. */
  static Optional<Long> wholeQuotient(Expr e) {
    return quotient(e).filter(q -> q[0] % q[1] == 0).map(q -> q[0] / q[1]);
  }

  private static Optional<long[]> quotient(Expr e) {
    e = Expr.unparenthesized(e);
    if (!(e instanceof Expr.Binary b) || !b.op().equals("/")) {
      return Optional.empty();
    }
    Optional<Long> x = integer(b.left());
    Optional<Long> y = integer(b.right());
    return x.isPresent() && y.isPresent() && x.get() >= 0 && x.get() < (1L << 53) && y.get() > 0 && y.get() < (1L << 53)
        ? Optional.of(new long[] {x.get(), y.get()}) : Optional.empty();
  }

  private static Optional<Long> apply(String op, Expr left, Expr right) {
    if (!op.equals("+") && !op.equals("-") && !op.equals("*") && !op.equals("div")) {
      return Optional.empty();
    }
    Optional<Long> a = integer(left);
    Optional<Long> b = integer(right);
    if (a.isEmpty() || b.isEmpty()) {
      return Optional.empty();
    }
    long x = a.get();
    long y = b.get();
    return switch (op) {
      case "+" -> Optional.of(Math.addExact(x, y));
      case "-" -> Optional.of(Math.subtractExact(x, y));
      case "*" -> Optional.of(Math.multiplyExact(x, y));
      // intDiv truncates; for non-negative operands that is the floor the rules assume
      default -> x >= 0 && y > 0 ? Optional.of(x / y) : Optional.empty();
    };
  }
}

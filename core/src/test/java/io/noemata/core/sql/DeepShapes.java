package io.noemata.core.sql;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntFunction;

/** The deepest shapes an expression can take, and a thread as small as a BI tool's pool may give, for the nesting tests of core and the rewriter. */
public final class DeepShapes {

  /** A thread stack as small as pools run statements on. */
  public static final long SMALL_STACK = 256 * 1024;
  /** More levels than any limit of {@link Nesting} allows. */
  public static final int PAST_ANY_LIMIT = 5_000;

  /** A shape at {@code n} levels, as an expression; {@code levelsWithinLimits} still parses as the operand of a SELECT. */
  public record Shape(String name, IntFunction<String> text, int levelsWithinLimits) {}

  public static final List<Shape> ALL = List.of(
      new Shape("parentheses", n -> "(".repeat(n) + "1" + ")".repeat(n), 190),
      new Shape("functions", n -> "abs(".repeat(n) + "1" + ")".repeat(n), 190),
      new Shape("NOT", n -> "NOT ".repeat(n) + "1", 190),
      new Shape("unary minus", n -> "- ".repeat(n) + "1", 190),
      new Shape("INTERVAL", n -> "INTERVAL ".repeat(n) + "1" + " SECOND".repeat(n), 190),
      new Shape("CASE", n -> "CASE WHEN ".repeat(n) + "1" + " THEN 1 END".repeat(n), 190),
      new Shape("arrays", n -> "[".repeat(n) + "1" + "]".repeat(n), 190),
      new Shape("subqueries", n -> "(SELECT ".repeat(n) + "1" + ")".repeat(n), 95),
      new Shape("a + chain", n -> "1" + " + 1".repeat(n), 3_900),
      new Shape("an OR chain", n -> "x = 1" + " OR x = 1".repeat(n), 3_900),
      new Shape("subscripts", n -> "m" + "['k']".repeat(n), 3_900));

  private DeepShapes() {}

  /** Runs {@code body} on a thread of {@link #SMALL_STACK}; its assertion failure is the caller's, anything else (an overflow) fails. */
  public static void onSmallStack(Runnable body) {
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread t = new Thread(null, () -> {
      try {
        body.run();
      } catch (Throwable e) {
        failure.set(e);
      }
    }, "256k", SMALL_STACK);
    t.start();
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
    if (failure.get() != null) {
      assertInstanceOf(AssertionError.class, failure.get(), () -> "not an assertion: " + failure.get());
      throw (AssertionError) failure.get();
    }
  }
}

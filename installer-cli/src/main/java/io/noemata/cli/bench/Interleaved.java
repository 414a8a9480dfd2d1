package io.noemata.cli.bench;

import java.util.Arrays;

/**
 * Times two ways of doing the same thing side by side: A, B, A, B, ... so that both see the same
 * machine state (page cache, JIT, a noisy neighbour), and reports the ratio of their medians.
 */
public final class Interleaved {

  /** One timed action. */
  @FunctionalInterface
  public interface Action {
    void run() throws Exception;
  }

  /** Medians in milliseconds and their ratio {@code b / a}. */
  public record Result(double aMedianMs, double bMedianMs, int rounds) {
    public double ratio() {
      return aMedianMs == 0 ? Double.NaN : bMedianMs / aMedianMs;
    }
  }

  private Interleaved() {}

  /** {@code warmup} untimed rounds, then {@code rounds} timed ones. */
  public static Result measure(Action a, Action b, int warmup, int rounds) throws Exception {
    for (int i = 0; i < warmup; i++) {
      a.run();
      b.run();
    }
    double[] ta = new double[rounds];
    double[] tb = new double[rounds];
    for (int i = 0; i < rounds; i++) {
      // Alternate which goes first, so neither always follows the other.
      if (i % 2 == 0) {
        ta[i] = time(a);
        tb[i] = time(b);
      } else {
        tb[i] = time(b);
        ta[i] = time(a);
      }
    }
    return new Result(median(ta), median(tb), rounds);
  }

  private static double time(Action action) throws Exception {
    long t = System.nanoTime();
    action.run();
    return (System.nanoTime() - t) / 1e6;
  }

  static double median(double[] values) {
    double[] s = values.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }
}

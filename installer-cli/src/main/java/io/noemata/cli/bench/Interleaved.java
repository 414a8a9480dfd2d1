package io.noemata.cli.bench;

import java.util.Arrays;
import java.util.List;

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
    double[] m = measureAll(List.of(a, b), warmup, rounds);
    return new Result(m[0], m[1], rounds);
  }

  /**
   * Any number of ways side by side: each round runs every action once, starting one further along
   * each round (A B C, B C A, C A B, ...), so none always follows the same other. Their medians in ms.
   */
  public static double[] measureAll(List<Action> actions, int warmup, int rounds) throws Exception {
    int n = actions.size();
    warmUp(actions, warmup);
    double[][] t = new double[n][rounds];
    rotate(n, rounds, (r, which) -> t[which][r] = time(actions.get(which)));
    double[] medians = new double[n];
    for (int k = 0; k < n; k++) {
      medians[k] = median(t[k]);
    }
    return medians;
  }

  /** {@code rounds} untimed rounds of every action. */
  public static void warmUp(List<Action> actions, int rounds) throws Exception {
    for (int i = 0; i < rounds; i++) {
      for (Action a : actions) {
        a.run();
      }
    }
  }

  /** One turn of a rotation: round {@code round}, way {@code which}. */
  @FunctionalInterface
  public interface Turn {
    void run(int round, int which) throws Exception;
  }

  /**
   * The order {@link #measureAll} runs in, for callers that measure more than wall time (the ingest
   * bench's CPU): each round runs every way once, starting one further along each round.
   */
  public static void rotate(int ways, int rounds, Turn turn) throws Exception {
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < ways; k++) {
        turn.run(r, (r + k) % ways);
      }
    }
  }

  private static double time(Action action) throws Exception {
    long t = System.nanoTime();
    action.run();
    return (System.nanoTime() - t) / 1e6;
  }

  public static double median(double[] values) {
    double[] s = values.clone();
    Arrays.sort(s);
    int n = s.length;
    return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
  }
}

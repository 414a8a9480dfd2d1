package io.noemata.itest;

/**
 * How much a randomised or sized test does, read in this one place. The default run ({@code ./mvnw
 * verify}, CI) takes the quick count: enough to reach every case the test asserts on, so it can
 * still fail, small enough that the suite fits CI's budget on two cores. {@code -Pthorough} (the
 * property {@value #THOROUGH}) takes the full counts. A count named on the command line (or by
 * {@code -Psoak}), e.g. {@code -Dnoemata.rollup.queries=10000}, wins over both.
 */
public final class Trials {

  /** Set by {@code -Pthorough}: every test at its full count. */
  public static final String THOROUGH = "noemata.thorough";

  private Trials() {}

  public static boolean thorough() {
    return Boolean.getBoolean(THOROUGH);
  }

  /** {@code property} if it is set, else {@code full} under {@code -Pthorough}, else {@code quick}. */
  public static int count(String property, int quick, int full) {
    return Integer.getInteger(property, thorough() ? full : quick);
  }

  /** As {@link #count}, for sizes (rows, MiB). */
  public static long size(String property, long quick, long full) {
    return Long.getLong(property, thorough() ? full : quick);
  }
}

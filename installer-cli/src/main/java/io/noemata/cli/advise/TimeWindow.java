package io.noemata.cli.advise;

/**
 * A level's time window as far as its bounds are constants: epoch seconds, or null when a bound moves
 * with the server's clock ({@code now() - INTERVAL 1 HOUR}) or is a parameter.
 *
 * @param from the lower bound's instant, null when not constant
 * @param to the upper bound's instant, null when not constant or absent
 * @param lengthSeconds the window's length when known (from both constants, or a relative
 *     {@code now() - INTERVAL n} lower bound), else 0
 * @param ragged a bound is inclusive ({@code t <= B}) or exclusive from below ({@code t > A}): on a
 *     column finer than a second that is never a bucket boundary
 */
public record TimeWindow(Long from, Long to, long lengthSeconds, boolean ragged) {

  /** The largest grain of {@code ladder} that both constant bounds fall on; 0 when a bound is not constant. */
  long alignment(long[] ladder) {
    if (from == null || (to == null && lengthSeconds == 0)) {
      return 0;
    }
    if (ragged) {
      return 1;
    }
    long best = 0;
    for (long g : ladder) {
      if (Math.floorMod(from, g) == 0 && (to == null || Math.floorMod(to, g) == 0)) {
        best = g;
      }
    }
    return best;
  }
}

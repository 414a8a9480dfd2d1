package io.noemata.driver;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/** Process-wide counters of the driver, for monitoring and leak checks. */
public final class DriverStats {

  private static final AtomicInteger OPEN_CONNECTIONS = new AtomicInteger();
  private static final AtomicLong FALLBACKS = new AtomicLong();

  private DriverStats() {}

  /** Connections opened through the driver and not yet closed. */
  public static int openConnections() {
    return OPEN_CONNECTIONS.get();
  }

  /** Rewritten statements that failed and ran as written instead, since the driver loaded. */
  public static long fallbacks() {
    return FALLBACKS.get();
  }

  /** For the proxy package only. */
  public static void connectionOpened() {
    OPEN_CONNECTIONS.incrementAndGet();
  }

  /** For the proxy package only. */
  public static void connectionClosed() {
    OPEN_CONNECTIONS.decrementAndGet();
  }

  /** For the proxy package only. */
  public static void fellBack() {
    FALLBACKS.incrementAndGet();
  }
}

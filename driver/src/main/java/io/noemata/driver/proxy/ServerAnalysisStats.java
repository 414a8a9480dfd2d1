package io.noemata.driver.proxy;

/** How often this process asked a server for its analysis of a statement ({@link ServerAnalysis}); for tests and bench. */
public final class ServerAnalysisStats {

  private ServerAnalysisStats() {}

  public static long roundTrips() {
    return ServerAnalysis.roundTrips();
  }
}

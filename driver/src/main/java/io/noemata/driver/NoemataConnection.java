package io.noemata.driver;

/** Reached with {@code connection.unwrap(NoemataConnection.class)}. */
public interface NoemataConnection {

  /** The {@code noemata.*} settings this connection runs with. */
  NoemataSettings settings();

  /** How many rewritten statements failed on this connection and ran as written instead. */
  long fallbackCount();

  /** Statements of this connection not yet closed. */
  int openStatementCount();

  /** Drops the cached catalog of this connection's server, so the next statement reads it again. */
  void invalidateCatalog();
}

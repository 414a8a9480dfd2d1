package io.noemata.driver;

import io.noemata.core.catalog.CatalogSnapshot;

/** Reached with {@code connection.unwrap(NoemataConnection.class)}. */
public interface NoemataConnection {

  /** The {@code noemata.*} settings this connection runs with. */
  NoemataSettings settings();

  /** How many rewritten statements failed on this connection and ran as written instead. */
  long fallbackCount();

  /** Statements of this connection not yet closed. */
  int openStatementCount();

  /**
   * What statements of this connection are rewritten against: the cached catalog of installed
   * accelerators, read now if none is cached; empty when it cannot be read.
   */
  CatalogSnapshot catalog();

  /** Drops the cached catalog of this connection's server, so the next statement reads it again. */
  void invalidateCatalog();
}

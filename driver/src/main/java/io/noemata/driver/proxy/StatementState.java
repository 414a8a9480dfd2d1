package io.noemata.driver.proxy;

import io.noemata.driver.catalog.QuarantinedRollup;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.driver.provenance.Warnings;
import java.sql.ResultSet;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.List;

/** What a proxy statement remembers between calls: provenance, its warnings, its result set wrapper. */
final class StatementState {

  private QueryProvenance provenance;
  /** The provenance's quarantined rollups, kept until the warnings are asked for. */
  private List<QuarantinedRollup> quarantined = List.of();
  /** Whether {@link #ours} has been built for the provenance: most statements never ask for warnings. */
  private boolean built = true;
  private SQLWarning ours;
  private SQLWarning oursTail;
  private SQLWarning appended;
  private ResultSet rawResult;
  private ProxyResultSet wrappedResult;

  QueryProvenance provenance() {
    return provenance;
  }

  /**
   * {@code quarantined}: rollups of the statement's tables that no statement reads now, named in its
   * warnings. The chain is built on the first {@link #warnings} call, not per statement: an SQLWarning
   * fills in its stack trace, which costs more than a cached rewrite decision.
   */
  void record(QueryProvenance p, List<QuarantinedRollup> quarantined) {
    provenance = p;
    this.quarantined = quarantined;
    built = false;
    ours = null;
    oursTail = null;
    appended = null;
  }

  private void build() {
    if (built) {
      return;
    }
    built = true;
    ours = Warnings.of(provenance, quarantined);
    oursTail = ours;
    while (oursTail != null && oursTail.getNextWarning() != null) {
      oursTail = oursTail.getNextWarning();
    }
  }

  /** Ours first, then clickhouse-jdbc's own. */
  SQLWarning warnings(SQLWarning theirs) {
    build();
    if (ours == null) {
      return theirs;
    }
    if (theirs != null && theirs != appended) {
      oursTail.setNextWarning(theirs);
      appended = theirs;
    }
    return ours;
  }

  void clearWarnings() {
    built = true;
    ours = null;
    oursTail = null;
    appended = null;
  }

  /** The same wrapper for the same delegate result set, so {@code getResultSet()} keeps its identity. */
  ResultSet wrap(ResultSet raw, Statement owner) {
    if (raw == null) {
      return null;
    }
    if (raw != rawResult) {
      rawResult = raw;
      wrappedResult = new ProxyResultSet(raw, owner);
    }
    return wrappedResult;
  }
}

package io.noemata.driver.proxy;

import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.driver.provenance.Warnings;
import java.sql.ResultSet;
import java.sql.SQLWarning;
import java.sql.Statement;

/** What a proxy statement remembers between calls: provenance, its warnings, its result set wrapper. */
final class StatementState {

  private QueryProvenance provenance;
  private SQLWarning ours;
  private SQLWarning oursTail;
  private SQLWarning appended;
  private ResultSet rawResult;
  private ProxyResultSet wrappedResult;

  QueryProvenance provenance() {
    return provenance;
  }

  /** {@code quarantined}: rollups of the statement's tables that no statement reads now, named in its warnings. */
  void record(QueryProvenance p, java.util.List<io.noemata.driver.catalog.QuarantinedRollup> quarantined) {
    provenance = p;
    ours = Warnings.of(p, quarantined);
    oursTail = ours;
    while (oursTail != null && oursTail.getNextWarning() != null) {
      oursTail = oursTail.getNextWarning();
    }
    appended = null;
  }

  /** Ours first, then clickhouse-jdbc's own. */
  SQLWarning warnings(SQLWarning theirs) {
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

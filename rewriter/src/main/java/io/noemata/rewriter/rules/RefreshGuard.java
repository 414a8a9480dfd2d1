package io.noemata.rewriter.rules;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableName;
import io.noemata.core.sql.Literals;
import io.noemata.rewriter.syntax.Edit;
import io.noemata.rewriter.union.RawEdges;
import java.util.List;
import java.util.Map;

/**
 * {@link RefreshCovers} decides from the catalog, which may be minutes old: the source may have
 * changed since it was read. So a level reading a refreshed rollup carries the same condition to
 * the server, next to its first time bound: {@code throwIf} fails the statement when the source's
 * parts changed at or after the refresh's second ({@code system.parts}, as the catalog reads it),
 * and the driver then runs the statement as written (FallbackPolicy: the failure is the guard's,
 * code 395). The subquery is a constant, evaluated once before any row is read.
 */
final class RefreshGuard {

  /** The message the server fails a stale read with (the driver falls back by the code, never by this text). */
  static final String MESSAGE = "noemata: the source changed since the rollup's refresh";

  private RefreshGuard() {}

  /**
   * Adds the guard to the first of {@code bounds} in {@code edits} (by start offset): the edit already
   * there, or the bound as written; false when the level has no bound to carry it.
   */
  static boolean onFirstBound(String sql, Rollup rollup, TableName source, List<RawEdges.Bound> bounds,
      Map<Integer, Edit> edits) {
    if (bounds.isEmpty() || rollup.refresh() == null || rollup.refresh().lastSuccess() == null) {
      return false;
    }
    var conjunct = bounds.get(0).conjunct();
    Edit at = edits.get(conjunct.start());
    if (at != null && at.end() != conjunct.end()) {
      return false; // an edit of more than the bound: nothing to wrap without losing it
    }
    String text = at != null ? at.text() : sql.substring(conjunct.start(), conjunct.end());
    edits.put(conjunct.start(), new Edit(conjunct.start(), conjunct.end(), "(" + text + " AND " + guard(rollup, source)
        + ")"));
    return true;
  }

  /**
   * {@code throwIf(<source changed at or after the refresh's second>, ...) = 0}; for a rollup read
   * only before {@link io.noemata.core.catalog.RefreshState#heldBefore} (the rest raw), a change
   * counts only in a part that may hold rows stamped before that instant.
   */
  static String guard(Rollup rollup, TableName source) {
    String table = " FROM system.parts WHERE database = " + Literals.string(source.database()) + " AND table = "
        + Literals.string(source.table());
    long refreshed = rollup.refresh().lastSuccess().getEpochSecond();
    java.time.Instant held = rollup.refresh().heldBefore();
    String changed = held == null
        ? "(SELECT " + io.noemata.core.system.SystemTables.LAST_PART_CHANGE + table + ") >= " + refreshed
        : "(SELECT " + io.noemata.core.system.SystemTables.changedBefore(refreshed, held.getEpochSecond()) + table + ") > 0";
    return "throwIf(" + changed + ", " + Literals.string(MESSAGE) + ") = 0";
  }
}

package io.noemata.driver.catalog;

import io.noemata.core.catalog.RefreshState;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.SortingKey;
import io.noemata.core.catalog.SourceRows;
import io.noemata.core.catalog.TableName;
import io.noemata.core.sql.Literals;
import io.noemata.core.system.SystemTables;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.OptionalLong;

/**
 * How much of the source a refreshed rollup still holds when the source changed since its refresh
 * ({@link RefreshState#heldBefore}): every bucket before the earliest row any part changed since
 * the refresh may hold, so a window reads those buckets from the rollup and the rest raw. Exact
 * only where a part's {@code min_time} bounds its rows on the rollup's own time column (the
 * partition key's one DateTime column), where a merging engine keeps a row's time (the time column
 * in the sorting key: a replacing or cancelling row has the same key, so the same time), and where
 * no mutation that rewrites rows is pending or came after the refresh. The rule in full:
 * {@code docs/resources-format.md}, "Refreshed rollups and rows newer than the refresh".
 */
final class RefreshHeld {

  private RefreshHeld() {}

  /** {@code state} with what the rollup still holds, when that can be told; else {@code state}. */
  static RefreshState of(Connection c, TableName source, SourceRows rows, Rollup r, RefreshState state) {
    if (state.lastSuccess() == null || state.covers()) {
      return state;
    }
    try {
      if (!List.of(r.timeColumn()).equals(SystemTables.partitionTimeColumns(c, source))) {
        return state; // min_time is not the range of the rollup's time column
      }
      if (rows.merging() && !keyHolds(c, source, r.timeColumn())) {
        return state; // a replacing row may carry another time than the row it replaces
      }
      for (SourceRows.Mutation m : rows.mutations()) {
        if (!m.done() || m.created().plusSeconds(1).isAfter(state.lastSuccess())) {
          return state; // it may rewrite rows of any time
        }
      }
      OptionalLong earliest = SystemTables.earliestChangedSince(c, source, state.lastSuccess());
      if (earliest.isEmpty() || earliest.getAsLong() <= 0) {
        return state;
      }
      long grain = r.grain().toSeconds();
      Instant before = Instant.ofEpochSecond(Math.floorDiv(earliest.getAsLong(), grain) * grain);
      return before.isAfter(r.coveredFrom()) ? state.holdingBefore(before) : state;
    } catch (SQLException unreadable) {
      return state; // read raw, as before the union existed
    }
  }

  private static boolean keyHolds(Connection c, TableName source, String column) throws SQLException {
    var table = SystemTables.table(c, source.database(), source.table());
    if (table.isEmpty()) {
      return false;
    }
    return SortingKey.expressions(table.get().sortingKey()).stream()
        .anyMatch(e -> e.equals(column) || e.equals(Literals.identifier(column)));
  }
}

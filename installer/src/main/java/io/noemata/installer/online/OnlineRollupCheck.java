package io.noemata.installer.online;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.ledger.LedgerReader;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerState;
import io.noemata.core.sql.Literals;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code noemata validate --online} for rollups: "compares each ready rollup with the raw table. It
 * checks every measure per rollup bucket over the most recent complete buckets. The window ends at
 * least five minutes before now and is capped by --rollup-window (default 1h). [...] A mismatch
 * fails validation. Rollups that are unready, expired, or no longer match the view are reported as
 * skipped."
 */
public final class OnlineRollupCheck {

  /** What the check found: one line per mismatch (bucket, dimensions, measure, both values), and skips. */
  public record Result(List<String> checked, List<String> mismatches, List<String> skipped) {
    public boolean passed() {
      return mismatches.isEmpty();
    }
  }

  static final Duration SETTLE = Duration.ofMinutes(5);

  private OnlineRollupCheck() {}

  /** Checks the ready rollups of {@code namespace} in {@code databases} as of {@code now}. */
  public static Result run(Connection c, String namespace, Set<String> databases, Duration window, Instant now)
      throws SQLException {
    List<String> checked = new ArrayList<>();
    List<String> mismatches = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    for (String db : LedgerReader.ledgerDatabases(c, namespace)) {
      if (!databases.contains(db)) {
        continue;
      }
      for (LedgerRow row : LedgerReader.rows(c, db, namespace)) {
        if (!row.kind().equals(LedgerRow.KIND_ROLLUP) || row.parsedState() == LedgerState.RETIRED
            || row.parsedState() == LedgerState.PRUNED) {
          continue;
        }
        if (row.parsedState() != LedgerState.READY) {
          skipped.add(row.key() + ": not ready (" + row.state() + ")");
          continue;
        }
        Rollup r = LedgerReader.toRollup(row, LedgerReader.columnTypes(c, db, row.object()), now);
        if (r == null) {
          skipped.add(row.key() + ": expired or its target lacks a state column");
          continue;
        }
        long g = row.grainSeconds();
        long end = Math.floorDiv(now.minus(SETTLE).getEpochSecond(), g) * g;
        long start = Math.max(end - Math.max(g, window.getSeconds() / g * g), r.coveredFrom().getEpochSecond());
        start = Math.floorDiv(start + g - 1, g) * g;
        if (start >= end) {
          skipped.add(row.key() + ": no complete bucket in the window");
          continue;
        }
        checked.add(row.key() + " [" + Instant.ofEpochSecond(start) + ", " + Instant.ofEpochSecond(end) + ")");
        compare(c, row, r, start, end, mismatches);
      }
    }
    return new Result(checked, mismatches, skipped);
  }

  private static void compare(Connection c, LedgerRow row, Rollup r, long start, long end, List<String> out)
      throws SQLException {
    List<MeasureCheck> measures = new ArrayList<>();
    for (var m : r.measures()) {
      measures.add(MeasureCheck.of(m.name() + (m.stateColumn().equals(m.name()) ? "" : " (" + m.definition() + ")"),
          m.stateColumn(), Literals.identifier(m.stateColumn()), m.stateType()));
    }
    String dims = String.join(", ", row.dimensions().stream().map(Literals::identifier).toList());
    String g = Long.toString(row.grainSeconds());
    String time = Literals.identifier(row.timeColumn());
    StringBuilder raw = new StringBuilder("SELECT ").append(dims.isEmpty() ? "" : dims + ", ")
        .append("toDateTime(intDiv(toUnixTimestamp(").append(time).append("), ").append(g).append(") * ").append(g)
        .append(", 'UTC') AS __b");
    StringBuilder stored = new StringBuilder("SELECT ").append(dims.isEmpty() ? "" : dims + ", ").append("`bucket` AS __b");
    for (int i = 0; i < measures.size(); i++) {
      raw.append(", toString(").append(row.measureDefinitions().get(i)).append(")");
      stored.append(", toString(").append(measures.get(i).readSql()).append(")");
    }
    String range = " >= toDateTime(" + start + ", 'UTC') AND %s < toDateTime(" + end + ", 'UTC')";
    raw.append(" FROM ").append(Literals.qualified(row.tableDatabase(), row.tableName())).append(" WHERE ")
        .append(time).append(String.format(range, time)).append(" GROUP BY ALL");
    stored.append(" FROM ").append(Literals.qualified(row.tableDatabase(), row.object())).append(" WHERE `bucket`")
        .append(String.format(range, "`bucket`")).append(" GROUP BY ALL");
    Map<String, String[]> a = read(c, raw.toString(), row.dimensions().size() + 1);
    Map<String, String[]> b = read(c, stored.toString(), row.dimensions().size() + 1);
    Set<String> keys = new TreeSet<>(a.keySet());
    keys.addAll(b.keySet());
    for (String k : keys) {
      String[] x = a.get(k);
      String[] y = b.get(k);
      if (x == null || y == null) {
        out.add(row.key() + " bucket " + k + ": " + (x == null ? "only in the rollup" : "missing from the rollup"));
        continue;
      }
      for (int i = 0; i < measures.size(); i++) {
        if (!measures.get(i).agrees(x[i], y[i])) {
          out.add(row.key() + " bucket " + k + " measure " + measures.get(i).name() + ": raw " + x[i] + ", rollup "
              + y[i]);
        }
      }
    }
  }

  /** Rows keyed by their first {@code keyColumns} values (bucket last), values after. */
  private static Map<String, String[]> read(Connection c, String sql, int keyColumns) throws SQLException {
    Map<String, String[]> out = new LinkedHashMap<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        StringBuilder key = new StringBuilder(rs.getString(keyColumns));
        for (int i = 1; i < keyColumns; i++) {
          key.append(i == 1 ? " (" : ", ").append(rs.getMetaData().getColumnName(i)).append('=').append(rs.getString(i));
        }
        if (keyColumns > 1) {
          key.append(')');
        }
        String[] values = new String[n - keyColumns];
        for (int i = keyColumns + 1; i <= n; i++) {
          values[i - keyColumns - 1] = rs.getString(i);
        }
        out.put(key.toString(), values);
      }
    }
    return out;
  }
}

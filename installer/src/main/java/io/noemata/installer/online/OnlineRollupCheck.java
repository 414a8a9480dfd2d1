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

  /**
   * What the check found: what was checked, every mismatch (bucket, dimensions, measure, both
   * values), what was skipped.
   */
  public record Result(List<String> checked, List<Mismatch> failures, List<String> skipped) {
    public boolean passed() {
      return failures.isEmpty();
    }

    /** One line per mismatch. */
    public List<String> mismatches() {
      return failures.stream().map(Mismatch::text).toList();
    }
  }

  /**
   * One bucket of one ready rollup that differs from the raw rows, the same on two reads.
   *
   * @param row the rollup's ledger row
   * @param bucket the bucket start
   * @param measure the measure that differs; null when the bucket is missing on one side
   * @param text the line a person reads
   */
  public record Mismatch(LedgerRow row, Instant bucket, String measure, String text) {}

  static final Duration SETTLE = Duration.ofMinutes(5);

  private OnlineRollupCheck() {}

  /** Checks the ready rollups of {@code namespace} in {@code databases} as of {@code now}. */
  public static Result run(Connection c, String namespace, Set<String> databases, Duration window, Instant now)
      throws SQLException {
    List<String> checked = new ArrayList<>();
    List<Mismatch> mismatches = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    for (String db : LedgerReader.ledgerDatabases(c, namespace)) {
      if (!databases.contains(db)) {
        continue;
      }
      for (LedgerRow row : LedgerReader.rows(c, db, namespace)) {
        if (row.identity().kind() != io.noemata.core.ledger.LedgerKind.ROLLUP || row.state() == LedgerState.RETIRED
            || row.state() == LedgerState.PRUNED) {
          continue;
        }
        if (row.declared().refresh().isPresent()) {
          // it holds the table as of its last refresh, FINAL: the driver reads it only while no part changed since
          skipped.add(row.identity().key() + ": refreshed (" + row.declared().refresh().get() + "), read only while"
              + " its last refresh is newer than the table's last change");
          continue;
        }
        if (row.state() != LedgerState.READY) {
          skipped.add(row.identity().key() + ": not ready (" + row.state() + ")");
          continue;
        }
        Rollup r = LedgerReader.toRollup(row, LedgerReader.columnTypes(c, db, row.identity().object()), now);
        if (r == null) {
          skipped.add(row.identity().key() + ": expired or its target lacks a state column");
          continue;
        }
        long g = row.shape().grainSeconds();
        long end = Math.floorDiv(now.minus(SETTLE).getEpochSecond(), g) * g;
        long start = Math.max(end - Math.max(g, window.getSeconds() / g * g), r.coveredFrom().getEpochSecond());
        start = Math.floorDiv(start + g - 1, g) * g;
        if (start >= end) {
          skipped.add(row.identity().key() + ": no complete bucket in the window");
          continue;
        }
        checked.add(row.identity().key() + " [" + Instant.ofEpochSecond(start) + ", " + Instant.ofEpochSecond(end)
            + ")");
        compare(c, row, r, start, end, mismatches, skipped);
      }
    }
    return new Result(checked, mismatches, skipped);
  }

  /**
   * Raw and stored buckets of {@code [start, end)} in one query (both sides from one moment, so
   * rows arriving meanwhile cannot make the sides disagree), read twice when they differ: a bucket
   * counts as a mismatch only when both reads show the same values, one whose values moved is still
   * receiving rows (late ingest) and is skipped.
   */
  private static void compare(Connection c, LedgerRow row, Rollup r, long start, long end, List<Mismatch> out,
      List<String> skipped) throws SQLException {
    List<MeasureCheck> measures = new ArrayList<>();
    for (var m : r.measures()) {
      measures.add(MeasureCheck.of(m.name() + (m.stateColumn().equals(m.name()) ? "" : " (" + m.definition() + ")"),
          m.stateColumn(), Literals.identifier(m.stateColumn()), m.stateType()));
    }
    String sql = sideBySide(row, measures, start, end);
    Map<String, Found> first = differences(c, sql, row, measures);
    if (first.isEmpty()) {
      return;
    }
    Map<String, Found> second = differences(c, sql, row, measures);
    for (Map.Entry<String, Found> e : first.entrySet()) {
      Found again = second.get(e.getKey());
      if (again == null || !again.same(e.getValue())) {
        skipped.add(row.identity().key() + " bucket " + e.getKey()
            + ": still receiving rows (changed between two reads)");
      } else {
        out.addAll(e.getValue().mismatches);
      }
    }
  }

  /** {@code __side} 0 for the raw rows' aggregate, 1 for the stored states merged; dimensions and values as text. */
  static String sideBySide(LedgerRow row, List<MeasureCheck> measures, long start, long end) {
    StringBuilder dims = new StringBuilder();
    for (String d : row.shape().dimensions()) {
      dims.append("toString(").append(Literals.identifier(d)).append(") AS ").append(Literals.identifier(d)).append(", ");
    }
    String g = Long.toString(row.shape().grainSeconds());
    String time = Literals.identifier(row.shape().timeColumn());
    StringBuilder raw = new StringBuilder("SELECT 0 AS __side, ").append(dims)
        .append("toDateTime(intDiv(toUnixTimestamp(").append(time).append("), ").append(g).append(") * ").append(g)
        .append(", 'UTC') AS __b");
    StringBuilder stored = new StringBuilder("SELECT 1 AS __side, ").append(dims).append("`bucket` AS __b");
    for (int i = 0; i < measures.size(); i++) {
      raw.append(", toString(").append(row.shape().measureDefinitions().get(i)).append(") AS __m").append(i);
      stored.append(", toString(").append(measures.get(i).readSql()).append(") AS __m").append(i);
    }
    String range = " >= " + Literals.instant(start) + " AND %s < " + Literals.instant(end);
    raw.append(" FROM ").append(Literals.qualified(row.identity().tableDatabase(),
        row.identity().tableName())).append(" WHERE ")
        .append(time).append(String.format(range, time)).append(" GROUP BY ALL");
    stored.append(" FROM ").append(Literals.qualified(row.identity().tableDatabase(),
        row.identity().object())).append(" WHERE `bucket`")
        .append(String.format(range, "`bucket`")).append(" GROUP BY ALL");
    return raw + " UNION ALL " + stored;
  }

  /** What one read found for one bucket: both sides' values and the mismatches they make. */
  private record Found(String[] raw, String[] stored, List<Mismatch> mismatches) {
    boolean same(Found o) {
      return java.util.Arrays.equals(raw, o.raw) && java.util.Arrays.equals(stored, o.stored);
    }
  }

  /** The buckets whose sides differ, by key. */
  private static Map<String, Found> differences(Connection c, String sql, LedgerRow row, List<MeasureCheck> measures)
      throws SQLException {
    int keyColumns = row.shape().dimensions().size() + 1;
    Map<String, String[]> a = new LinkedHashMap<>();
    Map<String, String[]> b = new LinkedHashMap<>();
    Map<String, Instant> buckets = new LinkedHashMap<>();
    read(c, sql, keyColumns, a, b, buckets);
    Set<String> keys = new TreeSet<>(a.keySet());
    keys.addAll(b.keySet());
    Map<String, Found> out = new LinkedHashMap<>();
    for (String k : keys) {
      String[] x = a.get(k);
      String[] y = b.get(k);
      List<Mismatch> found = new ArrayList<>();
      Instant bucket = buckets.get(k);
      if (x == null || y == null) {
        found.add(new Mismatch(row, bucket, null,
            row.identity().key() + " bucket " + k + ": " + (x == null ? "only in the rollup"
                : "missing from the rollup")));
      } else {
        for (int i = 0; i < measures.size(); i++) {
          if (!measures.get(i).agrees(x[i], y[i])) {
            found.add(new Mismatch(row, bucket, measures.get(i).name(), row.identity().key() + " bucket " + k
                + " measure "
                + measures.get(i).name() + ": raw " + x[i] + ", rollup " + y[i]));
          }
        }
      }
      if (!found.isEmpty()) {
        out.put(k, new Found(x, y, found));
      }
    }
    return out;
  }

  /** Rows keyed by their dimensions and bucket (bucket first in the key), values after, by side. */
  private static void read(Connection c, String sql, int keyColumns, Map<String, String[]> raw,
      Map<String, String[]> stored, Map<String, Instant> buckets) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        // columns: __side, dimensions..., __b, values...
        String bucket = rs.getString(keyColumns + 1);
        StringBuilder key = new StringBuilder(bucket);
        for (int i = 1; i < keyColumns; i++) {
          key.append(i == 1 ? " (" : ", ").append(rs.getMetaData().getColumnName(i + 1)).append('=')
              .append(rs.getString(i + 1));
        }
        if (keyColumns > 1) {
          key.append(')');
        }
        String[] values = new String[n - keyColumns - 1];
        for (int i = keyColumns + 2; i <= n; i++) {
          values[i - keyColumns - 2] = rs.getString(i);
        }
        buckets.put(key.toString(), java.time.LocalDateTime.parse(bucket.replace(' ', 'T'))
            .toInstant(java.time.ZoneOffset.UTC));
        (rs.getInt(1) == 0 ? raw : stored).put(key.toString(), values);
      }
    }
  }
}

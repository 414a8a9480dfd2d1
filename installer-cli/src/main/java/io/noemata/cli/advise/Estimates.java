package io.noemata.cli.advise;

import io.noemata.core.catalog.SortingKey;
import io.noemata.core.sql.Literals;
import io.noemata.core.system.SystemTables;
import io.noemata.core.system.SystemTable;
import io.noemata.core.system.SystemTables;
import io.noemata.installer.plan.Accelerator;
import io.noemata.installer.plan.StoredMeasure;
import io.noemata.resources.model.PhysicalName;
import io.noemata.rewriter.time.TimeKey;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * What the server says about sizes, with cheap aggregate queries and nothing installed: rows a raw
 * query reads ({@code EXPLAIN ESTIMATE}, as the demo measures), rows a rollup would hold per day (the
 * distinct dimension values per bucket, {@code uniq} over one scan of the source per rollup), and
 * the bytes a rollup row or a stored value takes ({@code byteSize} over one day of states).
 */
public final class Estimates {

  /** Rows per UTC day start (epoch seconds) and uncompressed bytes per row of one rollup. */
  public record RollupSize(TreeMap<Long, Long> rowsPerDay, double bytesPerRow) {
    public long rows() {
      return rowsPerDay.values().stream().mapToLong(Long::longValue).sum();
    }

    /** Rows in the day partitions a window {@code [from, to)} touches (a rollup target is partitioned by day). */
    public long rowsIn(Long from, Long to, long lengthSeconds) {
      if (from == null) {
        // a window relative to now: the newest days it spans
        long days = Math.max(1, (lengthSeconds + 86399) / 86400 + 1);
        return rowsPerDay.descendingMap().values().stream().limit(days).mapToLong(Long::longValue).sum();
      }
      long end = to == null ? Long.MAX_VALUE : to;
      return rowsPerDay.entrySet().stream().filter(e -> e.getKey() + 86400 > from && e.getKey() < end)
          .mapToLong(Map.Entry::getValue).sum();
    }
  }

  private Estimates() {}

  /** Rows {@code EXPLAIN ESTIMATE} says the server reads for {@code sql}; empty when it cannot say. */
  public static OptionalLong rowsRead(Connection c, String sql) {
    long rows = 0;
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN ESTIMATE " + sql)) {
      while (rs.next()) {
        rows += rs.getLong("rows");
      }
      return OptionalLong.of(rows);
    } catch (SQLException e) {
      return OptionalLong.empty(); // parameters, a table function: the report says "unknown"
    }
  }

  /**
   * Raw rows the engine reads for the edges of {@code level}'s window that whole buckets of
   * {@code grain} do not hold: its own filter and {@code t < first whole bucket OR t >= end of the
   * last}, as the union rewrite reads them; empty when the window's bounds are not constants.
   */
  public static OptionalLong edgeRows(Connection c, LevelNeed level, long grain) {
    TimeWindow w = level.window();
    if (w == null || w.from() == null || w.to() == null || level.where() == null) {
      return OptionalLong.empty();
    }
    long first = Math.floorDiv(w.from() + grain - 1, grain) * grain;
    long last = Math.floorDiv(w.to(), grain) * grain;
    String column = level.view().table().time().orElseThrow();
    String time = Literals.identifier(column);
    PhysicalName t = level.view().table().table();
    long s = 1_000_000_000L;
    // the range restated on the sorting key, as the union rewrite sends it (TimeKey)
    String onKey = leadingKey(c, t).flatMap(k -> TimeKey.of(k, column))
        .map(k -> k.implied(w.from() * s, w.to() * s + s, first * s, last * s, true)).filter(k -> !k.isEmpty())
        .map(k -> " AND " + k).orElse("");
    return rowsRead(c, "SELECT 1 FROM " + Literals.qualified(t.database(), t.table()) + " WHERE (" + level.where() + ") AND ("
        + time + " < " + Literals.instant(first) + " OR " + time + " >= " + Literals.instant(last) + ")" + onKey);
  }

  /** The first expression of {@code t}'s sorting key, as the driver's catalog reads it. */
  private static Optional<String> leadingKey(Connection c, PhysicalName t) {
    try {
      return SystemTables.table(c, t.database(), t.table()).flatMap(s -> SortingKey.leading(s.sortingKey()));
    } catch (SQLException e) {
      return Optional.empty();
    }
  }

  /** The size of rollup {@code r}, from {@code sized} (by target object name) when sized before in this run. */
  public static RollupSize rollup(Connection c, Accelerator.Rollup r, Map<String, String> stored,
      Map<String, RollupSize> sized) throws SQLException {
    RollupSize size = sized.get(r.object());
    if (size == null) {
      size = rollup(c, r, stored);
      sized.put(r.object(), size);
    }
    return size;
  }

  /**
   * The size of rollup {@code r} as its target would hold it.
   *
   * @param stored the SQL expression of each proposed stored column not yet on the server, by its name
   */
  public static RollupSize rollup(Connection c, Accelerator.Rollup r, Map<String, String> stored) throws SQLException {
    String table = Literals.qualified(r.table().database(), r.table().table());
    String time = Literals.identifier(r.timeColumn());
    String bucket = "toStartOfInterval(" + time + ", INTERVAL " + r.grainSeconds() + " SECOND)";
    List<String> keys = new ArrayList<>();
    r.dimensions().forEach(d -> keys.add(stored.getOrDefault(d.column(), Literals.identifier(d.column()))));
    keys.add(bucket);
    TreeMap<Long, Long> perDay = new TreeMap<>();
    String sql = "SELECT toUnixTimestamp(toStartOfDay(" + time + ", 'UTC')) AS day, uniq(" + String.join(", ", keys)
        + ") FROM " + table + " GROUP BY day ORDER BY day";
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        perDay.put(rs.getLong(1), rs.getLong(2));
      }
    }
    return new RollupSize(perDay, bytesPerRow(c, r, stored, table, time, bucket, busiestDay(perDay)));
  }

  private static long busiestDay(TreeMap<Long, Long> perDay) {
    return perDay.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey).orElse(0L);
  }

  /** Uncompressed bytes of one target row: its key columns, bucket and states, over the busiest day. */
  private static double bytesPerRow(Connection c, Accelerator.Rollup r, Map<String, String> stored, String table,
      String time, String bucket, long day) throws SQLException {
    List<String> items = new ArrayList<>();
    List<String> sizes = new ArrayList<>();
    List<String> groupBy = new ArrayList<>();
    int i = 0;
    for (Accelerator.Dimension d : r.dimensions()) {
      items.add(stored.getOrDefault(d.column(), Literals.identifier(d.column())) + " AS k" + i);
      sizes.add("byteSize(k" + i + ")");
      groupBy.add("k" + i++);
    }
    int m = 0;
    for (StoredMeasure s : r.measures()) {
      items.add(s.valueSql() + " AS m" + m);
      sizes.add("byteSize(m" + m++ + ")");
    }
    groupBy.add("b");
    String sql = "SELECT 4 + avg(" + String.join(" + ", sizes) + ") FROM (SELECT " + String.join(", ", items) + ", "
        + bucket + " AS b FROM " + table + " WHERE " + time + " >= toDateTime(" + day + ") AND " + time
        + " < toDateTime(" + (day + 86400) + ") GROUP BY " + String.join(", ", groupBy) + ")";
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getDouble(1) : 0;
    }
  }

  /** Uncompressed bytes a stored column adds to {@code table}: rows times the average value size. */
  public static long columnBytes(Connection c, PhysicalName table, String expression) throws SQLException {
    String sql = "SELECT count() * avg(byteSize(" + expression + ")) FROM "
        + Literals.qualified(table.database(), table.table());
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? (long) rs.getDouble(1) : 0;
    }
  }

  /** The leading column of each table's sorting key, as {@code table.column}. */
  public static Map<String, String> sortingLeaders(Connection c, List<PhysicalName> tables) throws SQLException {
    Map<String, String> out = new LinkedHashMap<>();
    for (PhysicalName t : tables) {
      String key = SystemTables.table(c, t.database(), t.table()).map(SystemTable::sortingKey).orElse(null);
      if (key != null && !key.isBlank()) {
        out.put(t.table(), key.split(",")[0].strip());
      }
    }
    return out;
  }
}

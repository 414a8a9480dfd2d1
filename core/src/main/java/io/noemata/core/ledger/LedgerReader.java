package io.noemata.core.ledger;

import io.noemata.core.catalog.Measure;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableName;
import io.noemata.core.sql.Literals;
import io.noemata.core.system.Scope;
import io.noemata.core.system.SystemColumn;
import io.noemata.core.system.SystemTables;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads the ledger back with plain JDBC: the rows themselves (installer, {@code resources status})
 * and the ready rollups the driver puts into a {@link io.noemata.core.catalog.CatalogSnapshot}.
 * A rollup counts only when its row is {@code ready} and {@code system.tables} still has its target
 * and stable view, and {@code system.columns} has every state column.
 */
public final class LedgerReader {

  private LedgerReader() {}

  /** Databases holding {@code <namespace>_resource_ledger}, sorted. */
  public static List<String> ledgerDatabases(Connection c, String namespace) throws SQLException {
    return SystemTables.names(c, new Scope.Named(LedgerSchema.ledgerTable(namespace))).stream()
        .map(TableName::database).toList();
  }

  /** A ledger found on the server: its database and the namespace its table name carries. */
  public record Ledger(String database, String namespace) {}

  /** The columns a table named {@code <ns>_resource_ledger} must have to be read as one. */
  private static final List<String> DESCRIBING = List.of("format_version", "namespace", "kind", "key", "state",
      "object", "stable_view", "table_database", "table_name");

  /**
   * Every ledger of every namespace: the tables named {@code <ns>_resource_ledger} that describe
   * themselves as one (they have the ledger's columns), sorted by database and namespace. Readers
   * that are given no namespace use these, so a deployment's namespace never hides its accelerators.
   */
  public static List<Ledger> allLedgers(Connection c) throws SQLException {
    String suffix = LedgerSchema.ledgerTable("x").substring(1);
    Map<List<String>, Set<String>> described = new LinkedHashMap<>();
    for (SystemColumn col : SystemTables.columns(c, new Scope.NamedEnding(suffix))) {
      if (DESCRIBING.contains(col.name())) {
        described.computeIfAbsent(List.of(col.database(), col.table()), k -> new HashSet<>()).add(col.name());
      }
    }
    List<Ledger> out = new ArrayList<>();
    described.forEach((table, names) -> {
      String namespace = table.get(1).substring(0, table.get(1).length() - suffix.length());
      if (names.size() == DESCRIBING.size() && LedgerSchema.isNamespace(namespace)) {
        out.add(new Ledger(table.get(0), namespace));
      }
    });
    return out;
  }

  /** The ledgers of {@code namespace}, or of every namespace when it is null. */
  public static List<Ledger> ledgers(Connection c, String namespace) throws SQLException {
    if (namespace == null) {
      return allLedgers(c);
    }
    return ledgerDatabases(c, namespace).stream().map(db -> new Ledger(db, namespace)).toList();
  }

  /**
   * Every current row of the ledger in {@code database} (empty when it has none) whose kind and
   * state this release knows.
   */
  public static List<LedgerRow> rows(Connection c, String database, String namespace) throws SQLException {
    // Arrays travel as comma-joined hex and instants as epoch numbers: the same on every JDBC driver.
    Set<String> has = columnTypes(c, database, LedgerSchema.ledgerTable(namespace)).keySet();
    String sql = "SELECT format_version, namespace, kind, key, table_database, table_name, object, content_hash,"
        + " state, async, file, revision, declaration, stable_view, source_object, time_column, grain_seconds,"
        + " retention_seconds, " + hexJoined("dimensions") + ", " + hexJoined("measure_names") + ", "
        + hexJoined("measure_definitions") + ", " + hexJoined("measure_columns") + ","
        + " toUnixTimestamp(cutover), toUnixTimestamp(backfill_floor), toUnixTimestamp(backfilled_from),"
        + " toUnixTimestamp(retired_at), toUnixTimestamp(prune_after), toUnixTimestamp(pruned_at),"
        + " toUnixTimestamp64Milli(updated_at), version, "
        + (has.contains("quarantine_days")
            ? "quarantine, arrayStringConcat(arrayMap(d -> toString(d), quarantine_days), ',')" : "'', ''")
        + (has.contains("watermark_high")
            ? ", watermarked, arrayStringConcat(arrayMap(d -> toString(d), watermark_days), ','), "
                + hexJoined("watermark_partitions") + ", arrayStringConcat(arrayMap(x -> toString(x), watermark_low), ','),"
                + " arrayStringConcat(arrayMap(x -> toString(x), watermark_high), ',')"
            : ", 0, '', '', '', ''")
        + " FROM " + Literals.qualified(database, LedgerSchema.ledgerTable(namespace)) + " FINAL"
        + " ORDER BY table_database, table_name, kind, key, object";
    List<LedgerRow> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        Optional<LedgerKind> kind = LedgerKind.parse(rs.getString(3));
        Optional<LedgerState> state = LedgerState.parse(rs.getString(9));
        if (kind.isEmpty() || state.isEmpty()) {
          continue; // a later release's kind or state: this one leaves the row as it is
        }
        out.add(new LedgerRow(rs.getInt(1),
            new LedgerRow.Identity(rs.getString(2), kind.get(), rs.getString(4), rs.getString(5), rs.getString(6),
                rs.getString(7)),
            new LedgerRow.Declared(rs.getString(8), rs.getInt(10) != 0, rs.getString(11), rs.getString(12),
                rs.getString(13)),
            state.get(),
            new LedgerRow.Shape(rs.getString(14), rs.getString(15), rs.getString(16), rs.getLong(17), rs.getLong(18),
                unhex(rs.getString(19)), unhex(rs.getString(20)), unhex(rs.getString(21)), unhex(rs.getString(22))),
            new LedgerRow.Backfill(seconds(rs, 23), seconds(rs, 24), seconds(rs, 25)),
            new LedgerRow.Retirement(seconds(rs, 26), seconds(rs, 27), seconds(rs, 28)),
            new LedgerRow.Quarantine(rs.getString(31), days(rs.getString(32))),
            Instant.ofEpochMilli(rs.getLong(29)), rs.getLong(30),
            watermarks(rs.getInt(33) != 0, rs.getString(34), rs.getString(35), rs.getString(36), rs.getString(37))));
      }
    }
    return out;
  }

  private static LedgerRow.Watermarks watermarks(boolean recorded, String days, String partitions, String low,
      String high) {
    List<LocalDate> d = days(days);
    List<String> p = unhex(partitions);
    List<LedgerRow.Watermark> out = new ArrayList<>();
    String[] lo = low == null || low.isEmpty() ? new String[0] : low.split(",");
    String[] hi = high == null || high.isEmpty() ? new String[0] : high.split(",");
    for (int i = 0; i < d.size() && i < p.size() && i < lo.length && i < hi.length; i++) {
      out.add(new LedgerRow.Watermark(d.get(i), p.get(i), Long.parseLong(lo[i]), Long.parseLong(hi[i])));
    }
    return new LedgerRow.Watermarks(recorded, out);
  }

  private static List<LocalDate> days(String joined) {
    List<LocalDate> out = new ArrayList<>();
    if (joined != null && !joined.isEmpty()) {
      for (String d : joined.split(",")) {
        out.add(LocalDate.parse(d));
      }
    }
    return out;
  }

  /** Every ledger row of {@code namespace} in every database that has a ledger. */
  public static List<LedgerRow> allRows(Connection c, String namespace) throws SQLException {
    List<LedgerRow> out = new ArrayList<>();
    for (String db : ledgerDatabases(c, namespace)) {
      out.addAll(rows(c, db, namespace));
    }
    return out;
  }

  /** The ready rollups of {@code namespace}, by source table, as of {@code now}. */
  public static Map<TableName, List<Rollup>> readyRollups(Connection c, String namespace, Instant now)
      throws SQLException {
    Map<TableName, List<Rollup>> out = new LinkedHashMap<>();
    for (String db : ledgerDatabases(c, namespace)) {
      Set<String> tables = tablesOf(c, db);
      for (LedgerRow row : rows(c, db, namespace)) {
        if (row.identity().kind() != LedgerKind.ROLLUP || row.state() != LedgerState.READY
            || !tables.contains(row.identity().object()) || !tables.contains(row.shape().stableView())) {
          continue;
        }
        Rollup r = toRollup(row, columnTypes(c, db, row.identity().object()), now);
        if (r != null) {
          out.computeIfAbsent(row.identity().table(), k -> new ArrayList<>()).add(r);
        }
      }
    }
    return out;
  }

  /**
   * The rollup a ready ledger row describes, given its target's {@code system.columns} types; null
   * when a state column is missing or the covered range is empty (retention passed it by).
   */
  public static Rollup toRollup(LedgerRow row, Map<String, String> targetColumns, Instant now) {
    LedgerRow.Shape shape = row.shape();
    if (shape.grainSeconds() <= 0 || shape.measureNames().isEmpty()) {
      return null;
    }
    List<Measure> measures = new ArrayList<>();
    for (int i = 0; i < shape.measureNames().size(); i++) {
      String type = targetColumns.get(shape.measureColumns().get(i));
      if (type == null) {
        return null;
      }
      measures.add(new Measure(shape.measureNames().get(i), shape.measureDefinitions().get(i),
          shape.measureColumns().get(i), type));
    }
    LedgerRow.Backfill backfill = row.backfill();
    Instant from = backfill.backfilledFrom() != null ? backfill.backfilledFrom() : backfill.cutover();
    if (from == null) {
      return null;
    }
    if (shape.retentionSeconds() > 0) {
      long bound = now.getEpochSecond() - shape.retentionSeconds();
      long aligned = Math.floorDiv(bound + shape.grainSeconds() - 1, shape.grainSeconds()) * shape.grainSeconds();
      if (aligned > from.getEpochSecond()) {
        from = Instant.ofEpochSecond(aligned);
      }
    }
    if (from.isAfter(now)) {
      return null;
    }
    return new Rollup(row.identity().key(), shape.stableView(), row.identity().object(), row.declared().contentHash(),
        Duration.ofSeconds(shape.grainSeconds()), shape.timeColumn(), LedgerSchema.BUCKET_COLUMN, shape.dimensions(),
        measures, from, null, backfill.cutover() != null ? backfill.cutover() : Instant.EPOCH);
  }

  /** The names of the tables and views of {@code db} ({@code system.tables}). */
  public static Set<String> tablesOf(Connection c, String db) throws SQLException {
    Set<String> out = new HashSet<>();
    SystemTables.names(c, new Scope.Databases(Set.of(db))).forEach(t -> out.add(t.table()));
    return out;
  }

  /** {@code system.columns} name to type for one table. */
  /** The column types of each of {@code tables}, in one read; a table the server lacks is absent. */
  public static Map<io.noemata.core.catalog.TableName, Map<String, String>> columnTypes(Connection c,
      java.util.Set<io.noemata.core.catalog.TableName> tables) throws SQLException {
    Map<io.noemata.core.catalog.TableName, Map<String, String>> out = new LinkedHashMap<>();
    for (io.noemata.core.system.SystemColumn col : SystemTables.columns(c, new Scope.Tables(tables))) {
      out.computeIfAbsent(new io.noemata.core.catalog.TableName(col.database(), col.table()), k -> new LinkedHashMap<>())
          .put(col.name(), col.type());
    }
    return out;
  }

  public static Map<String, String> columnTypes(Connection c, String db, String table) throws SQLException {
    Map<String, String> out = new LinkedHashMap<>();
    SystemTables.columns(c, new Scope.Table(db, table)).forEach(col -> out.put(col.name(), col.type()));
    return out;
  }

  private static String hexJoined(String column) {
    return "arrayStringConcat(arrayMap(x -> hex(x), " + column + "), ',')";
  }

  static List<String> unhex(String joined) {
    List<String> out = new ArrayList<>();
    if (joined == null || joined.isEmpty()) {
      return out;
    }
    for (String part : joined.split(",", -1)) {
      out.add(new String(HexFormat.of().parseHex(part.toLowerCase(java.util.Locale.ROOT)), StandardCharsets.UTF_8));
    }
    return out;
  }

  private static Instant seconds(ResultSet rs, int column) throws SQLException {
    long v = rs.getLong(column);
    return rs.wasNull() ? null : Instant.ofEpochSecond(v);
  }
}

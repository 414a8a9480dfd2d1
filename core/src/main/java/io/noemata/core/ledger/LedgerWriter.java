package io.noemata.core.ledger;

import io.noemata.core.sql.Literals;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Writes the ledger and the objects table. Each change is a new row with a larger {@code version};
 * the tables are ReplacingMergeTree and read with FINAL, so a write is one INSERT and never a
 * mutation.
 */
public final class LedgerWriter {

  private static long lastVersion;

  private final Connection connection;
  private final String namespace;
  private final LedgerPlacement placement;

  /** A writer on one server. */
  public LedgerWriter(Connection connection, String namespace) {
    this(connection, namespace, LedgerPlacement.HERE);
  }

  /** A writer creating its tables where {@code placement} says (ON CLUSTER, replicated). */
  public LedgerWriter(Connection connection, String namespace, LedgerPlacement placement) {
    this.connection = connection;
    this.namespace = namespace;
    this.placement = placement;
  }

  /** A version larger than any this process wrote before, from the clock in microseconds. */
  public static synchronized long nextVersion() {
    lastVersion = Math.max(lastVersion + 1, System.currentTimeMillis() * 1000);
    return lastVersion;
  }

  /** Creates the ledger, objects and lock tables in {@code database} and describes them in the objects table. */
  public void ensureTables(String database) throws SQLException {
    execute(LedgerSchema.createLedger(database, namespace, placement));
    for (String alter : LedgerSchema.upgradeLedger(database, namespace, placement)) {
      execute(alter);
    }
    execute(LedgerSchema.createObjects(database, namespace, placement));
    execute(LedgerSchema.createLock(database, namespace, placement));
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("format_version", LedgerSchema.FORMAT_VERSION);
    settings.put("namespace", namespace);
    for (String t : List.of(LedgerSchema.ledgerTable(namespace), LedgerSchema.objectsTable(namespace),
        LedgerSchema.lockTable(namespace))) {
      recordObject(database, t, t, "table", "", settings, false);
    }
  }

  public void write(String database, LedgerRow r) throws SQLException {
    LedgerRow.Identity id = r.identity();
    LedgerRow.Declared d = r.declared();
    LedgerRow.Shape sh = r.shape();
    LedgerRow.Backfill b = r.backfill();
    LedgerRow.Retirement ret = r.retirement();
    // in the table's column order (LedgerSchema)
    String values = String.join(", ", List.of(
        Integer.toString(r.formatVersion()), s(id.namespace()), s(id.kind().text()), s(id.key()),
        s(id.tableDatabase()), s(id.tableName()), s(id.object()), s(d.contentHash()), s(r.state().text()),
        d.async() ? "1" : "0", s(d.file()), s(d.revision()), s(d.declaration()), s(sh.stableView()),
        s(sh.sourceObject()), s(sh.timeColumn()), Long.toString(sh.grainSeconds()),
        Long.toString(sh.retentionSeconds()), array(sh.dimensions()), array(sh.measureNames()),
        array(sh.measureDefinitions()), array(sh.measureColumns()), t(b.cutover()), t(b.backfillFloor()),
        t(b.backfilledFrom()), t(ret.retiredAt()), t(ret.pruneAfter()), t(ret.prunedAt()),
        "fromUnixTimestamp64Milli(" + r.updatedAt().toEpochMilli() + ", 'UTC')", Long.toString(r.version()),
        s(r.quarantine().reason()), "CAST([" + r.quarantine().days().stream().map(day -> "'" + day + "'")
            .collect(Collectors.joining(", ")) + "] AS Array(Date))",
        r.watermarks().recorded() ? "1" : "0",
        "CAST([" + r.watermarks().entries().stream().map(w -> "'" + w.day() + "'").collect(Collectors.joining(", "))
            + "] AS Array(Date))",
        array(r.watermarks().entries().stream().map(LedgerRow.Watermark::partition).toList()),
        longs(r.watermarks().entries().stream().map(LedgerRow.Watermark::low).toList()),
        longs(r.watermarks().entries().stream().map(LedgerRow.Watermark::high).toList())));
    execute("INSERT INTO " + Literals.qualified(database, LedgerSchema.ledgerTable(namespace)) + " SELECT " + values);
  }

  /** Records (or marks dropped) one installed object with its settings as JSON. */
  public void recordObject(String database, String table, String object, String kind, String ledgerKey,
      Map<String, Object> settings, boolean dropped) throws SQLException {
    execute("INSERT INTO " + Literals.qualified(database, LedgerSchema.objectsTable(namespace)) + " SELECT "
        + LedgerSchema.FORMAT_VERSION + ", " + s(database) + ", " + s(table) + ", " + s(object) + ", " + s(kind)
        + ", " + s(ledgerKey) + ", " + s(Json.write(settings)) + ", " + (dropped ? 1 : 0)
        + ", now64(3, 'UTC'), " + nextVersion());
  }

  private void execute(String sql) throws SQLException {
    try (Statement st = connection.createStatement()) {
      st.execute(sql);
    }
  }

  private static String s(String v) {
    return Literals.string(v);
  }

  private static String array(List<String> v) {
    return "CAST([" + v.stream().map(Literals::string).collect(Collectors.joining(", ")) + "] AS Array(String))";
  }

  private static String longs(List<Long> v) {
    return "CAST([" + v.stream().map(String::valueOf).collect(Collectors.joining(", ")) + "] AS Array(Int64))";
  }

  private static String t(Instant v) {
    return v == null ? "CAST(NULL AS Nullable(DateTime('UTC')))" : "toDateTime(" + v.getEpochSecond() + ", 'UTC')";
  }
}

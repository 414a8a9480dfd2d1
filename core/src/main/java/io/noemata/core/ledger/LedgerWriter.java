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
    execute(LedgerDdl.createLedger(database, namespace, placement));
    for (String alter : LedgerDdl.upgradeLedger(database, namespace, placement)) {
      execute(alter);
    }
    execute(LedgerDdl.createObjects(database, namespace, placement));
    execute(LedgerDdl.createLock(database, namespace, placement));
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("format_version", LedgerSchema.FORMAT_VERSION);
    settings.put("namespace", namespace);
    for (String t : List.of(LedgerSchema.ledgerTable(namespace), LedgerSchema.objectsTable(namespace),
        LedgerSchema.lockTable(namespace))) {
      recordObject(database, t, t, "table", "", settings, false);
    }
  }

  public void write(String database, LedgerRow r) throws SQLException {
    String values = String.join(", ", List.of(
        Integer.toString(r.formatVersion()), s(r.namespace()), s(r.kind().text()), s(r.key()), s(r.tableDatabase()),
        s(r.tableName()), s(r.object()), s(r.contentHash()), s(r.state().text()), r.async() ? "1" : "0", s(r.file()),
        s(r.revision()), s(r.declaration()), s(r.stableView()), s(r.sourceObject()), s(r.timeColumn()),
        Long.toString(r.grainSeconds()), Long.toString(r.retentionSeconds()), array(r.dimensions()),
        array(r.measureNames()), array(r.measureDefinitions()), array(r.measureColumns()), t(r.cutover()),
        t(r.backfillFloor()), t(r.backfilledFrom()), t(r.retiredAt()), t(r.pruneAfter()), t(r.prunedAt()),
        "fromUnixTimestamp64Milli(" + r.updatedAt().toEpochMilli() + ", 'UTC')", Long.toString(r.version()),
        s(r.quarantine()), "CAST([" + r.quarantineDays().stream().map(d -> "'" + d + "'")
            .collect(Collectors.joining(", ")) + "] AS Array(Date))"));
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

  private static String t(Instant v) {
    return v == null ? "CAST(NULL AS Nullable(DateTime('UTC')))" : "toDateTime(" + v.getEpochSecond() + ", 'UTC')";
  }
}

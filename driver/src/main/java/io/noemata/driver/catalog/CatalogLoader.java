package io.noemata.driver.catalog;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.ResultNaming;
import io.noemata.core.catalog.MaterializedColumn;
import io.noemata.core.catalog.Projection;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.SkipIndex;
import io.noemata.core.catalog.SortingKey;
import io.noemata.core.catalog.SourceRows;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.catalog.TableInfoBuilder;
import io.noemata.core.catalog.TableName;
import io.noemata.core.catalog.TableAccess;
import io.noemata.core.catalog.TableRows;
import io.noemata.core.catalog.UserAccess;
import io.noemata.core.ledger.BlockWatermarks;
import io.noemata.core.ledger.LedgerKind;
import io.noemata.core.ledger.LedgerReader;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerSchema;
import io.noemata.core.ledger.LedgerState;
import io.noemata.core.sql.Literals;
import io.noemata.core.system.AccessProbe;
import io.noemata.core.system.Scope;
import io.noemata.core.system.SourceEngines;
import io.noemata.core.system.SystemColumn;
import io.noemata.core.system.SystemIndex;
import io.noemata.core.system.SystemPart;
import io.noemata.core.system.SystemProjection;
import io.noemata.core.system.SystemSetting;
import io.noemata.core.system.SystemTable;
import io.noemata.core.system.SystemTables;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Map;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads what a server reports installed into a {@link CatalogSnapshot}: every table, in every
 * database the user sees, that has a MATERIALIZED column, a skip index or a projection, with all
 * its column types; and the ready rollups of the resource ledgers (the quarantined ones beside them,
 * never read, only named in warnings).
 *
 * <p>One snapshot covers all databases rather than one per database: queries name tables of other
 * databases ({@code otel.otel_logs} from a connection to {@code default}, as DBeaver and Grafana
 * connect), and only tables with accelerators are read, which keeps it small.
 */
public final class CatalogLoader {

  private static final Logger LOG = LoggerFactory.getLogger(CatalogLoader.class);

  private CatalogLoader() {}

  /**
   * Reads the catalog over {@code c}; any failure is the caller's to report. {@code namespace} null
   * reads the ledgers of every namespace ({@link LedgerReader#allLedgers}).
   */
  public static CatalogSnapshot load(Connection c, String namespace) throws SQLException {
    return load(c, namespace, Set.of());
  }

  /**
   * The same, leaving out the rollups whose {@link #rollupId} is in {@code refused}; when that is
   * not empty (the server has refused this user a rollup), every other rollup is tried with an empty
   * read too, so a user without SELECT on them finds none in its catalog.
   */
  public static CatalogSnapshot load(Connection c, String namespace, Set<String> refused) throws SQLException {
    return loadState(c, namespace, refused).snapshot();
  }

  /** As {@link #load(Connection, String, Set)}, with the quarantined rollups beside the snapshot. */
  public static CatalogState loadState(Connection c, String namespace, Set<String> refused) throws SQLException {
    Map<TableName, Builder> tables = new LinkedHashMap<>();
    List<QuarantinedRollup> quarantined = new ArrayList<>();
    for (SystemColumn col : SystemTables.columns(c, new Scope.Accelerated())) {
      Builder b = tables.computeIfAbsent(new TableName(col.database(), col.table()), Builder::new);
      b.types.put(col.name(), col.type());
      if (col.materialized()) {
        b.materialized.add(new MaterializedColumn(col.name(), col.type(), col.defaultExpression()));
      }
    }
    for (SystemIndex i : SystemTables.indexes(c, new Scope.UserDatabases())) {
      Builder b = tables.get(new TableName(i.database(), i.table()));
      if (b != null) {
        b.indexes.add(new SkipIndex(i.name(), i.typeFull(), i.expr(), (int) Math.max(1, i.granularity())));
      }
    }
    for (SystemProjection p : SystemTables.projections(c, new Scope.UserDatabases())) {
      Builder b = tables.get(new TableName(p.database(), p.table()));
      if (b != null && !p.sortingKey().isEmpty()) {
        List<String> stored = ProjectionColumns.of(p.query());
        // Projection reads an empty list as SELECT *; a list of expressions only stores its sort columns
        List<String> columns = stored == null ? List.of() : stored.isEmpty() ? p.sortingKey() : stored;
        b.projections.add(new Projection(p.name(), p.sortingKey(), columns));
      }
    }
    // the server's clock, read first: a rollup's retention floor is the server's now less the
    // retention (its TTL runs on that clock), never this machine's, which may be off by minutes
    ZoneId zone = null;
    Instant serverNow = null;
    String version = null;
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT timezone(), toUnixTimestamp64Milli(now64(3)), version()")) {
      if (rs.next()) {
        zone = zone(rs.getString(1));
        serverNow = Instant.ofEpochMilli(rs.getLong(2));
        version = rs.getString(3);
      }
    }
    rollups(c, namespace, tables, refused, quarantined, serverNow == null ? Instant.now() : serverNow);
    sourceRows(c, tables);
    refreshes(c, tables);
    List<TableInfo> built = new ArrayList<>();
    tables.values().forEach(b -> built.add(b.build()));
    Map<TableName, List<SystemPart>> parts = activeParts(c, built);
    List<TableInfo> infos = new ArrayList<>();
    tables.values().forEach(b -> infos.add(b.withLateDays(parts).build()));
    CatalogSnapshot snapshot = CatalogSnapshot.of(version(infos), infos);
    Map<TableName, TableRows> counts = rowCounts(c, infos, parts);
    snapshot = snapshot.withRows(counts, version(infos) * 31 + counts.toString().hashCode());
    if (serverNow != null) {
      snapshot = snapshot.withServerClock(serverNow).withServerTimeZone(zone);
    }
    snapshot = snapshot.withFunctions(ServerFunctions.of(c, version));
    Optional<List<SystemSetting>> settings = settings(c);
    snapshot = snapshot.withChangeableSettings(settings.map(ChangeableSettings::of).orElse(Set.of()));
    snapshot = snapshot.withNaming(settings.map(ServerNaming::of).orElse(ResultNaming.OLD_ANALYZER));
    return CatalogState.of(snapshot, quarantined);
  }

  /**
   * Whether each source of a rollup keeps its inserted rows ({@link SourceEngines}): a rollup over
   * one that does not is never read. Unreadable, the sources are taken as keeping them, as before
   * this was read (the installer refuses such sources at publish).
   */
  static void sourceRows(Connection c, Map<TableName, Builder> tables) {
    Set<TableName> sources = new java.util.LinkedHashSet<>();
    tables.forEach((name, b) -> {
      if (!b.rollups.isEmpty()) {
        sources.add(name);
      }
    });
    try {
      SourceEngines.of(c, sources).forEach((name, rows) -> tables.get(name).rows = rows);
    } catch (SQLException unreadable) {
      LOG.debug("noemata: the engines and mutations of rollup sources are not readable: {}",
          CatalogCache.firstLine(unreadable));
    }
  }

  /**
   * Which rollups are refreshed (their view is in {@code system.view_refreshes}, or their ledger row
   * declares a refresh) and, for those, their last successful refresh and their source's last part
   * change: a refreshed rollup answers only while the one is newer than the other. Unreadable, a
   * refreshed rollup counts as never refreshed (it is not read); an insert-fed one stays so.
   */
  static void refreshes(Connection c, Map<TableName, Builder> tables) {
    Set<String> databases = new java.util.TreeSet<>();
    tables.forEach((name, b) -> {
      if (!b.rollups.isEmpty()) {
        databases.add(name.database());
      }
    });
    if (databases.isEmpty()) {
      return;
    }
    Map<TableName, io.noemata.core.system.SystemViewRefresh> views = new HashMap<>();
    try {
      for (var v : SystemTables.viewRefreshes(c, new Scope.Databases(databases))) {
        views.put(new TableName(v.database(), v.view()), v);
      }
    } catch (SQLException unreadable) {
      LOG.debug("noemata: the refreshes of rollups are not readable: {}", CatalogCache.firstLine(unreadable));
      views = null; // a refreshed rollup counts as never refreshed
    }
    Map<TableName, Map<Integer, TableName>> refreshedRollups = new HashMap<>(); // source -> rollup index -> view
    for (Builder b : tables.values()) {
      for (int i = 0; i < b.rollups.size(); i++) {
        Rollup r = b.rollups.get(i);
        TableName view = new TableName(b.name.database(), io.noemata.core.naming.Names.materializedView(r.target()));
        LedgerRow row = b.ledgerRows.get(r.target());
        if (row != null && row.declared().refresh().isPresent() || views != null && views.containsKey(view)) {
          refreshedRollups.computeIfAbsent(b.name, k -> new java.util.TreeMap<>()).put(i, view);
        }
      }
    }
    if (refreshedRollups.isEmpty()) {
      return; // only insert-fed rollups: the sources' part changes are not asked for
    }
    Map<TableName, Instant> changed = null;
    if (views != null) {
      try {
        changed = SystemTables.lastPartChanges(c, new Scope.Tables(refreshedRollups.keySet()));
      } catch (SQLException unreadable) {
        LOG.debug("noemata: the sources of refreshed rollups are not readable: {}", CatalogCache.firstLine(unreadable));
      }
    }
    for (var source : refreshedRollups.entrySet()) {
      Builder b = tables.get(source.getKey());
      for (var rollup : source.getValue().entrySet()) {
        var v = changed == null ? null : views.get(rollup.getValue());
        Rollup r = b.rollups.get(rollup.getKey());
        var state = RefreshHeld.of(c, source.getKey(), b.rows, r, new io.noemata.core.catalog.RefreshState(
            v == null ? null : v.lastSuccess(), changed == null ? null : changed.get(source.getKey())));
        r = r.withRefresh(state);
        b.rollups.set(rollup.getKey(), state.heldBefore() == null ? r : r.holdingUntil(state.heldBefore()));
      }
    }
  }

  /** Logs why the access of {@code tables} stays unknown. */
  static void accessUnknown(List<TableInfo> tables, Exception why) {
    LOG.debug("noemata: the server did not say what this user may read of {}: {}",
        tables.stream().map(TableInfo::name).toList(), CatalogCache.firstLine(why));
  }

  /**
   * What this user may read of each table a rewrite of {@code infos} reads ({@link AccessProbe}):
   * the sources of rollups and stored columns, which a rewrite stops reading, and rollup targets,
   * which it starts reading (those in one plan). A source's columns asked about are those the user sees and those the
   * accelerators read (a column refused to the user is also hidden from its {@code system.columns},
   * yet a rollup keeps it). A table the server would not answer for is left out, known to nobody.
   */
  static UserAccess access(Connection c, List<TableInfo> infos) throws SQLException {
    Map<TableName, Set<String>> asked = new LinkedHashMap<>();
    for (TableInfo t : infos) {
      if (!t.rollups().isEmpty() || !t.materializedColumns().isEmpty()) {
        asked.put(t.name(), mentioned(t));
      }
    }
    if (!asked.isEmpty()) {
      for (SystemColumn col : SystemTables.columns(c, new Scope.Tables(asked.keySet()))) {
        Set<String> names = asked.get(new TableName(col.database(), col.table()));
        if (names != null && !"EPHEMERAL".equals(col.defaultKind())) {
          names.add(col.name());
        }
      }
    }
    Map<TableName, TableAccess> out = new LinkedHashMap<>();
    for (TableInfo t : infos) {
      if (asked.containsKey(t.name())) {
        probe(c, t.name(), List.copyOf(asked.get(t.name())), out);
        t.rollups().forEach(r -> probe(c, new TableName(t.name().database(), r.target()), List.of(), out));
      }
    }
    return new UserAccess(true, out);
  }

  /** The source columns {@code t}'s accelerators read: dimensions, time columns, measures' and stored columns' inputs. */
  private static Set<String> mentioned(TableInfo t) {
    Set<String> names = new java.util.LinkedHashSet<>();
    for (Rollup r : t.rollups()) {
      names.add(r.timeColumn());
      names.addAll(r.dimensions());
      r.measures().forEach(m -> identifiers(m.definition(), names));
    }
    for (MaterializedColumn m : t.materializedColumns()) {
      names.add(m.name());
      identifiers(m.expression(), names);
    }
    return names;
  }

  private static void identifiers(String expression, Set<String> out) {
    var parsed = io.noemata.core.sql.SqlParser.parseExpression(expression);
    if (parsed.understood()) {
      identifiers(parsed.node(), out);
    }
  }

  private static void identifiers(io.noemata.core.sql.Node n, Set<String> out) {
    if (n instanceof io.noemata.core.sql.Expr.Identifier id && id.parts().size() == 1) {
      out.add(id.parts().get(0));
    }
    n.children().forEach(child -> identifiers(child, out));
  }

  private static void probe(Connection c, TableName table, List<String> columns, Map<TableName, TableAccess> out) {
    try {
      out.put(table, AccessProbe.probe(c, table, columns));
    } catch (SQLException unanswered) {
      LOG.debug("noemata: the server did not say what this user may read of {}: {}", table, CatalogCache.firstLine(unanswered));
    }
  }

  /**
   * The first expression of each table's sorting key: whether a time range can skip granules inside
   * a part. Empty when {@code system.tables} is not readable (the estimate then assumes it cannot).
   */
  static Map<TableName, String> leadingKeys(Connection c, Set<TableName> tables) {
    Map<TableName, String> keys = new HashMap<>();
    try {
      for (SystemTable t : SystemTables.tables(c, new Scope.Tables(tables))) {
        SortingKey.leading(t.sortingKey()).ifPresent(k -> keys.put(new TableName(t.database(), t.name()), k));
      }
    } catch (SQLException unreadable) {
      LOG.debug("noemata: system.tables sorting keys are not readable: {}", CatalogCache.firstLine(unreadable));
    }
    return keys;
  }

  /**
   * Rows per active part of every table with rollups and of their targets, in one read of {@code
   * system.parts} with the rest of the catalog: the cost estimate's input, refreshed as the catalog is.
   * {@code noemata advise} reads it for the tables a proposal would give rollups.
   */
  public static Map<TableName, TableRows> rowCounts(Connection c, List<TableInfo> infos) throws SQLException {
    return rowCounts(c, infos, activeParts(c, infos));
  }

  /**
   * The active parts of every table with rollups and of their targets, in one read of {@code
   * system.parts}; null when it is not readable.
   */
  static Map<TableName, List<SystemPart>> activeParts(Connection c, List<TableInfo> infos) {
    Set<TableName> wanted = new java.util.LinkedHashSet<>();
    for (TableInfo t : infos) {
      if (!t.rollups().isEmpty()) {
        wanted.add(t.name());
        t.rollups().forEach(r -> wanted.add(new TableName(t.name().database(), r.target())));
      }
    }
    if (wanted.isEmpty()) {
      return Map.of();
    }
    Map<TableName, List<SystemPart>> out = new LinkedHashMap<>();
    try {
      for (SystemPart p : SystemTables.activeParts(c, new Scope.Tables(wanted))) {
        out.computeIfAbsent(new TableName(p.database(), p.table()), k -> new ArrayList<>()).add(p);
      }
    } catch (SQLException unreadable) {
      LOG.debug("noemata: system.parts is not readable: {}", CatalogCache.firstLine(unreadable));
      return null;
    }
    return out;
  }

  static Map<TableName, TableRows> rowCounts(Connection c, List<TableInfo> infos, Map<TableName, List<SystemPart>> read) {
    if (read == null) {
      // no estimate is no reason to lose the catalog: rollups are then chosen by grain alone
      return Map.of();
    }
    if (read.isEmpty()) {
      return Map.of();
    }
    // part by part: the engine skips a part whose time range misses the window, not a partition
    Map<TableName, List<TableRows.Partition>> parts = new LinkedHashMap<>();
    read.forEach((table, list) -> list.forEach(p -> parts.computeIfAbsent(table, k -> new ArrayList<>())
        .add(new TableRows.Partition(p.minTime(), p.maxTime(), p.rows()))));
    Map<TableName, String> keys = leadingKeys(c, infos.stream().filter(t -> !t.rollups().isEmpty())
        .map(TableInfo::name).collect(java.util.stream.Collectors.toSet()));
    Map<TableName, TableRows> out = new LinkedHashMap<>();
    parts.forEach((k, v) -> out.put(k, new TableRows(v, keys.get(k))));
    for (TableInfo t : infos) { // a target with no parts holds no rows; a source without parts (a view) has no estimate
      if (!t.rollups().isEmpty() && out.containsKey(t.name())) {
        t.rollups().forEach(r -> out.putIfAbsent(new TableName(t.name().database(), r.target()), new TableRows(List.of())));
      }
    }
    return out;
  }

  /** The zone the server cuts wall-clock buckets in; null when it names one Java does not know. */
  static ZoneId zone(String name) {
    try {
      return ZoneId.of(name);
    } catch (DateTimeException unknownZone) {
      return null;
    }
  }

  /**
   * Ready rollups from every {@code <namespace>_resource_ledger} (the installer's record, read with
   * {@link LedgerReader}; of any namespace when {@code namespace} is null), filed under their source
   * tables; a source table with no other accelerator is added with its column types. A ledger that
   * cannot be read (another tool's table of that name, missing grants) costs only its own rollups,
   * with a log line.
   */
  static void rollups(Connection c, String namespace, Map<TableName, Builder> tables, Set<String> refused,
      List<QuarantinedRollup> quarantined, Instant now) throws SQLException {
    for (LedgerReader.Ledger ledger : LedgerReader.ledgers(c, namespace)) {
      String db = ledger.database();
      List<LedgerRow> rows;
      Set<String> present;
      try {
        rows = LedgerReader.rows(c, db, ledger.namespace());
        present = LedgerReader.tablesOf(c, db);
      } catch (SQLException e) {
        LOG.warn("noemata: skipping the rollups of {}.{}: {}", db, LedgerSchema.ledgerTable(ledger.namespace()),
            CatalogCache.firstLine(e));
        continue;
      }
      List<LedgerRow> ready = new ArrayList<>();
      for (LedgerRow row : rows) {
        if (row.identity().kind() == LedgerKind.ROLLUP && row.state() == LedgerState.QUARANTINED) {
          quarantined.add(new QuarantinedRollup(row.identity().table(), row.identity().key(),
              row.shape().stableView(), row.quarantine().reason()));
        } else if (row.identity().kind() == LedgerKind.ROLLUP && row.state() == LedgerState.READY
            && present.contains(row.identity().object()) && present.contains(row.shape().stableView())) {
          ready.add(row);
        }
      }
      // every target's columns, and those of the sources not read yet, in one read of system.columns
      Set<TableName> wanted = new java.util.LinkedHashSet<>();
      for (LedgerRow row : ready) {
        wanted.add(new TableName(db, row.identity().object()));
        if (!tables.containsKey(row.identity().table())) {
          wanted.add(row.identity().table());
        }
      }
      Map<TableName, Map<String, String>> types = wanted.isEmpty() ? Map.of() : LedgerReader.columnTypes(c, wanted);
      Map<String, LedgerRow> byObject = new HashMap<>();
      for (LedgerRow row : rows) {
        if (row.identity().kind() == LedgerKind.ROLLUP) {
          byObject.put(row.identity().object(), row);
          byObject.put(io.noemata.core.naming.Names.localTarget(row.identity().object()), row);
        }
      }
      for (LedgerRow row : ready) {
        Rollup r = LedgerReader.toRollup(row, types.getOrDefault(new TableName(db, row.identity().object()), Map.of()), now);
        if (r == null) {
          continue;
        }
        r = r.withFedSince(fedSince(row, r.fedSince(), byObject));
        TableName source = row.identity().table();
        if (refused.contains(rollupId(source.toString(), r.stableView()))
            || !refused.isEmpty() && !readable(c, db, r.target())) {
          continue;
        }
        Builder b = tables.get(source);
        if (b == null) {
          b = new Builder(source);
          b.types.putAll(types.getOrDefault(source, Map.of()));
          if (b.types.isEmpty()) {
            continue; // the source table is gone: nothing can read its rollups
          }
          tables.put(source, b);
        }
        b.rollups.add(r);
        b.ledgerRows.put(r.target(), row);
      }
    }
  }

  /**
   * When {@code row}'s rollup began to hold the source's rows: its cutover, or for a rollup fed from
   * a finer rollup's target (its cutover that bucket's start, up to a grain earlier), the finer
   * one's, down the ladder: its rows are the finer target's, which read the table from then on.
   */
  static java.time.Instant fedSince(LedgerRow row, java.time.Instant own, Map<String, LedgerRow> byObject) {
    java.time.Instant since = own;
    LedgerRow at = row;
    for (int hops = 0; hops < 16; hops++) {
      LedgerRow finer = byObject.get(at.shape().sourceObject());
      if (finer == null || finer == at) {
        break;
      }
      java.time.Instant c = finer.backfill().cutover();
      since = c == null ? java.time.Instant.EPOCH : since == null || c.isAfter(since) ? c : since;
      at = finer;
    }
    return since;
  }

  /** True when this connection's user may read every column of {@code db.table} (a rollup's target, which a rewrite reads). */
  private static boolean readable(Connection c, String db, String table) {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT * FROM " + Literals.qualified(db, table) + " LIMIT 0")) {
      return true;
    } catch (SQLException refused) {
      LOG.debug("noemata: {}.{} is not readable by this user: {}", db, table, CatalogCache.firstLine(refused));
      return false;
    }
  }

  /** Names one rollup: its source table ({@code db.table}) and its stable view (a rewrite reads its target). */
  public static String rollupId(String source, String stableView) {
    return source + "/" + stableView;
  }

  /** Changes with any fact of the snapshot, so rewrite decisions keyed by version stay correct. */
  private static long version(List<TableInfo> infos) {
    long h = 0xcbf29ce484222325L;
    for (char ch : infos.toString().toCharArray()) {
      h = (h ^ ch) * 0x100000001b3L;
    }
    return h == 0 ? 1 : h;
  }

  /** A table's builder with the ledger rows of its rollups beside it: their watermarks decide late days. */
  static final class Builder extends TableInfoBuilder {
    /** The ledger row of each rollup, by target: its watermarks. */
    final Map<String, LedgerRow> ledgerRows = new HashMap<>();

    Builder(TableName name) {
      super(name);
    }

    /**
     * Its rollups with their late days, from the source's active parts; when {@code system.parts}
     * is not readable ({@code parts} null), every covered day of a rollup that records watermarks
     * counts as late: rows that may be missing cannot be ruled out.
     */
    Builder withLateDays(Map<TableName, List<SystemPart>> parts) {
      for (int i = 0; i < rollups.size(); i++) {
        Rollup r = rollups.get(i);
        LedgerRow row = ledgerRows.get(r.target());
        if (row == null || !row.watermarks().recorded()) {
          continue;
        }
        BlockWatermarks.Late late = parts == null ? new BlockWatermarks.Late(BlockWatermarks.everyCoveredDay(row), null)
            : BlockWatermarks.late(row, parts.getOrDefault(name, List.of()));
        rollups.set(i, r.withLateDays(late.days(), late.until()));
      }
      return this;
    }
  }

  /**
   * The settings the catalog reads (those a small read may set, and the analyzer's), in one read of
   * {@code system.settings}; empty when it cannot be read (then none is known changeable, and names
   * are taken as the old analyzer gives them).
   */
  private static Optional<List<SystemSetting>> settings(Connection c) {
    Set<String> names = new java.util.HashSet<>(ChangeableSettings.names());
    names.addAll(ServerNaming.NAMES);
    try {
      return Optional.of(SystemTables.settings(c, names));
    } catch (SQLException unreadable) {
      LOG.debug("noemata: system.settings is not readable: {}", CatalogCache.firstLine(unreadable));
      return Optional.empty();
    }
  }
}

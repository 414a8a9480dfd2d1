package io.noemata.core.catalog;

import io.noemata.core.expr.FunctionNames;
import java.time.Instant;
import java.time.ZoneId;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Everything installed on the tables a connection may read, at one moment.
 *
 * @param version changes whenever any fact below changes (the driver derives it from the ledger and
 *     {@code system.columns}/{@code system.projections}); rewrite decisions are cached per version
 * @param tables by physical table; tables with nothing installed may be absent
 * @param serverTimeZone the server's time zone ({@code SELECT timezone()}), in which functions such
 *     as {@code toStartOfHour(t)} without a zone argument cut their buckets; null when unknown
 * @param serverClock the server's clock when the snapshot was read ({@code now64()}): every query
 *     sent later runs at or after it, which bounds windows written with {@code now()}; null when unknown
 * @param rows by physical table (sources and rollup targets), how many rows each partition holds, for
 *     the rewriter's cost estimate; a table absent here has no estimate
 * @param changeableSettings the settings, among those the rewriter may add to a read it rewrites,
 *     that this user may set in a query to the values the rewriter sets ({@code system.settings}:
 *     not read-only, within the constraints); empty when unknown
 * @param functions the function names the server resolves ({@code system.functions}); ClickHouse
 *     26.5's built-in list when not read ({@link FunctionNames#builtIn()})
 * @param access what the catalog's user may read of the sources and targets, as the server told
 *     it; decisions for one user are never another's: each user has a catalog of its own
 * @param naming how the server names unaliased result columns: by the analyzer ClickHouse uses
 *     since 24.3 unless {@code enable_analyzer} is 0 for the catalog's user
 */
public record CatalogSnapshot(long version, Map<TableName, TableInfo> tables, ZoneId serverTimeZone,
    Instant serverClock, Map<TableName, TableRows> rows, Set<String> changeableSettings, FunctionNames functions,
    UserAccess access, ResultNaming naming) {

  public static final CatalogSnapshot EMPTY = new CatalogSnapshot(0, Map.of());

  /** A snapshot whose server time zone is unknown. */
  public CatalogSnapshot(long version, Map<TableName, TableInfo> tables) {
    this(version, tables, null, null);
  }

  /** A snapshot without row counts. */
  public CatalogSnapshot(long version, Map<TableName, TableInfo> tables, ZoneId serverTimeZone, Instant serverClock) {
    this(version, tables, serverTimeZone, serverClock, Map.of());
  }

  /** A snapshot in which no setting is known to be changeable. */
  public CatalogSnapshot(long version, Map<TableName, TableInfo> tables, ZoneId serverTimeZone, Instant serverClock,
      Map<TableName, TableRows> rows) {
    this(version, tables, serverTimeZone, serverClock, rows, Set.of());
  }

  /** A snapshot whose server's function names were not read and whose user's access was not probed. */
  public CatalogSnapshot(long version, Map<TableName, TableInfo> tables, ZoneId serverTimeZone, Instant serverClock,
      Map<TableName, TableRows> rows, Set<String> changeableSettings) {
    this(version, tables, serverTimeZone, serverClock, rows, changeableSettings, FunctionNames.builtIn(),
        UserAccess.NOT_PROBED, ResultNaming.ANALYZER);
  }

  public CatalogSnapshot {
    Objects.requireNonNull(functions, "functions");
    tables = Map.copyOf(tables);
    rows = Map.copyOf(rows);
    changeableSettings = Set.copyOf(changeableSettings);
    Objects.requireNonNull(access, "access");
    Objects.requireNonNull(naming, "naming");
    tables.forEach((k, v) -> {
      if (!k.equals(v.name())) {
        throw new IllegalArgumentException("table " + v.name() + " filed under " + k);
      }
    });
  }

  /** A snapshot of {@code tables}, keyed by their names. */
  public static CatalogSnapshot of(long version, Collection<TableInfo> tables) {
    Map<TableName, TableInfo> byName = new LinkedHashMap<>();
    for (TableInfo t : tables) {
      if (byName.put(t.name(), t) != null) {
        throw new IllegalArgumentException("table listed twice: " + t.name());
      }
    }
    return new CatalogSnapshot(version, byName);
  }

  /** This snapshot with the server's time zone known. */
  public CatalogSnapshot withServerTimeZone(ZoneId zone) {
    return new CatalogSnapshot(version, tables, zone, serverClock, rows, changeableSettings, functions, access, naming);
  }

  /** This snapshot with the server's clock reading taken when it was loaded. */
  public CatalogSnapshot withServerClock(Instant clock) {
    return new CatalogSnapshot(version, tables, serverTimeZone, clock, rows, changeableSettings, functions, access, naming);
  }

  /** This snapshot with the row counts of {@code counts} and a version that changes with them. */
  public CatalogSnapshot withRows(Map<TableName, TableRows> counts, long newVersion) {
    return new CatalogSnapshot(newVersion, tables, serverTimeZone, serverClock, counts, changeableSettings, functions,
        access, naming);
  }

  /**
   * This snapshot with the settings this user may change known; the version changes with them (a
   * decision cached for one set must not be reused for another).
   */
  public CatalogSnapshot withChangeableSettings(Set<String> names) {
    Set<String> copy = Set.copyOf(names);
    return copy.equals(changeableSettings) ? this
        : new CatalogSnapshot(version * 31 + copy.hashCode(), tables, serverTimeZone, serverClock, rows, copy, functions,
            access, naming);
  }

  /** This snapshot with what its user may read known; the version changes with it. */
  public CatalogSnapshot withAccess(UserAccess facts) {
    return new CatalogSnapshot(version * 31 + facts.hashCode(), tables, serverTimeZone, serverClock, rows,
        changeableSettings, functions, facts, naming);
  }

  /**
   * This snapshot with the server's function names; the version changes with them (a name one
   * server resolves another may refuse).
   */
  public CatalogSnapshot withFunctions(FunctionNames names) {
    return names == functions ? this : new CatalogSnapshot(version * 31 + names.fingerprint(), tables,
        serverTimeZone, serverClock, rows, changeableSettings, names, access, naming);
  }

  /** This snapshot with how the server names result columns; the version changes with it. */
  public CatalogSnapshot withNaming(ResultNaming how) {
    return how == naming ? this : new CatalogSnapshot(version * 31 + how.ordinal() + 1, tables, serverTimeZone,
        serverClock, rows, changeableSettings, functions, access, how);
  }

  /** The row counts of {@code name}, when the catalog read them. */
  public Optional<TableRows> rows(TableName name) {
    return Optional.ofNullable(rows.get(Objects.requireNonNull(name, "name")));
  }

  public Optional<TableInfo> table(TableName name) {
    return Optional.ofNullable(tables.get(Objects.requireNonNull(name, "name")));
  }
}

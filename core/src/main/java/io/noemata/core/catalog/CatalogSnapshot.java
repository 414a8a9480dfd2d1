package io.noemata.core.catalog;

import java.time.Instant;
import java.time.ZoneId;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

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
 */
public record CatalogSnapshot(long version, Map<TableName, TableInfo> tables, ZoneId serverTimeZone,
    Instant serverClock) {

  public static final CatalogSnapshot EMPTY = new CatalogSnapshot(0, Map.of());

  /** A snapshot whose server time zone is unknown. */
  public CatalogSnapshot(long version, Map<TableName, TableInfo> tables) {
    this(version, tables, null, null);
  }

  public CatalogSnapshot {
    tables = Map.copyOf(tables);
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
    return new CatalogSnapshot(version, tables, zone, serverClock);
  }

  /** This snapshot with the server's clock reading taken when it was loaded. */
  public CatalogSnapshot withServerClock(Instant clock) {
    return new CatalogSnapshot(version, tables, serverTimeZone, clock);
  }

  public Optional<TableInfo> table(TableName name) {
    return Optional.ofNullable(tables.get(Objects.requireNonNull(name, "name")));
  }
}

package io.noemata.core.catalog;

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
 */
public record CatalogSnapshot(long version, Map<TableName, TableInfo> tables) {

  public static final CatalogSnapshot EMPTY = new CatalogSnapshot(0, Map.of());

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

  public Optional<TableInfo> table(TableName name) {
    return Optional.ofNullable(tables.get(Objects.requireNonNull(name, "name")));
  }
}

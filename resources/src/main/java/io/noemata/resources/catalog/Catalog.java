package io.noemata.resources.catalog;

import io.noemata.resources.model.PhysicalName;
import java.util.Map;
import java.util.Optional;

/** Physical tables by name, as the database reports them. */
public interface Catalog {

  /** The table, or empty when the database has no such table. */
  Optional<PhysicalTable> table(PhysicalName name) throws CatalogException;

  /** A catalog of fixed tables, for tests and for callers that read the catalog once. */
  static Catalog of(Map<PhysicalName, PhysicalTable> tables) {
    Map<PhysicalName, PhysicalTable> copy = Map.copyOf(tables);
    return name -> Optional.ofNullable(copy.get(name));
  }
}

package io.noemata.resources.catalog;

import io.noemata.resources.model.PhysicalName;
import java.util.Map;
import java.util.Optional;

/** Physical tables by name, as the database reports them. */
public interface Catalog {

  /** The table, or empty when the database has no such table. */
  Optional<PhysicalTable> table(PhysicalName name) throws CatalogException;

  /** The server's {@code version()}, such as {@code 26.5.1.1}; empty when unknown. */
  default Optional<String> serverVersion() throws CatalogException {
    return Optional.empty();
  }

  /** A catalog of fixed tables, for tests and for callers that read the catalog once. */
  static Catalog of(Map<PhysicalName, PhysicalTable> tables) {
    return of(tables, null);
  }

  /** Fixed tables on a server of {@code version} (null when unknown). */
  static Catalog of(Map<PhysicalName, PhysicalTable> tables, String version) {
    Map<PhysicalName, PhysicalTable> copy = Map.copyOf(tables);
    return new Catalog() {
      @Override
      public Optional<PhysicalTable> table(PhysicalName name) {
        return Optional.ofNullable(copy.get(name));
      }

      @Override
      public Optional<String> serverVersion() {
        return Optional.ofNullable(version);
      }
    };
  }
}

package io.noemata.resources.catalog;

import io.noemata.core.catalog.SourceRows;
import io.noemata.core.catalog.TableName;
import io.noemata.core.system.Scope;
import io.noemata.core.system.SourceEngines;
import io.noemata.core.system.SystemColumn;
import io.noemata.core.system.SystemTable;
import io.noemata.core.system.SystemTables;
import io.noemata.resources.model.PhysicalName;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads {@code system.tables}, {@code system.columns} and {@code system.mutations} through core's
 * {@link io.noemata.core.system.SystemTables}, the reader every module shares. Names are bound as
 * parameters, never pasted into the SQL. Each table is asked once.
 */
public final class JdbcCatalog implements Catalog {

  private final Connection connection;
  private final Map<PhysicalName, Optional<PhysicalTable>> cache = new HashMap<>();
  private Optional<String> version;

  public JdbcCatalog(Connection connection) {
    this.connection = connection;
  }

  @Override
  public Optional<PhysicalTable> table(PhysicalName name) throws CatalogException {
    Optional<PhysicalTable> known = cache.get(name);
    if (known != null) {
      return known;
    }
    try {
      Optional<PhysicalTable> read = read(name);
      cache.put(name, read);
      return read;
    } catch (SQLException e) {
      throw new CatalogException("cannot read system.tables/system.columns for " + name + ": "
          + firstLine(e.getMessage()), e);
    }
  }

  @Override
  public Optional<String> serverVersion() throws CatalogException {
    if (version == null) {
      try (PreparedStatement st = connection.prepareStatement("SELECT version()");
          ResultSet rs = st.executeQuery()) {
        version = rs.next() ? Optional.ofNullable(rs.getString(1)) : Optional.empty();
      } catch (SQLException e) {
        throw new CatalogException("cannot read the server version: " + firstLine(e.getMessage()), e);
      }
    }
    return version;
  }

  private Optional<PhysicalTable> read(PhysicalName name) throws SQLException {
    Optional<SystemTable> table = SystemTables.table(connection, name.database(), name.table());
    if (table.isEmpty()) {
      return Optional.empty();
    }
    List<PhysicalColumn> columns = new ArrayList<>();
    for (SystemColumn c : SystemTables.columns(connection, new Scope.Table(name.database(), name.table()))) {
      columns.add(new PhysicalColumn(c.name(), c.type(), c.defaultKind(), c.defaultExpression()));
    }
    String engine = table.get().engine();
    Optional<Distribution> distribution = Optional.empty();
    if (engine.equals("Distributed")) {
      Optional<Distribution.Target> target = Distribution.parse(table.get().engineFull(), name.database());
      if (target.isPresent()) {
        PhysicalName local = target.get().local();
        String localEngine = SystemTables.table(connection, local.database(), local.table()).map(SystemTable::engine)
            .orElse("");
        distribution = Optional.of(new Distribution(target.get().cluster(), local, localEngine));
      }
    }
    SourceRows rows = SourceEngines.of(connection, Set.of(new TableName(name.database(), name.table())))
        .getOrDefault(new TableName(name.database(), name.table()), SourceRows.KEEPS_ROWS);
    return Optional.of(new PhysicalTable(name, engine, columns, distribution, rows));
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unknown error";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}

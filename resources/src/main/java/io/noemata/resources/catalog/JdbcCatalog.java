package io.noemata.resources.catalog;

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

/**
 * Reads {@code system.tables} and {@code system.columns} over plain JDBC. Names are bound as
 * parameters, never pasted into the SQL. Each table is asked once.
 */
public final class JdbcCatalog implements Catalog {

  private static final String TABLE_SQL =
      "SELECT engine, engine_full FROM system.tables WHERE database = ? AND name = ?";
  private static final String COLUMNS_SQL =
      "SELECT name, type, default_kind, default_expression FROM system.columns"
          + " WHERE database = ? AND table = ? ORDER BY position";

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
    String[] engine = engine(name);
    if (engine == null) {
      return Optional.empty();
    }
    List<PhysicalColumn> columns = new ArrayList<>();
    try (PreparedStatement st = connection.prepareStatement(COLUMNS_SQL)) {
      st.setString(1, name.database());
      st.setString(2, name.table());
      try (ResultSet rs = st.executeQuery()) {
        while (rs.next()) {
          columns.add(new PhysicalColumn(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)));
        }
      }
    }
    Optional<Distribution> distribution = Optional.empty();
    if (engine[0].equals("Distributed")) {
      Optional<Distribution.Target> target = Distribution.parse(engine[1], name.database());
      if (target.isPresent()) {
        String[] local = engine(target.get().local());
        distribution = Optional.of(new Distribution(target.get().cluster(), target.get().local(),
            local == null ? "" : local[0]));
      }
    }
    return Optional.of(new PhysicalTable(name, engine[0], columns, distribution));
  }

  /** {engine, engine_full} of a table, or null when there is none. */
  private String[] engine(PhysicalName name) throws SQLException {
    try (PreparedStatement st = connection.prepareStatement(TABLE_SQL)) {
      st.setString(1, name.database());
      st.setString(2, name.table());
      try (ResultSet rs = st.executeQuery()) {
        return rs.next() ? new String[] {rs.getString(1), rs.getString(2)} : null;
      }
    }
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unknown error";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}

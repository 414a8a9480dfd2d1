package io.noemata.driver.proxy;

import io.noemata.core.naming.Names;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.regex.Pattern;

/**
 * clickhouse-jdbc's metadata, with the proxy connection as its connection and, when
 * {@code noemata.metadata.hide-internal} is on, without noemata's internal tables (the resource
 * ledger, rollup targets, their materialized views, local and repair tables; stable rollup views
 * stay, they are for people and tools) and without {@code __nm_*} stored columns.
 */
final class ProxyDatabaseMetaData extends DelegatingDatabaseMetaData {

  /** The installer's own tables of any namespace. */
  private static final Pattern ANY_NAMESPACE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*?_resource_(ledger|objects|lock)");

  private final ProxyConnection connection;
  private final boolean hide;
  /** The namespace's prefix, or null when the connection reads every namespace. */
  private final String prefix;

  ProxyDatabaseMetaData(DatabaseMetaData delegate, ProxyConnection connection) {
    super(delegate);
    this.connection = connection;
    this.hide = connection.settings().hideInternal();
    this.prefix = connection.settings().namespace().map(ns -> ns + "_").orElse(null);
  }

  boolean internalTable(String name) {
    return internalTable(name, prefix);
  }

  /**
   * Whether {@code name} is one of noemata's internal tables: of the namespace whose {@code prefix}
   * ({@code <namespace>_}) it starts with, everything but the stable rollup views; of any namespace
   * when {@code prefix} is null, the ledger tables and a rollup's hashed objects ({@link
   * Names#hashedRollupObject}).
   */
  static boolean internalTable(String name, String prefix) {
    if (name == null) {
      return false;
    }
    if (prefix == null) {
      return ANY_NAMESPACE.matcher(name).matches() || name.contains("_rollup_") && Names.hashedRollupObject(name);
    }
    if (!name.startsWith(prefix)) {
      return false;
    }
    boolean stableView = name.startsWith(prefix + "rollup_") && !Names.hashedRollupObject(name);
    return !stableView;
  }

  static boolean internalColumn(String name) {
    return name != null && name.startsWith(Names.PREFIX);
  }

  @Override
  public Connection getConnection() {
    return connection;
  }

  @Override
  public ResultSet getTables(String catalog, String schemaPattern, String tableNamePattern, String[] types)
      throws SQLException {
    ResultSet rs = delegate.getTables(catalog, schemaPattern, tableNamePattern, types);
    return hide ? new HidingResultSet(rs, r -> internalTable(r.getString("TABLE_NAME"))) : rs;
  }

  @Override
  public ResultSet getColumns(String catalog, String schemaPattern, String tableNamePattern, String columnNamePattern)
      throws SQLException {
    ResultSet rs = delegate.getColumns(catalog, schemaPattern, tableNamePattern, columnNamePattern);
    return hide
        ? new HidingResultSet(rs, r -> internalTable(r.getString("TABLE_NAME")) || internalColumn(r.getString("COLUMN_NAME")))
        : rs;
  }
}

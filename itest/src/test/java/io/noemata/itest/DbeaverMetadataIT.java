package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The DatabaseMetaData calls DBeaver makes when it opens a connection and browses a schema give
 * the same answers through {@code jdbc:noemata:clickhouse://} as through plain clickhouse-jdbc.
 */
class DbeaverMetadataIT {

  private static final ClickHouseTarget TARGET = ClickHouseTarget.get();
  private static final String DB = "itest_meta";

  @BeforeAll
  static void schema() throws SQLException {
    try (Connection c = TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DB);
      s.execute("CREATE DATABASE " + DB);
      s.execute("CREATE TABLE " + DB + ".events (id UInt64, ts DateTime64(3), attrs Map(String, String), note Nullable(String),"
          + " INDEX idx_note note TYPE bloom_filter(0.01) GRANULARITY 1) ENGINE = MergeTree ORDER BY (id, ts)");
      s.execute("CREATE VIEW " + DB + ".recent AS SELECT id, ts FROM " + DB + ".events WHERE ts > now() - INTERVAL 1 DAY");
    }
  }

  private interface Call {
    ResultSet on(DatabaseMetaData md) throws SQLException;
  }

  private static List<List<String>> rows(ResultSet rs) throws SQLException {
    try (rs) {
      List<List<String>> out = new ArrayList<>();
      out.add(ResultRows.columnNames(rs));
      out.addAll(ResultRows.rows(rs));
      return out;
    }
  }

  private static void sameThroughBoth(String what, Call call) throws SQLException {
    Properties p = TARGET.credentials();
    try (Connection plain = DriverManager.getConnection(TARGET.jdbcUrl(DB), p);
         Connection noemata = DriverManager.getConnection("jdbc:noemata:clickhouse://" + TARGET.hostPort() + "/" + DB, p)) {
      DatabaseMetaData a = plain.getMetaData();
      DatabaseMetaData b = noemata.getMetaData();
      assertEquals(rows(call.on(a)), rows(call.on(b)), what);
    }
  }

  @Test
  void openingAConnection() throws SQLException {
    try (Connection plain = TARGET.connect(DB);
         Connection noemata = DriverManager.getConnection("jdbc:noemata:clickhouse://" + TARGET.hostPort() + "/" + DB, TARGET.credentials())) {
      DatabaseMetaData a = plain.getMetaData();
      DatabaseMetaData b = noemata.getMetaData();
      assertEquals(a.getDatabaseProductName(), b.getDatabaseProductName());
      assertEquals(a.getDatabaseProductVersion(), b.getDatabaseProductVersion());
      assertEquals(a.getIdentifierQuoteString(), b.getIdentifierQuoteString());
      assertEquals(a.getSQLKeywords(), b.getSQLKeywords());
      assertEquals(a.supportsTransactions(), b.supportsTransactions());
      assertEquals(plain.getSchema(), noemata.getSchema());
      assertEquals(plain.getCatalog(), noemata.getCatalog());
    }
    sameThroughBoth("catalogs", DatabaseMetaData::getCatalogs);
    sameThroughBoth("table types", DatabaseMetaData::getTableTypes);
    sameThroughBoth("type info", DatabaseMetaData::getTypeInfo);
  }

  @Test
  void browsingASchema() throws SQLException {
    sameThroughBoth("schemas", DatabaseMetaData::getSchemas);
    sameThroughBoth("tables", md -> md.getTables(null, DB, "%", null));
    sameThroughBoth("columns", md -> md.getColumns(null, DB, "events", "%"));
    sameThroughBoth("view columns", md -> md.getColumns(null, DB, "recent", "%"));
    sameThroughBoth("primary keys", md -> md.getPrimaryKeys(null, DB, "events"));
    sameThroughBoth("indexes", md -> md.getIndexInfo(null, DB, "events", false, true));
    sameThroughBoth("imported keys", md -> md.getImportedKeys(null, DB, "events"));
  }
}

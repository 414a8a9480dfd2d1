package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;
import java.time.temporal.Temporal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.clickhouse.client.api.Client;
import com.clickhouse.client.api.insert.InsertResponse;
import com.clickhouse.data.ClickHouseFormat;

/**
 * What the official clickhouse-jdbc must be able to do against the target engine for everything
 * else in noemata to stand on it. Each test is one thing a user of the driver would check.
 */
class PlainJdbcIT {

  private static final String DB = "itest_plain";
  private static final ClickHouseTarget TARGET = ClickHouseTarget.get();

  @BeforeAll
  static void database() throws SQLException {
    try (Connection c = TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DB);
      s.execute("CREATE DATABASE " + DB);
    }
  }

  private static Connection connect() throws SQLException {
    return TARGET.connect(DB);
  }

  private static long count(Statement s, String sql) throws SQLException {
    try (ResultSet rs = s.executeQuery(sql)) {
      assertTrue(rs.next(), "one row from " + sql);
      return rs.getLong(1);
    }
  }

  @Test
  void versionQueryReportsClickHouse26OrNewer() throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT version()")) {
      assertTrue(rs.next());
      String version = rs.getString(1);
      int major = Integer.parseInt(version.substring(0, version.indexOf('.')));
      assertTrue(major >= 25, "version " + version);
      assertTrue(c.getMetaData().getDatabaseProductVersion().startsWith(version.substring(0, 4)),
          "product version " + c.getMetaData().getDatabaseProductVersion() + " vs " + version);
    }
  }

  @Test
  void createTableWithOtelColumnTypesAndInsertValues() throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE typed (ts DateTime64(9), svc LowCardinality(String), attrs Map(LowCardinality(String), String),"
          + " code Nullable(UInt16)) ENGINE = MergeTree ORDER BY (svc, ts)");
      int inserted = s.executeUpdate("INSERT INTO typed VALUES ('2024-06-10 08:00:17.500000001', 'checkout', {'k8s.pod.name':'pod-1'}, 200),"
          + " ('2024-06-10 08:00:18', 'cart', {}, NULL)");
      assertEquals(2, inserted, "update count from X-ClickHouse-Summary written_rows");
      try (ResultSet rs = s.executeQuery("SELECT attrs, ts, code FROM typed ORDER BY ts")) {
        assertTrue(rs.next());
        Object attrs = rs.getObject(1);
        assertInstanceOf(Map.class, attrs);
        assertEquals("pod-1", ((Map<?, ?>) attrs).get("k8s.pod.name"));
        Object ts = rs.getObject(2);
        assertTrue(ts instanceof Temporal || ts instanceof java.sql.Timestamp, "DateTime64 as a time value, got " + ts.getClass());
        assertEquals(LocalDateTime.of(2024, 6, 10, 8, 0, 17, 500_000_001), toLocal(ts));
        assertEquals(200, rs.getInt(3));
        assertTrue(rs.next());
        assertTrue(((Map<?, ?>) rs.getObject(1)).isEmpty());
        rs.getInt(3);
        assertTrue(rs.wasNull(), "Nullable(UInt16) NULL reads as SQL NULL");
      }
    }
  }

  private static LocalDateTime toLocal(Object ts) {
    if (ts instanceof java.sql.Timestamp t) {
      return t.toLocalDateTime();
    }
    if (ts instanceof ZonedDateTime z) {
      return z.toLocalDateTime();
    }
    if (ts instanceof OffsetDateTime o) {
      return o.toLocalDateTime();
    }
    return (LocalDateTime) ts;
  }

  @Test
  void preparedStatementBatchOf10kRows() throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE batch (id UInt32, name String) ENGINE = MergeTree ORDER BY id");
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO batch (id, name) VALUES (?, ?)")) {
        for (int i = 0; i < 10_000; i++) {
          ps.setInt(1, i);
          ps.setString(2, "row\n\n" + i + "'quoted'");
          ps.addBatch();
        }
        ps.executeBatch();
      }
      assertEquals(10_000, count(s, "SELECT count() FROM batch"));
      assertEquals(49_995_000, count(s, "SELECT sum(id) FROM batch"));
      assertEquals(10_000, count(s, "SELECT countIf(name LIKE 'row\\n\\n%''quoted''') FROM batch"));
    }
  }

  @Test
  void rowBinaryInsertWhoseBytesHoldBlankLinesKeepsEveryRow() throws Exception {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE binary_rows (id UInt32, payload String) ENGINE = MergeTree ORDER BY id");
    }
    ByteArrayOutputStream rows = new ByteArrayOutputStream();
    for (int i = 0; i < 10_000; i++) {
      writeUInt32(rows, i);
      byte[] payload = ("line\n\nbreak " + i).getBytes(StandardCharsets.UTF_8);
      rows.write(payload.length); // varint length; every payload is shorter than 128 bytes
      rows.write(payload);
    }
    try (Client client = new Client.Builder()
        .addEndpoint(TARGET.httpUrl())
        .setUsername(TARGET.credentials().getProperty("user"))
        .setPassword(TARGET.credentials().getProperty("password"))
        .setDefaultDatabase(DB)
        .build();
        InsertResponse response = client.insert("binary_rows", new ByteArrayInputStream(rows.toByteArray()), ClickHouseFormat.RowBinary)
            .get(2, TimeUnit.MINUTES)) {
      assertEquals(10_000, response.getWrittenRows());
    }
    try (Connection c = connect(); Statement s = c.createStatement()) {
      assertEquals(10_000, count(s, "SELECT count() FROM binary_rows"));
      assertEquals(10_000, count(s, "SELECT countIf(payload = concat('line\\n\\nbreak ', toString(id))) FROM binary_rows"));
    }
  }

  private static void writeUInt32(ByteArrayOutputStream out, int v) {
    out.write(v & 0xff);
    out.write((v >>> 8) & 0xff);
    out.write((v >>> 16) & 0xff);
    out.write((v >>> 24) & 0xff);
  }

  @Test
  void databaseMetaDataListsTablesAndColumns() throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE meta_t (id UInt64, attrs Map(String, String)) ENGINE = MergeTree ORDER BY id");
      DatabaseMetaData md = c.getMetaData();
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = md.getTables(null, DB, "meta%", null)) {
        while (rs.next()) {
          tables.add(rs.getString("TABLE_NAME"));
        }
      }
      assertEquals(List.of("meta_t"), tables);
      List<String> columns = new ArrayList<>();
      try (ResultSet rs = md.getColumns(null, DB, "meta_t", null)) {
        while (rs.next()) {
          columns.add(rs.getString("COLUMN_NAME") + " " + rs.getString("TYPE_NAME"));
        }
      }
      assertEquals(List.of("id UInt64", "attrs Map(String, String)"), columns);
    }
  }

  @Test
  void badQueryRaisesSqlExceptionWithClickHouseErrorCode() throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      SQLException unknownTable = assertThrows(SQLException.class, () -> s.executeQuery("SELECT * FROM no_such_table"));
      assertEquals(60, unknownTable.getErrorCode(), unknownTable.getMessage());
      SQLException syntax = assertThrows(SQLException.class, () -> s.executeQuery("SELEC 1"));
      assertEquals(62, syntax.getErrorCode(), syntax.getMessage());
      assertEquals(1, count(s, "SELECT 1"), "the connection stays usable after errors");
    }
  }

  @Test
  void materializedColumnAddedAndMaterializedInExistingParts() throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE logs (ts DateTime, attrs Map(LowCardinality(String), String)) ENGINE = MergeTree ORDER BY ts");
      s.execute("INSERT INTO logs SELECT toDateTime('2024-06-10 00:00:00') + number, map('k8s.pod.name', concat('pod-', toString(number % 3))) FROM numbers(1000)");
      s.execute("ALTER TABLE logs ADD COLUMN pod LowCardinality(String) MATERIALIZED attrs['k8s.pod.name'] CODEC(ZSTD(1))");
      s.execute("ALTER TABLE logs MATERIALIZE COLUMN pod SETTINGS mutations_sync = 2");
      try (ResultSet rs = s.executeQuery("SELECT default_kind, default_expression, compression_codec FROM system.columns"
          + " WHERE database = '" + DB + "' AND table = 'logs' AND name = 'pod'")) {
        assertTrue(rs.next());
        assertEquals("MATERIALIZED", rs.getString(1));
        assertEquals("attrs['k8s.pod.name']", rs.getString(2));
        assertEquals("CODEC(ZSTD(1))", rs.getString(3));
      }
      assertEquals(0, count(s, "SELECT count() FROM system.mutations WHERE database = '" + DB + "' AND table = 'logs' AND NOT is_done"));
      assertEquals(334, count(s, "SELECT count() FROM logs WHERE pod = 'pod-0'"));
      assertEquals(1000, count(s, "SELECT countIf(pod = attrs['k8s.pod.name']) FROM logs"));
    }
  }
}

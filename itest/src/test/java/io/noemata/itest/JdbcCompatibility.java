package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.DriverManager;
import java.sql.Date;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Queue;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import com.clickhouse.jdbc.ConnectionImpl;
import com.clickhouse.jdbc.PreparedStatementImpl;
import com.clickhouse.jdbc.ResultSetImpl;
import com.clickhouse.jdbc.StatementImpl;

/**
 * The JDBC behaviours clickhouse-java's own jdbc-v2 suite checks that a wrapping driver could
 * change, asserted the same way on plain clickhouse-jdbc ({@link PlainJdbcCompatIT}) and through
 * noemata ({@link NoemataJdbcCompatIT}): result sets in every format the driver reads, batches,
 * prepared statements with each setter, metadata, warning chains, cancel and timeouts,
 * connection properties of any type, unwrap. The table has a stored column, so noemata's rewriting
 * is on the path; what noemata adds (its {@code 01N} warnings) is set aside where a check compares
 * warnings.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class JdbcCompatibility {

  static final ClickHouseTarget TARGET = ClickHouseTarget.get();

  /** This flavour's JDBC URL for {@code database}. */
  abstract String url(String database);

  /** Each flavour's own database. */
  abstract String database();

  /** A connection of this flavour to {@link #database()} with {@code extra} properties (any type) besides the credentials. */
  Connection connect(Properties extra) throws SQLException {
    Properties p = TARGET.credentials();
    p.putAll(extra);
    return DriverManager.getConnection(url(database()), p);
  }

  Connection connect() throws SQLException {
    return connect(new Properties());
  }

  @BeforeAll
  void tables() throws SQLException {
    try (Connection c = TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + database());
      s.execute("CREATE DATABASE " + database());
      s.execute("CREATE TABLE " + database() + ".events (id UInt32, name String, price Decimal(10, 2), score Nullable(Float64),"
          + " at DateTime('UTC'), day Date, tags Array(String), attrs Map(String, String), ok Bool,"
          + " pod String MATERIALIZED attrs['pod']) ENGINE = MergeTree ORDER BY id");
      s.execute("INSERT INTO " + database() + ".events (id, name, price, score, at, day, tags, attrs, ok) VALUES"
          + " (1, 'a', 1.50, 0.5, '2024-06-10 10:00:00', '2024-06-10', ['x', 'y'], {'pod': 'p1'}, true),"
          + " (2, 'b', 2.25, NULL, '2024-06-10 11:00:00', '2024-06-11', [], {'pod': 'p2'}, false),"
          + " (3, 'c', 3.00, 1.5, '2024-06-10 12:00:00', '2024-06-12', ['z'], {'pod': 'p1'}, true)");
    }
  }

  static final String QUERY = "SELECT id, name, price, score, at, day, tags, attrs['pod'] AS pod, ok FROM events ORDER BY id";

  static final List<List<String>> EXPECTED = List.of(
      List.of("1", "a", "1.50", "0.5", "2024-06-10T10:00", "2024-06-10", "[x, y]", "p1", "true"),
      List.of("2", "b", "2.25", "null", "2024-06-10T11:00", "2024-06-11", "[]", "p2", "false"),
      List.of("3", "c", "3.00", "1.5", "2024-06-10T12:00", "2024-06-12", "[z]", "p1", "true"));

  /** Every value read with the getter of its type, as text. */
  static List<List<String>> typedRows(ResultSet rs) throws SQLException {
    List<List<String>> out = new ArrayList<>();
    while (rs.next()) {
      double score = rs.getDouble("score");
      String scoreText = rs.wasNull() ? "null" : String.valueOf(score);
      out.add(List.of(String.valueOf(rs.getInt("id")), rs.getString("name"), rs.getBigDecimal("price").toPlainString(),
          scoreText, rs.getObject("at", LocalDateTime.class).toString(),
          rs.getObject("day", LocalDate.class).toString(), java.util.Arrays.toString((Object[]) rs.getArray("tags").getArray()),
          rs.getString("pod"), String.valueOf(rs.getBoolean("ok"))));
    }
    return out;
  }

  @Test
  void defaultFormatResultSetReadsEveryTypeAsWritten() throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(QUERY)) {
      assertEquals(EXPECTED, typedRows(rs));
      assertSame(s, rs.getStatement());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"RowBinaryWithNamesAndTypes", "Native", "TabSeparatedWithNamesAndTypes"})
  void explicitFormatsAreReadOrRefusedAlike(String format) throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      String sql = "SELECT id, name FROM events ORDER BY id FORMAT " + format;
      Object outcome;
      try (ResultSet rs = s.executeQuery(sql)) {
        outcome = ResultRows.rows(rs);
      } catch (SQLException e) {
        outcome = "refused: " + e.getErrorCode();
      }
      assertEquals(expectedFormatOutcome(format), outcome);
    }
  }

  /** What plain clickhouse-jdbc 0.10.0 does with each format (it reads the binary ones it has readers for). */
  private static Object expectedFormatOutcome(String format) {
    List<List<String>> rows = List.of(List.of("1", "a"), List.of("2", "b"), List.of("3", "c"));
    return format.startsWith("TabSeparated") ? "refused: 0" : rows;
  }

  @Test
  void jsonEachRowIsReadWithTheConfiguredParser() throws SQLException {
    Properties p = new Properties();
    p.setProperty("jdbc_json_parser_factory", "com.clickhouse.client.api.data_formats.JacksonJsonParserFactory");
    try (Connection c = connect(p); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT id, name FROM events ORDER BY id FORMAT JSONEachRow")) {
      assertTrue(rs.next());
      assertEquals(1, rs.getInt("id"));
      assertEquals("a", rs.getString("name"));
    }
    try (Connection c = connect(); Statement s = c.createStatement()) {
      SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("SELECT 1 AS n FORMAT JSONEachRow"));
      assertTrue(e.getMessage().contains("jdbc_json_parser_factory"), e.getMessage());
    }
  }

  @Test
  void resultSetMetadataNamesAndTypesEveryColumn() throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(QUERY)) {
      ResultSetMetaData md = rs.getMetaData();
      assertEquals(List.of("id", "name", "price", "score", "at", "day", "tags", "pod", "ok"), ResultRows.columnNames(rs));
      assertEquals(List.of("UInt32", "String", "Decimal(10, 2)", "Nullable(Float64)", "DateTime('UTC')", "Date", "Array(String)",
          "String", "Bool"), ResultRows.columnTypes(rs));
      assertEquals(Types.DECIMAL, md.getColumnType(3));
      assertEquals(ResultSetMetaData.columnNullable, md.isNullable(4));
    }
  }

  @Test
  void statementBatchesGiveUpdateCountsAndWrite() throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS batch_s (id UInt32) ENGINE = MergeTree ORDER BY id");
      s.execute("TRUNCATE TABLE batch_s");
      s.addBatch("INSERT INTO batch_s VALUES (1), (2)");
      s.addBatch("INSERT INTO batch_s VALUES (3)");
      assertArrayEquals(new int[] {2, 1}, s.executeBatch());
      s.clearBatch();
      assertArrayEquals(new int[0], s.executeBatch());
      try (ResultSet rs = s.executeQuery("SELECT count() FROM batch_s")) {
        assertTrue(rs.next());
        assertEquals(3, rs.getInt(1));
      }
    }
  }

  @Test
  void preparedStatementsBindEverySetterAndBatch() throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE IF NOT EXISTS bound (i Int32, l Int64, sh Int16, b Int8, d Float64, f Float32, dec Decimal(10, 3),"
          + " str String, flag Bool, day Date, at DateTime('UTC'), n Nullable(String), o String, arr Array(Int32)) ENGINE = MergeTree ORDER BY i");
      s.execute("TRUNCATE TABLE bound");
      try (PreparedStatement ps = c.prepareStatement("INSERT INTO bound VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
        for (int row = 1; row <= 2; row++) {
          ps.setInt(1, row);
          ps.setLong(2, 10_000_000_000L + row);
          ps.setShort(3, (short) (300 + row));
          ps.setByte(4, (byte) row);
          ps.setDouble(5, row + 0.25);
          ps.setFloat(6, row + 0.5f);
          ps.setBigDecimal(7, new BigDecimal("1.125").add(BigDecimal.valueOf(row)));
          ps.setString(8, "it's " + row);
          ps.setBoolean(9, row == 1);
          ps.setDate(10, Date.valueOf(LocalDate.of(2024, 6, row)));
          ps.setTimestamp(11, Timestamp.valueOf(LocalDateTime.of(2024, 6, 10, 8, row)));
          if (row == 1) {
            ps.setNull(12, Types.VARCHAR);
          } else {
            ps.setString(12, "set");
          }
          ps.setObject(13, "object " + row);
          ps.setArray(14, c.createArrayOf("Int32", new Integer[] {row, row * 10}));
          ps.addBatch();
        }
        int[] counts = ps.executeBatch();
        assertEquals(2, counts.length);
      }
      try (PreparedStatement ps = c.prepareStatement("SELECT i, l, sh, b, d, f, dec, str, flag, day, at, n, o, arr FROM bound"
          + " WHERE i >= ? AND str LIKE ? ORDER BY i")) {
        ps.setInt(1, 1);
        ps.setString(2, "it%");
        try (ResultSet rs = ps.executeQuery()) {
          assertEquals(List.of(
              List.of("1", "10000000001", "301", "1", "1.25", "1.5", "2.125", "it's 1", "true", "2024-06-01", "2024-06-10 08:01:00",
                  "null", "object 1", "[1, 10]"),
              List.of("2", "10000000002", "302", "2", "2.25", "2.5", "3.125", "it's 2", "false", "2024-06-02", "2024-06-10 08:02:00",
                  "set", "object 2", "[2, 20]")),
              ResultRows.rows(rs).stream().map(r -> r.stream().map(String::valueOf).toList()).toList());
        }
        assertEquals(2, ps.getParameterMetaData().getParameterCount());
      }
    }
  }

  @Test
  void databaseMetadataListsTablesAndColumns() throws SQLException {
    try (Connection c = connect()) {
      DatabaseMetaData md = c.getMetaData();
      assertEquals("ClickHouse", md.getDatabaseProductName());
      assertSame(c, md.getConnection());
      List<String> tables = new ArrayList<>();
      try (ResultSet rs = md.getTables(null, database(), "events", null)) {
        while (rs.next()) {
          tables.add(rs.getString("TABLE_NAME"));
        }
      }
      assertEquals(List.of("events"), tables);
      List<String> columns = new ArrayList<>();
      try (ResultSet rs = md.getColumns(null, database(), "events", null)) {
        while (rs.next()) {
          columns.add(rs.getString("COLUMN_NAME"));
        }
      }
      assertTrue(columns.containsAll(List.of("id", "name", "price", "score", "at", "day", "tags", "attrs", "ok")), columns.toString());
    }
  }

  /** The warnings clickhouse-jdbc itself gives: noemata's provenance ({@code 01N..}) set aside. */
  static List<String> ownWarnings(SQLWarning w) {
    List<String> out = new ArrayList<>();
    for (; w != null; w = w.getNextWarning()) {
      if (w.getSQLState() == null || !w.getSQLState().startsWith("01N")) {
        out.add(w.getSQLState() + ": " + w.getMessage());
      }
    }
    return out;
  }

  @Test
  void warningChainsAreTheDriversOwnAndClear() throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      assertNull(s.getWarnings());
      try (ResultSet rs = s.executeQuery("SELECT attrs['pod'] FROM events WHERE attrs['pod'] = 'p1'")) {
        assertNull(rs.getWarnings());
        assertEquals(List.of(), ownWarnings(s.getWarnings()));
      }
      s.clearWarnings();
      assertNull(s.getWarnings());
      assertNull(c.getWarnings());
    }
  }

  @Test
  void timeoutsReachTheDriverAndAQueryOverTheServersLimitFailsWithItsCode() throws SQLException {
    try (Connection c = connect(); Statement s = c.createStatement()) {
      s.setQueryTimeout(7);
      assertEquals(7, s.getQueryTimeout());
      assertEquals(7, s.unwrap(StatementImpl.class).getQueryTimeout(), "clickhouse-jdbc's statement has the timeout");
      SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(
          "SELECT sleepEachRow(0.5) FROM numbers(8) SETTINGS max_block_size = 1, max_execution_time = 1").next());
      assertEquals(159, e.getErrorCode(), e.getMessage()); // TIMEOUT_EXCEEDED
      s.cancel(); // nothing runs: a no-op, as in clickhouse-jdbc
      try (ResultSet rs = s.executeQuery("SELECT count() FROM events")) {
        assertTrue(rs.next());
        assertEquals(3, rs.getInt(1));
      }
      try (PreparedStatement ps = c.prepareStatement("SELECT count() FROM events WHERE id > ?")) {
        ps.setQueryTimeout(5);
        assertEquals(5, ps.unwrap(PreparedStatementImpl.class).getQueryTimeout());
        ps.setInt(1, 1);
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next());
          assertEquals(2, rs.getInt(1));
        }
      }
    }
  }

  /**
   * clickhouse-jdbc 0.10.0 sends nothing for {@code setQueryTimeout} (it bounds only its own wait,
   * on a reply that is read on the calling thread), so what stops a query on the server is its
   * {@code max_execution_time}, here given as a connection property: the scan (minutes without it)
   * ends with TIMEOUT_EXCEEDED and the next statement runs (on the embedded engine, one query at a
   * time, it would wait for the scan otherwise).
   */
  @Test
  void theServersExecutionLimitStopsALongScanAndTheNextStatementRuns() throws SQLException {
    Properties p = new Properties();
    p.setProperty("clickhouse_setting_max_execution_time", "1");
    try (Connection c = connect(p); Statement s = c.createStatement()) {
      s.setQueryTimeout(1);
      SQLException e = assertThrows(SQLException.class,
          () -> s.executeQuery("SELECT count() FROM numbers(20000000000) WHERE sipHash64(number) = 0").next());
      assertEquals(159, e.getErrorCode(), e.getMessage()); // TIMEOUT_EXCEEDED
      try (ResultSet rs = s.executeQuery("SELECT count() FROM events")) {
        assertTrue(rs.next());
        assertEquals(3, rs.getInt(1));
      }
    }
  }

  @Test
  void propertiesOfAnyTypeReachTheDriver() throws SQLException {
    Queue<String> ids = new ConcurrentLinkedQueue<>();
    Supplier<String> generator = () -> {
      String id = UUID.randomUUID().toString();
      ids.add(id);
      return id;
    };
    Properties p = new Properties();
    p.put("jdbc_query_id_generator", generator);
    p.setProperty("clickhouse_setting_max_threads", "3");
    try (Connection c = connect(p); Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery("SELECT getSetting('max_threads')")) {
        assertTrue(rs.next());
        assertEquals("3", rs.getString(1));
      }
      assertFalse(ids.isEmpty(), "the Supplier made the query id");
      assertTrue(ids.contains(s.unwrap(StatementImpl.class).getLastQueryId()), ids + " vs " + s.unwrap(StatementImpl.class).getLastQueryId());
      SQLException e = assertThrows(SQLException.class, () -> s.executeQuery("SELECT * FROM no_such_db_x.t"));
      assertEquals(81, e.getErrorCode());
    }
  }

  @Test
  void unwrapReachesClickHouseJdbcsOwnObjects() throws SQLException {
    try (Connection c = connect()) {
      assertTrue(c.isWrapperFor(ConnectionImpl.class));
      ConnectionImpl own = c.unwrap(ConnectionImpl.class);
      assertFalse(own.getServerVersion().isEmpty());
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
        assertTrue(s.isWrapperFor(StatementImpl.class));
        assertNotNull(s.unwrap(StatementImpl.class).getLocalSettings());
        assertTrue(rs.isWrapperFor(ResultSetImpl.class));
        assertNotNull(rs.unwrap(ResultSetImpl.class));
      }
      try (PreparedStatement ps = c.prepareStatement("SELECT ?")) {
        assertTrue(ps.isWrapperFor(PreparedStatementImpl.class));
        assertNotNull(ps.unwrap(PreparedStatementImpl.class));
      }
      assertThrows(SQLException.class, () -> c.unwrap(String.class));
    }
  }
}

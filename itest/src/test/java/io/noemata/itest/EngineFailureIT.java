package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * After any way a request can fail, the next statements get exactly their own answers. The
 * embedded engine once handed a failed query's partial output (a RowBinary header) to the next
 * query: {@code SELECT count()} then read two rows through clickhouse-jdbc.
 */
class EngineFailureIT {

  private static final String DB = "engine_failures";
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static ClickHouseTarget target;
  private static Connection connection;

  @BeforeAll
  static void table() throws SQLException {
    target = ClickHouseTarget.get();
    connection = target.connect("default");
    try (Statement s = connection.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DB);
      s.execute("CREATE DATABASE " + DB);
      s.execute("CREATE TABLE " + DB + ".t_local (k UInt64, v String) ENGINE = MergeTree ORDER BY k");
      s.execute("INSERT INTO " + DB + ".t_local SELECT number, toString(number * 7) FROM numbers(100)");
    }
  }

  @AfterAll
  static void drop() throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DB);
    }
    connection.close();
  }

  static Stream<Arguments> failures() {
    String t = DB + ".t_local";
    return Stream.of(
        Arguments.of("a parse error", "SELEC count() FROM " + t, 62),
        Arguments.of("an unknown table", "SELECT count() FROM " + DB + ".no_such_table", 60),
        Arguments.of("throwIf after output began",
            "SELECT number, throwIf(number = 9000) FROM numbers(10000) SETTINGS max_block_size = 100", 395),
        Arguments.of("a refused remote connection after the local shard answered",
            "SELECT count() FROM remote('127.0.0.1,127.0.0.1:1', " + DB + ", t_local)", 279),
        Arguments.of("max_execution_time exceeded after output began",
            "SELECT sleepEachRow(0.2) FROM numbers(20) SETTINGS max_block_size = 1, max_execution_time = 0.5", 159));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("failures")
  void theNextStatementsGetTheirOwnAnswersAfter(String kind, String sql, int code) throws Exception {
    try (Statement s = connection.createStatement()) {
      SQLException e = assertThrows(SQLException.class, () -> s.executeQuery(sql).close(), kind);
      assertEquals(code, e.getErrorCode(), e.getMessage());
    }
    assertAnswersAreExact();
  }

  @Test
  void aReadonlyRefusalLeavesNeitherOutputNorReadonlyBehind() throws Exception {
    HttpResponse<String> refused = post("readonly=1", "CREATE TABLE " + DB + ".not_made (k UInt8) ENGINE = Memory");
    assertEquals("164", refused.headers().firstValue("X-ClickHouse-Exception-Code").orElse(""), refused.body());
    assertAnswersAreExact();
    try (Statement s = connection.createStatement()) {
      s.execute("CREATE TABLE " + DB + ".made (k UInt8) ENGINE = Memory");
      s.execute("DROP TABLE " + DB + ".made");
    }
  }

  @Test
  void aClientThatHangsUpMidResponseLeavesNothingBehind() throws Exception {
    String body = "SELECT number, toString(number) FROM numbers(500000)";
    try (Socket socket = new Socket("127.0.0.1", Integer.parseInt(target.hostPort().replaceFirst(".*:", "")))) {
      OutputStream out = socket.getOutputStream();
      out.write(("POST /?default_format=RowBinaryWithNamesAndTypes HTTP/1.1\r\nHost: x\r\nContent-Length: "
          + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body).getBytes(StandardCharsets.UTF_8));
      out.flush();
      InputStream in = socket.getInputStream();
      assertTrue(in.read(new byte[16]) > 0, "the reply began");
    }
    assertAnswersAreExact();
  }

  @Test
  void aSetStatementEndsWithItsRequest() throws Exception {
    // a server without sessions keeps no SET past its request; the engine's one session once kept it
    // for every later request of every connection, so these cut every later answer to a block
    try (Connection other = target.connect("default"); Statement s = other.createStatement()) {
      s.execute("SET max_result_rows = 3, result_overflow_mode = 'break', max_block_size = 1");
    }
    assertAnswersAreExact();
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT getSetting('max_result_rows'), getSetting('max_block_size') < 100")) {
      assertTrue(rs.next());
      assertEquals(0, rs.getLong(1));
      assertEquals(0, rs.getInt(2));
    }
  }

  @Test
  void aUseStatementLeavesTheNextRequestInItsOwnDatabase() throws Exception {
    assertEquals(200, post("database=default", "USE " + DB).statusCode());
    HttpResponse<String> next = post("database=default&default_format=TabSeparated", "SELECT currentDatabase()");
    assertEquals("default\n", next.body());
  }

  @Test
  void severalStatementsInOneRequestAreRefusedBeforeAnyRuns() throws Exception {
    HttpResponse<String> refused = post("", "SELECT 1; INSERT INTO " + DB + ".t_local VALUES (1000, 'x')");
    assertEquals("62", refused.headers().firstValue("X-ClickHouse-Exception-Code").orElse(""), refused.body());
    assertAnswersAreExact();
    HttpResponse<String> trailing = post("default_format=TabSeparated", "SELECT 1;");
    assertEquals("1\n", trailing.body());
  }

  /** count() is one row of 100, the rows are the table's, in RowBinary (JDBC) and in TabSeparated (HTTP). */
  private static void assertAnswersAreExact() throws Exception {
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery("SELECT count() FROM " + DB + ".t_local")) {
      List<Long> counts = new ArrayList<>();
      while (rs.next()) {
        counts.add(rs.getLong(1));
      }
      assertEquals(List.of(100L), counts);
    }
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT k, v FROM " + DB + ".t_local ORDER BY k")) {
      int n = 0;
      while (rs.next()) {
        assertEquals(n, rs.getLong(1));
        assertEquals(Long.toString(n * 7L), rs.getString(2));
        n++;
      }
      assertEquals(100, n);
    }
    HttpResponse<String> plain = post("default_format=TabSeparated", "SELECT count() FROM " + DB + ".t_local");
    assertEquals(200, plain.statusCode(), plain.body());
    assertEquals("100\n", plain.body());
  }

  private static HttpResponse<String> post(String params, String sql) throws Exception {
    HttpRequest request = HttpRequest.newBuilder(URI.create(target.httpUrl() + "/?" + params
            + "&user=" + URLEncoder.encode(target.credentials().getProperty("user"), StandardCharsets.UTF_8)))
        .header("X-ClickHouse-Key", target.credentials().getProperty("password"))
        .POST(HttpRequest.BodyPublishers.ofString(sql)).build();
    return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
  }
}

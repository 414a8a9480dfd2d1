package io.noemata.itest.proxy;

import static io.noemata.itest.proxy.ProxyFixture.TARGET;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.noemata.itest.ProcessRun;
import io.noemata.itest.ResultRows;

/**
 * {@code noemata proxy} in front of the engine, through real clients (clickhouse-jdbc, curl, the
 * JDK's HTTP client): the same rows, bytes and errors as direct; rewritten where the driver
 * rewrites, with the driver's warnings as {@code X-Noemata-Provenance}; INSERT bodies in several
 * formats and encodings; query parameters; the fallback; a client that leaves mid-query.
 * The embedded engine has no sessions: {@code session_id} passes through, and a {@code USE} in a
 * session is not kept by it (tested against a real server only by the proxy's own bookkeeping).
 */
class ProxyIT {

  static final String DB = "proxy_it";
  static final String POD_QUERY = "SELECT attrs['k8s.pod.name'] AS p, count() AS n FROM logs GROUP BY p ORDER BY p";
  @TempDir static Path dir;

  @BeforeAll
  static void table() throws SQLException {
    ProxyFixture.podLogs(DB, 3);
    ProxyFixture.forgetCatalogs();
  }

  private static List<List<String>> rows(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      List<List<String>> out = new ArrayList<>();
      out.add(ResultRows.columnNames(rs));
      out.add(ResultRows.columnTypes(rs));
      out.addAll(ResultRows.rows(rs));
      return out;
    }
  }

  /** The driver's warnings for {@code sql} as {@code sqlState code message} lines. */
  /**
   * The driver's warnings for {@code sql} once its catalog is read: a read that outlasts the
   * driver's wait goes on in the background, so the statement is asked again (a few times at most).
   */
  private static List<String> driverWarnings(String sql) throws SQLException {
    List<String> out = List.of();
    for (int attempt = 0; attempt < 5; attempt++) {
      out = driverWarningsOnce(sql);
      if (out.stream().noneMatch(w -> w.split(" ")[1].equals(String.valueOf(io.noemata.driver.provenance.WarningCode.CATALOG_UNAVAILABLE.vendorCode())))) {
        return out;
      }
    }
    return out;
  }

  private static List<String> driverWarningsOnce(String sql) throws SQLException {
    try (Connection n = DriverManager.getConnection("jdbc:noemata:clickhouse://" + TARGET.hostPort() + "/" + DB,
        TARGET.credentials()); Statement s = n.createStatement()) {
      s.executeQuery(sql).close();
      List<String> out = new ArrayList<>();
      for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
        out.add(w.getSQLState() + " " + w.getErrorCode() + " " + w.getMessage());
      }
      return out;
    }
  }

  @Test
  void clickhouseJdbcThroughTheProxyGetsTheSameRowsAndTheRewriteReachesTheEngine() throws Exception {
    try (Connection direct = TARGET.connect(DB); Connection proxied = ProxyFixture.jdbc(DB)) {
      for (String sql : List.of(POD_QUERY, "SELECT count() FROM logs WHERE attrs['k8s.pod.name'] = 'pod-1'",
          "SELECT ts, attrs FROM logs ORDER BY ts LIMIT 5", "SELECT 1")) {
        long mark = ProxyFixture.log().mark();
        assertEquals(rows(direct, sql), rows(proxied, sql), sql);
        List<String> sent = ProxyFixture.sentSince(mark);
        if (sql.contains("attrs[")) {
          assertTrue(sent.stream().anyMatch(t -> t.contains("pod") && !t.contains("attrs['k8s.pod.name']")),
              "the engine received the rewritten text: " + sent);
        } else {
          assertTrue(sent.contains(sql), "unchanged statements arrive byte for byte: " + sent);
        }
      }
      try (PreparedStatement ps = proxied.prepareStatement("SELECT count() FROM logs WHERE attrs['k8s.pod.name'] = ?")) {
        ps.setString(1, "pod-2");
        try (ResultSet rs = ps.executeQuery()) {
          assertTrue(rs.next());
          assertEquals(100, rs.getLong(1));
        }
      }
      SQLException d = assertThrows(SQLException.class, () -> rows(direct, "SELECT * FROM no_such_table"));
      SQLException p = assertThrows(SQLException.class, () -> rows(proxied, "SELECT * FROM no_such_table"));
      assertEquals(d.getErrorCode(), p.getErrorCode());
      assertEquals(60, p.getErrorCode());
    }
  }

  @Test
  void theProvenanceHeaderIsTheDriversWarnings() throws Exception {
    HttpResponse<String> r = ProxyFixture.post(ProxyFixture.url(), "database=" + DB, POD_QUERY, Map.of());
    assertEquals(200, r.statusCode(), r.body());
    String header = r.headers().firstValue("X-Noemata-Provenance").orElse(null);
    List<String> entries = ProxyFixture.entries(header);
    assertEquals(driverWarnings(POD_QUERY), entries);
    assertTrue(entries.get(0).startsWith("01N11 9111 noemata: read stored column `pod`"), entries.toString());
    assertTrue(header.chars().allMatch(c -> c >= 0x20 && c < 0x7f), "ASCII only: " + header);
    HttpResponse<String> direct = ProxyFixture.post(TARGET.httpUrl(), "database=" + DB, POD_QUERY, Map.of());
    assertEquals(direct.body(), r.body());
    assertNull(ProxyFixture.post(ProxyFixture.url(), "", "SELECT 1", Map.of()).headers().firstValue("X-Noemata-Provenance")
        .orElse(null), "nothing to say, no header");
    assertTrue(ProxyFixture.ACCESS_LOG.stream().anyMatch(l -> l.contains("\"decision\":\"rewritten\"")
        && l.contains("\"read\":[\"column pod\"]")), "an access log line says what was read");
  }

  /** Non-ASCII text in a statement's provenance is escaped: the header stays ASCII, the message the driver's. */
  @Test
  void provenanceOfNonAsciiTextIsEscaped() throws Exception {
    String sql = "SELECT count() AS `zählung` FROM logs WHERE attrs['k8s.pod.name'] = 'pöd'";
    HttpResponse<String> r = ProxyFixture.post(ProxyFixture.url(), "database=" + DB, sql, Map.of());
    assertEquals(200, r.statusCode(), r.body());
    String header = r.headers().firstValue("X-Noemata-Provenance").orElseThrow();
    assertTrue(header.chars().allMatch(c -> c >= 0x20 && c < 0x7f), header);
    assertEquals(driverWarnings(sql), ProxyFixture.entries(header));
  }

  @Test
  void curlGetsTheSameBytesCompressedOrNot() throws Exception {
    for (String params : List.of("database=" + DB, "database=" + DB + "&compress=1", "database=" + DB + "&enable_http_compression=1")) {
      for (String sql : List.of(POD_QUERY + " FORMAT TSV", "SELECT number, toString(number) FROM numbers(50000) FORMAT RowBinary")) {
        byte[] direct = curl(TARGET.httpUrl(), params, sql);
        byte[] proxied = curl(ProxyFixture.url(), params, sql);
        assertArrayEquals(direct, proxied, params + ": " + sql);
        assertTrue(direct.length > 0);
      }
    }
  }

  /** The body as curl writes it (undecoded: {@code Accept-Encoding} asked for, not {@code --compressed}). */
  private static byte[] curl(String base, String params, String sql) throws Exception {
    Path out = Files.createTempFile(dir, "curl", ".bin");
    ProcessRun run = ProcessRun.run(List.of("curl", "-sS", "--fail-with-body", "-H", "Accept-Encoding: gzip", "-o",
        out.toString(), base + "/?" + params, "--data-binary", sql), Map.of(), 60);
    assertEquals(0, run.exitCode(), run.stderr());
    return Files.readAllBytes(out);
  }

  @Test
  void insertsInSeveralFormatsAndEncodingsLandAsDirect() throws Exception {
    String rowsCsv = csv(2000);
    try (Connection c = TARGET.connect(DB); Statement s = c.createStatement()) {
      s.execute("CREATE OR REPLACE TABLE ins (id UInt32, name String, at DateTime) ENGINE = MergeTree ORDER BY id");
    }
    String base = ProxyFixture.url();
    List<String> done = new ArrayList<>();
    // the statement in query=, the data in the body
    post(base, "database=" + DB + "&query=" + enc("INSERT INTO ins FORMAT CSV"), rowsCsv.getBytes(StandardCharsets.UTF_8), Map.of());
    done.add("CSV");
    post(base, "database=" + DB + "&query=" + enc("INSERT INTO ins FORMAT TSV"), rowsCsv.replace(',', '\t')
        .replace("\"", "").getBytes(StandardCharsets.UTF_8), Map.of());
    done.add("TSV");
    StringBuilder json = new StringBuilder();
    for (int i = 0; i < 2000; i++) {
      json.append("{\"id\":").append(i).append(",\"name\":\"n").append(i).append("\",\"at\":\"2024-06-10 00:00:00\"}\n");
    }
    post(base, "database=" + DB + "&query=" + enc("INSERT INTO ins FORMAT JSONEachRow"), json.toString()
        .getBytes(StandardCharsets.UTF_8), Map.of());
    done.add("JSONEachRow");
    // the statement and its data in the body
    post(base, "database=" + DB, ("INSERT INTO ins FORMAT CSV\n" + rowsCsv).getBytes(StandardCharsets.UTF_8), Map.of());
    done.add("CSV in the body");
    post(base, "database=" + DB + "&query=" + enc("INSERT INTO ins FORMAT CSV"), gzip(rowsCsv), Map.of("Content-Encoding", "gzip"));
    done.add("gzip");
    post(base, "database=" + DB, gzip("INSERT INTO ins FORMAT CSV\n" + rowsCsv), Map.of("Content-Encoding", "gzip"));
    done.add("gzip with the statement");
    post(base, "database=" + DB, ("INSERT INTO ins VALUES (1, 'v', '2024-06-10 00:00:00'), (2, 'w', '2024-06-10 00:00:01')")
        .getBytes(StandardCharsets.UTF_8), Map.of());
    // RowBinary and LZ4 framing, as clickhouse-jdbc writes a batch
    try (Connection p = ProxyFixture.jdbc(DB);
        PreparedStatement ps = p.prepareStatement("INSERT INTO ins (id, name, at) VALUES (?, ?, ?)")) {
      for (int i = 0; i < 2000; i++) {
        ps.setInt(1, i);
        ps.setString(2, "n" + i);
        ps.setString(3, "2024-06-10 00:00:00");
        ps.addBatch();
      }
      ps.executeBatch();
    }
    try (Connection c = TARGET.connect(DB)) {
      List<List<String>> r = rows(c, "SELECT count(), sum(id), uniqExact(name) FROM ins");
      assertEquals(List.of(String.valueOf(2000 * 7 + 2), String.valueOf(7L * 1999 * 2000 / 2 + 3), "2002"), r.get(2), done.toString());
    }
  }

  private static String csv(int n) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < n; i++) {
      b.append(i).append(",\"n").append(i).append("\",2024-06-10 00:00:00\n");
    }
    return b.toString();
  }

  private static byte[] gzip(String s) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream z = new GZIPOutputStream(out)) {
      z.write(s.getBytes(StandardCharsets.UTF_8));
    }
    return out.toByteArray();
  }

  private static String enc(String s) {
    return java.net.URLEncoder.encode(s, StandardCharsets.UTF_8);
  }

  private static void post(String base, String query, byte[] body, Map<String, String> headers) throws Exception {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + "/?" + query)).POST(HttpRequest.BodyPublishers.ofByteArray(body));
    headers.forEach(b::header);
    HttpResponse<String> r = ProxyFixture.HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), query + ": " + r.body());
  }

  @Test
  void aStatementInGzipOrLz4IsRewrittenAsPlainText() throws Exception {
    HttpResponse<String> r = ProxyFixture.HTTP.send(HttpRequest.newBuilder(URI.create(ProxyFixture.url() + "/?database=" + DB))
        .header("Content-Encoding", "gzip").POST(HttpRequest.BodyPublishers.ofByteArray(gzip(POD_QUERY))).build(),
        HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), r.body());
    assertEquals(ProxyFixture.post(TARGET.httpUrl(), "database=" + DB, POD_QUERY, Map.of()).body(), r.body());
    assertTrue(r.headers().firstValue("X-Noemata-Provenance").orElse("").contains("01N11"));
    // clickhouse-jdbc compresses nothing it sends by default; with decompress=true it frames the statement in LZ4
    java.util.Properties props = TARGET.credentials();
    props.setProperty("decompress", "true");
    try (Connection c = DriverManager.getConnection("jdbc:clickhouse://" + ProxyFixture.hostPort() + "/" + DB, props);
        Connection direct = TARGET.connect(DB)) {
      List<List<String>> expected = rows(direct, POD_QUERY);
      long mark = ProxyFixture.log().mark();
      assertEquals(expected, rows(c, POD_QUERY));
      assertTrue(ProxyFixture.sentSince(mark).stream().noneMatch(t -> t.contains("attrs[")), "rewritten: "
          + ProxyFixture.ACCESS_LOG.subList(Math.max(0, ProxyFixture.ACCESS_LOG.size() - 2), ProxyFixture.ACCESS_LOG.size()));
    }
  }

  @Test
  void queryParametersDecideEachRequest() throws Exception {
    String sql = "SELECT count() FROM logs WHERE attrs['k8s.pod.name'] = {p:String}";
    for (String pod : List.of("pod-0", "pod-2", "nobody")) {
      String q = "database=" + DB + "&param_p=" + pod + "&query=" + enc(sql);
      HttpResponse<String> direct = ProxyFixture.get(TARGET.httpUrl(), q);
      HttpResponse<String> proxied = ProxyFixture.get(ProxyFixture.url(), q);
      assertEquals(200, proxied.statusCode(), proxied.body());
      assertEquals(direct.body(), proxied.body(), pod);
      assertEquals(pod.equals("nobody") ? "0\n" : "100\n", proxied.body());
      assertTrue(proxied.headers().firstValue("X-Noemata-Provenance").orElse("").contains("01N11"));
    }
    assertTrue(ProxyFixture.ACCESS_LOG.stream().noneMatch(l -> l.contains("pod-2")), "no parameter value is logged");
  }

  @Test
  void sessionsPassThrough() throws Exception {
    String q = "database=" + DB + "&session_id=proxy-it-session&session_timeout=60";
    HttpResponse<String> a = ProxyFixture.post(ProxyFixture.url(), q, POD_QUERY, Map.of());
    HttpResponse<String> b = ProxyFixture.post(TARGET.httpUrl(), q, POD_QUERY, Map.of());
    assertEquals(b.statusCode(), a.statusCode());
    assertEquals(b.body(), a.body());
  }

  /**
   * A request that names no database runs in its user's own default database, as on the server:
   * the proxy asks the server which ({@code SELECT currentDatabase()} as that user) rather than
   * assuming {@code default}. The embedded engine has one user, whose database is {@code default};
   * a server's per-user {@code default_database} is answered the same way.
   */
  @Test
  void aRequestWithoutADatabaseIsPlannedInTheDatabaseTheServerNamesForItsUser() throws Exception {
    String table = "proxy_it_no_db_logs";
    try (Connection c = TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("CREATE OR REPLACE TABLE default." + table + " (ts DateTime, attrs Map(LowCardinality(String), String),"
          + " pod LowCardinality(String) MATERIALIZED attrs['k8s.pod.name']) ENGINE = MergeTree ORDER BY ts");
      s.execute("INSERT INTO default." + table + " (ts, attrs) SELECT toDateTime('2024-06-10 00:00:00') + number,"
          + " map('k8s.pod.name', concat('pod-', toString(number % 2))) FROM numbers(200)");
    }
    ProxyFixture.forgetCatalogs();
    try {
      String sql = POD_QUERY.replace("FROM logs", "FROM " + table);
      HttpResponse<String> direct = ProxyFixture.post(TARGET.httpUrl(), "", sql, Map.of());
      long mark = ProxyFixture.log().mark();
      HttpResponse<String> proxied = ProxyFixture.post(ProxyFixture.url(), "", sql, Map.of());
      assertEquals(200, direct.statusCode(), direct.body());
      assertEquals(direct.body(), proxied.body());
      assertTrue(proxied.headers().firstValue("X-Noemata-Provenance").orElse("").contains("01N11"), proxied.headers().toString());
      List<String> sent = ProxyFixture.sentSince(mark);
      assertTrue(sent.stream().anyMatch(t -> t.contains(table) && !t.contains("attrs[")), "the stored column was read: " + sent);
    } finally {
      try (Connection c = TARGET.connect("default"); Statement s = c.createStatement()) {
        s.execute("DROP TABLE IF EXISTS default." + table);
      }
    }
  }

  /**
   * A session's SET of a setting that changes what a rewrite means (here a row filter the rollup
   * would not carry) keeps that session's later statements as written, and no other session's.
   */
  @Test
  void aSessionsMeaningSettingKeepsOnlyThatSessionAsWritten() throws Exception {
    String filtered = "database=" + DB + "&session_id=proxy-it-filtered&session_timeout=60";
    String other = "database=" + DB + "&session_id=proxy-it-other&session_timeout=60";
    String tuned = "database=" + DB + "&session_id=proxy-it-tuned&session_timeout=60";
    assertEquals(200, ProxyFixture.post(ProxyFixture.url(), filtered,
        "SET additional_table_filters = {'logs': 'ts > 0'}", Map.of()).statusCode());
    assertEquals(200, ProxyFixture.post(ProxyFixture.url(), tuned, "SET max_threads = 2", Map.of()).statusCode());
    long mark = ProxyFixture.log().mark();
    HttpResponse<String> asWritten = ProxyFixture.post(ProxyFixture.url(), filtered, POD_QUERY, Map.of());
    assertEquals(200, asWritten.statusCode(), asWritten.body());
    assertEquals(List.of(POD_QUERY), ProxyFixture.sentSince(mark), "the filtered session's statement goes as written");
    assertTrue(asWritten.headers().firstValue("X-Noemata-Provenance").orElse("").isEmpty(), asWritten.headers().toString());
    for (String q : List.of(other, tuned, "database=" + DB)) {
      HttpResponse<String> r = ProxyFixture.post(ProxyFixture.url(), q, POD_QUERY, Map.of());
      assertEquals(asWritten.body(), r.body(), q);
      assertTrue(r.headers().firstValue("X-Noemata-Provenance").orElse("").contains("01N11"), q + ": " + r.headers());
    }
  }

  @Test
  void aStoredColumnDroppedBehindTheCatalogFallsBackToTheTextAsWrittenOnce() throws Exception {
    String db = "proxy_fallback";
    ProxyFixture.podLogs(db, 3);
    ProxyFixture.forgetCatalogs();
    String sql = "SELECT count() FROM logs WHERE attrs['k8s.pod.name'] = 'pod-1'";
    HttpResponse<String> first = ProxyFixture.post(ProxyFixture.url(), "database=" + db, sql, Map.of());
    assertTrue(first.headers().firstValue("X-Noemata-Provenance").orElse("").contains("01N11"), first.headers().toString());
    try (Connection c = TARGET.connect(db); Statement s = c.createStatement()) {
      s.execute("ALTER TABLE logs DROP COLUMN pod SETTINGS mutations_sync = 2");
    }
    long mark = ProxyFixture.log().mark();
    HttpResponse<String> r = ProxyFixture.post(ProxyFixture.url(), "database=" + db, sql, Map.of());
    assertEquals(200, r.statusCode(), r.body());
    assertEquals("100\n", r.body());
    List<String> entries = ProxyFixture.entries(r.headers().firstValue("X-Noemata-Provenance").orElse(null));
    assertTrue(entries.get(0).startsWith("01N50 9150 noemata: the rewritten statement failed (Code 47"), entries.toString());
    List<String> sent = ProxyFixture.sentSince(mark);
    assertEquals(2, sent.size(), "the rewritten text, then the original once: " + sent);
    assertEquals(sql, sent.get(1));
  }

  /**
   * A client that leaves mid-query: the proxy closes that request's upstream connection (how an
   * HTTP client cancels a query on a server) and serves the next client. The embedded engine runs
   * one query at a time and cannot stop it (no KILL QUERY while one runs), so the next answer waits
   * for it; a server stops the query when its connection goes.
   */
  @Test
  void aClientThatDisconnectsCancelsItsUpstreamRequest() throws Exception {
    List<String> log = java.util.Collections.synchronizedList(new ArrayList<>());
    try (var proxy = io.noemata.proxy.ProxyServer.start(io.noemata.proxy.ProxyConfig.of(URI.create(TARGET.httpUrl()))
        .withBind("127.0.0.1", 0), log::add)) {
      cancel(proxy, log);
    }
  }

  private static void cancel(io.noemata.proxy.ProxyServer proxy, List<String> log) throws Exception {
    String sql = "SELECT count() FROM numbers(80000000) WHERE sipHash64(number) % 7 = 3";
    try (Socket s = new Socket("127.0.0.1", proxy.port())) {
      OutputStream out = s.getOutputStream();
      byte[] body = sql.getBytes(StandardCharsets.UTF_8);
      out.write(("POST /?query_id=proxy-it-cancel HTTP/1.1\r\nHost: x\r\nContent-Length: " + body.length + "\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      await(() -> proxy.openUpstreamConnections() == 1); // the query is on its way
    }
    await(() -> proxy.openUpstreamConnections() == 0 && proxy.openClientConnections() == 0);
    assertTrue(log.stream().anyMatch(l -> l.contains("proxy-it-cancel") && l.contains("\"outcome\":\"cancelled\"")), log.toString());
    HttpResponse<String> next = ProxyFixture.post(proxy.url(), "", "SELECT 42", Map.of());
    assertEquals("42\n", next.body());
  }

  /** Waits for a condition the proxy's own work makes true; fails after 60 s. */
  static void await(java.util.function.BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (!condition.getAsBoolean()) {
      assertFalse(System.nanoTime() > deadline, "the condition did not hold within 60 s");
      Thread.onSpinWait();
      Thread.sleep(5);
    }
  }

  @Test
  void anInsertAnsweredWithAnErrorBeforeItsBodyEndsIsRefusedAsDirect() throws Exception {
    String q = "database=" + DB + "&query=" + enc("INSERT INTO no_such_table FORMAT CSV");
    byte[] body = csv(50_000).getBytes(StandardCharsets.UTF_8);
    HttpResponse<String> d = ProxyFixture.HTTP.send(HttpRequest.newBuilder(URI.create(TARGET.httpUrl() + "/?" + q))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
    HttpResponse<String> p = ProxyFixture.HTTP.send(HttpRequest.newBuilder(URI.create(ProxyFixture.url() + "/?" + q))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(d.statusCode(), p.statusCode());
    assertEquals(d.body(), p.body());
    assertEquals(d.headers().firstValue("X-ClickHouse-Exception-Code"), p.headers().firstValue("X-ClickHouse-Exception-Code"));
  }

  @SuppressWarnings("unused")
  private static byte[] readAll(InputStream in) throws Exception {
    return in.readAllBytes();
  }
}

package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import io.noemata.embedded.http.QueryLog;
import io.noemata.installer.steps.Publish;
import io.noemata.itest.CorpusFile;
import io.noemata.otel.OtelDataGenerator;
import io.noemata.otel.OtelDataSpec;
import io.noemata.proxy.ProxyConfig;
import io.noemata.proxy.ProxyServer;
import io.noemata.resources.parse.ProjectReader;
import io.noemata.rewriter.provenance.RollupUse;

/**
 * The shared, clients and tools corpora over the example project published (as {@link
 * DriverCorpusRollupIT} does, in a database of its own), through clickhouse-jdbc pointed at
 * {@code noemata proxy}: the rows plain clickhouse-jdbc gets direct, and the very text the driver
 * sends reaches the engine through the proxy too, query by query: accelerated exactly where the
 * driver accelerates. Statements clickhouse-jdbc refuses (an explicit FORMAT) go over plain HTTP:
 * the same status, error code and body as direct.
 */
class ProxyCorpusIT {

  static final String DB = "proxy_corpus";
  @TempDir static Path dir;
  static Connection plain;
  static Connection noemata;
  static Connection proxied;
  static ProxyServer proxy;
  static final List<String> rewritten = Collections.synchronizedList(new ArrayList<>());
  static final HttpClient HTTP = HttpClient.newHttpClient();
  static final List<String> ACCESS = Collections.synchronizedList(new ArrayList<>());

  @BeforeAll
  static void publish() throws Exception {
    try (Connection c = InstallerFixture.TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DB);
      new OtelDataGenerator(new OtelDataSpec(DB, 100_000, 100_000, OtelDataSpec.CORPUS_FIRST_DAY, OtelDataSpec.CORPUS_DAYS))
          .generate(s::execute, (t, d, n) -> { });
    }
    Path project = InstallerFixture.corpusExample(dir, DB);
    try (Connection c = InstallerFixture.TARGET.connect(DB)) {
      Publish.run(ProjectReader.read(project), c, InstallerFixture.options("itest@" + DB), false);
    }
    proxy = ProxyServer.start(ProxyConfig.of(URI.create(InstallerFixture.TARGET.httpUrl())).withBind("127.0.0.1", 0), ACCESS::add);
    plain = InstallerFixture.TARGET.connect(DB);
    noemata = DriverManager.getConnection("jdbc:noemata:clickhouse://" + InstallerFixture.TARGET.hostPort() + "/" + DB,
        InstallerFixture.TARGET.credentials());
    proxied = DriverManager.getConnection("jdbc:clickhouse://127.0.0.1:" + proxy.port() + "/" + DB,
        InstallerFixture.TARGET.credentials());
    // published through plain clickhouse-jdbc: the catalog cache both fronts share learns of it now
    noemata.unwrap(io.noemata.driver.NoemataConnection.class).invalidateCatalog();
  }

  @AfterAll
  static void close() throws SQLException {
    plain.close();
    noemata.close();
    proxied.close();
    proxy.close();
  }

  @TestFactory
  Stream<DynamicTest> sharedCorpusThroughTheProxyIsDecidedAsByTheDriver() {
    return CorpusFile.queries().stream().map(q -> DynamicTest.dynamicTest(q.id(), () -> compare(q)));
  }

  @TestFactory
  Stream<DynamicTest> clientsCorpusThroughTheProxyIsDecidedAsByTheDriver() {
    return CorpusFile.read(Path.of("src/test/resources/corpus/clients.sql")).stream()
        .map(q -> DynamicTest.dynamicTest(q.id(), () -> compare(q)));
  }

  /** The corpus of BI tools, semantic layers, connectors and SQL builders (tools.sql), as the driver decides it. */
  @TestFactory
  Stream<DynamicTest> toolsCorpusThroughTheProxyIsDecidedAsByTheDriver() {
    return CorpusFile.read(Path.of("src/test/resources/corpus/tools.sql")).stream()
        .map(q -> DynamicTest.dynamicTest(q.id(), () -> compare(q)));
  }

  private static QueryLog log() {
    return InstallerFixture.TARGET.embeddedQueryLog();
  }

  /** What the engine received after {@code mark}, without catalog reads. */
  private static List<String> sentSince(long mark) {
    return log().since(mark).stream().map(QueryLog.Entry::sql)
        .filter(t -> !io.noemata.itest.CatalogReads.is(t)).toList();
  }

  private static void compare(CorpusFile.Query q) throws Exception {
    CorpusRuns.Outcome expected;
    try {
      expected = CorpusRuns.run(plain, q, DB);
    } catch (SQLException refusedByClickHouseJdbc) {
      overHttp(q);
      return;
    }
    long driverMark = log().mark();
    CorpusRuns.Outcome driver = CorpusRuns.run(noemata, q, DB);
    List<String> driverSent = sentSince(driverMark);
    long proxyMark = log().mark();
    int accessMark = ACCESS.size();
    CorpusRuns.Outcome through = CorpusRuns.run(proxied, q, DB);
    List<String> proxySent = sentSince(proxyMark);
    boolean sketches = q.sql().toLowerCase(Locale.ROOT).matches("(?s).*(uniq|quantile).*");
    CorpusRuns.assertSameRows(expected.rows(), through.rows(),
        sketches && driver.provenance().rollups().stream().anyMatch(RollupUse::read));
    if (q.params().isEmpty()) {
      assertEquals(driverSent, proxySent, "the engine receives the same text through the proxy as through the driver");
    } else {
      // the driver decides from the values bound to ?, the proxy from the literals clickhouse-jdbc put in their
      // place: the same accelerators, though the rewrite may spell the bound differently
      List<String> read = new ArrayList<>();
      driver.provenance().rollupsRead().forEach(r -> read.add("rollup " + r.rollup() + (r.rawEdges() ? " with raw edges" : "")));
      driver.provenance().storedColumns().stream().filter(u -> u instanceof io.noemata.rewriter.provenance.ResourceUse.Substituted)
          .forEach(u -> read.add("column " + u.column()));
      String line = ACCESS.subList(accessMark, ACCESS.size()).stream().filter(l -> l.contains("\"statement\":\"SELECT\""))
          .findFirst().orElseThrow();
      StringBuilder json = new StringBuilder("\"read\":[");
      for (int i = 0; i < read.size(); i++) {
        json.append(i > 0 ? "," : "").append('"').append(read.get(i).replace("\"", "\\\"")).append('"');
      }
      assertTrue(line.contains(json.append("]").toString()), "the proxy read what the driver read, " + read + ": " + line);
    }
    if (driver.provenance().changed()) {
      rewritten.add(q.id());
    }
  }

  /** A statement clickhouse-jdbc refuses to send (an explicit FORMAT): curl's way, direct and through the proxy. */
  private static void overHttp(CorpusFile.Query q) throws Exception {
    String sql = CorpusRuns.retarget(q.sql(), DB);
    for (String p : q.params()) {
      sql = sql.replaceFirst("\\?", "'" + p.replace("'", "\\\\'") + "'");
    }
    HttpResponse<String> direct = post(InstallerFixture.TARGET.httpUrl(), sql);
    HttpResponse<String> through = post("http://127.0.0.1:" + proxy.port(), sql);
    assertEquals(direct.statusCode(), through.statusCode(), through.body());
    assertEquals(direct.headers().firstValue("X-ClickHouse-Exception-Code"), through.headers().firstValue("X-ClickHouse-Exception-Code"));
    boolean rollup = through.headers().firstValue("X-Noemata-Provenance").orElse("").contains("\"01N21\"");
    if (direct.statusCode() != 200 || !rollup || !q.sql().toLowerCase(Locale.ROOT).matches("(?s).*(uniq|quantile).*")) {
      assertEquals(sortedLines(direct.body()), sortedLines(through.body()));
    }
  }

  /**
   * The body's lines in sorted order, without the row numbers Pretty formats print: rows an ORDER BY
   * ties come in any order (the engine aggregates in parallel), and each carries its place.
   */
  private static List<String> sortedLines(String body) {
    List<String> lines = new ArrayList<>(body.lines().map(l -> l.replaceFirst("^\\s*\\d+\\.\\s", "")).toList());
    Collections.sort(lines);
    return lines;
  }

  private static HttpResponse<String> post(String base, String sql) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(URI.create(base + "/?database=" + DB)).POST(HttpRequest.BodyPublishers.ofString(sql))
        .build(), HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void theProxyRewritesCorpusQueries() throws Exception {
    List<String> through = new ArrayList<>();
    for (CorpusFile.Query q : CorpusFile.read(Path.of("src/test/resources/corpus/clients.sql"))) {
      if (!q.params().isEmpty()) {
        continue;
      }
      HttpResponse<String> r = post("http://127.0.0.1:" + proxy.port(), CorpusRuns.retarget(q.sql(), DB));
      if (r.headers().firstValue("X-Noemata-Provenance").orElse("").contains("\"01N21\"")) {
        through.add(q.id());
      }
    }
    System.out.println("noemata proxy corpus: rollups answered " + through.size() + " clients queries over HTTP: " + through);
    assertTrue(through.size() >= 10, "rollups answer the clients corpus through the proxy: " + through);
  }
}

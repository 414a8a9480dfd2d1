package io.noemata.itest.proxy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import io.noemata.embedded.http.QueryLog;
import io.noemata.itest.ClickHouseTarget;
import io.noemata.proxy.ProxyConfig;
import io.noemata.proxy.ProxyServer;

/**
 * One {@code noemata proxy} per test JVM in front of the test target (the embedded engine), with
 * its access log kept, and the plain HTTP requests the tests send to either side.
 */
final class ProxyFixture {

  static final ClickHouseTarget TARGET = ClickHouseTarget.get();
  static final List<String> ACCESS_LOG = Collections.synchronizedList(new ArrayList<>());
  private static ProxyServer proxy;
  static final HttpClient HTTP = HttpClient.newHttpClient();

  private ProxyFixture() {}

  static synchronized ProxyServer proxy() {
    if (proxy == null) {
      proxy = ProxyServer.start(ProxyConfig.of(URI.create(TARGET.httpUrl())).withBind("127.0.0.1", 0), ACCESS_LOG::add);
    }
    return proxy;
  }

  /** {@code http://127.0.0.1:N} of the proxy. */
  static String url() {
    return proxy().url();
  }

  static String hostPort() {
    return url().substring("http://".length());
  }

  /**
   * Drops every cached catalog of the target: the tests change tables through plain clickhouse-jdbc,
   * which a running proxy learns of only after its catalog TTL (as a running driver does).
   */
  static void forgetCatalogs() {
    io.noemata.driver.NoemataSettings d = io.noemata.driver.NoemataSettings.DEFAULTS;
    io.noemata.driver.catalog.CatalogCache.shared(d.catalogTtl(), d.catalogRefresh(), null)
        .invalidate("jdbc:clickhouse://" + TARGET.hostPort());
  }

  /** The provenance header's entries as {@code sqlState code message} lines, in order. */
  static List<String> entries(String header) {
    List<String> out = new ArrayList<>();
    if (header == null) {
      return out;
    }
    java.util.regex.Matcher m = java.util.regex.Pattern
        .compile("\\{\"sqlState\":\"([^\"]*)\",\"code\":(\\d+),\"message\":\"((?:[^\"\\\\]|\\\\.)*)\"\\}").matcher(header);
    while (m.find()) {
      out.add(m.group(1) + " " + m.group(2) + " " + unescape(m.group(3)));
    }
    return out;
  }

  private static String unescape(String json) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < json.length(); i++) {
      char c = json.charAt(i);
      if (c != '\\') {
        b.append(c);
        continue;
      }
      char n = json.charAt(++i);
      switch (n) {
        case 'n' -> b.append('\n');
        case 't' -> b.append('\t');
        case 'r' -> b.append('\r');
        case 'u' -> {
          b.append((char) Integer.parseInt(json.substring(i + 1, i + 5), 16));
          i += 4;
        }
        default -> b.append(n);
      }
    }
    return b.toString();
  }

  /** A plain clickhouse-jdbc connection through the proxy. */
  static Connection jdbc(String database) throws SQLException {
    return DriverManager.getConnection("jdbc:clickhouse://" + hostPort() + "/" + database, TARGET.credentials());
  }

  static QueryLog log() {
    QueryLog log = TARGET.embeddedQueryLog();
    if (log == null) {
      throw new IllegalStateException("these tests read the embedded engine's query log; run with NOEMATA_IT_TARGET=embedded");
    }
    return log;
  }

  /** The statements the engine received after {@code mark}, without the catalog reads (system tables, ledgers). */
  static List<String> sentSince(long mark) {
    return log().since(mark).stream().map(QueryLog.Entry::sql)
        .filter(t -> !io.noemata.itest.CatalogReads.is(t)).toList();
  }

  /** A POST of {@code body} to {@code base} with the query string {@code query} (may be "") and headers. */
  static HttpResponse<String> post(String base, String query, String body, Map<String, String> headers)
      throws IOException, InterruptedException {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + "/" + (query.isEmpty() ? "" : "?" + query)))
        .POST(HttpRequest.BodyPublishers.ofString(body));
    headers.forEach(b::header);
    return HTTP.send(b.build(), HttpResponse.BodyHandlers.ofString());
  }

  static HttpResponse<String> get(String base, String query) throws IOException, InterruptedException {
    return HTTP.send(HttpRequest.newBuilder(URI.create(base + "/?" + query)).GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Database {@code db} afresh with the pod table: a Map column and the stored column {@code pod} for its k8s.pod.name. */
  static void podLogs(String db, int pods) throws SQLException {
    try (Connection c = TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + db);
      s.execute("CREATE DATABASE " + db);
      s.execute("CREATE TABLE " + db + ".logs (ts DateTime, attrs Map(LowCardinality(String), String),"
          + " pod LowCardinality(String) MATERIALIZED attrs['k8s.pod.name']) ENGINE = MergeTree ORDER BY ts");
      s.execute("INSERT INTO " + db + ".logs (ts, attrs) SELECT toDateTime('2024-06-10 00:00:00') + number,"
          + " map('k8s.pod.name', concat('pod-', toString(number % " + pods + "))) FROM numbers(" + 100 * pods + ")");
    }
  }
}

package io.noemata.itest.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufAllocatorMetricProvider;
import io.noemata.proxy.ProxyConfig;
import io.noemata.proxy.ProxyServer;

/**
 * Many clients at once through one proxy: {@code noemata.proxy.soak.clients} threads (16 under
 * {@code -Psoak}, 4 otherwise) send {@code noemata.proxy.soak.statements} statements in all
 * (10,000 under {@code -Psoak}, 400 otherwise), mixed: rewritten reads over HTTP and over
 * clickhouse-jdbc, plain reads, inserts, failing statements, and clients that leave before or
 * while their answer comes. Every answer is checked against what it must be; afterwards no
 * connection is left open on either side and the proxy's buffer memory is what it was after the
 * first tenth of the run.
 */
class ProxySoakIT {

  static final int CLIENTS = Integer.getInteger("noemata.proxy.soak.clients", 4);
  static final int STATEMENTS = Integer.getInteger("noemata.proxy.soak.statements", 400);
  static final String DB = "proxy_soak";

  @Test
  void mixedClientsGetRightAnswersAndLeaveNothingBehind() throws Exception {
    ProxyFixture.podLogs(DB, 4);
    try (Connection c = ProxyFixture.TARGET.connect(DB); Statement s = c.createStatement()) {
      s.execute("CREATE TABLE ins (client UInt32, id UInt64) ENGINE = MergeTree ORDER BY (client, id)");
    }
    ProxyFixture.forgetCatalogs();
    List<String> wrong = Collections.synchronizedList(new ArrayList<>());
    AtomicLong done = new AtomicLong();
    long[] inserted = new long[CLIENTS];
    long[] memoryAtTenth = {-1};
    try (ProxyServer proxy = ProxyServer.start(ProxyConfig.of(URI.create(ProxyFixture.TARGET.httpUrl())).withBind("127.0.0.1", 0),
        line -> { })) {
      ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
      List<Future<?>> clients = new ArrayList<>();
      for (int k = 0; k < CLIENTS; k++) {
        int client = k;
        clients.add(pool.submit(() -> {
          Random r = new Random(20261202L + client);
          try (HttpClient http = HttpClient.newHttpClient(); Connection jdbc = java.sql.DriverManager.getConnection(
              "jdbc:clickhouse://127.0.0.1:" + proxy.port() + "/" + DB, ProxyFixture.TARGET.credentials())) {
            for (long n; (n = done.incrementAndGet()) <= STATEMENTS; ) {
              if (n == STATEMENTS / 10) {
                memoryAtTenth[0] = bufferMemory();
              }
              try {
                String problem = one(r, client, proxy, http, jdbc, inserted);
                if (problem != null) {
                  wrong.add(problem);
                }
              } catch (Exception e) {
                wrong.add("client " + client + ": " + e);
              }
            }
          }
          return null;
        }));
      }
      for (Future<?> f : clients) {
        f.get(30, TimeUnit.MINUTES);
      }
      pool.shutdown();
      assertEquals(List.of(), wrong.subList(0, Math.min(20, wrong.size())), wrong.size() + " wrong answers");
      ProxyIT.await(() -> proxy.openClientConnections() == 0 && proxy.openUpstreamConnections() == 0);
      long total = 0;
      for (long i : inserted) {
        total += i;
      }
      try (Connection c = ProxyFixture.TARGET.connect(DB); Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT count() FROM ins")) {
        assertTrue(rs.next());
        assertEquals(total, rs.getLong(1), "every row inserted through the proxy, once");
      }
      long after = bufferMemory();
      System.err.printf("ProxySoakIT: %d statements, %d clients, %d requests; buffer memory %d KiB at a tenth, %d KiB at the end%n",
          STATEMENTS, CLIENTS, proxy.requests(), memoryAtTenth[0] >> 10, after >> 10);
      assertTrue(after <= memoryAtTenth[0] + (16 << 20), "buffer memory flat: " + memoryAtTenth[0] + " -> " + after);
    }
  }

  /** Netty's buffer memory in use (its allocator's direct and heap arenas). */
  private static long bufferMemory() {
    var m = ((ByteBufAllocatorMetricProvider) ByteBufAllocator.DEFAULT).metric();
    return m.usedDirectMemory() + m.usedHeapMemory();
  }

  /** One statement; null when its answer is right, else what was wrong. */
  private static String one(Random r, int client, ProxyServer proxy, HttpClient http, Connection jdbc, long[] inserted)
      throws Exception {
    String base = "http://127.0.0.1:" + proxy.port() + "/?database=" + DB;
    int pick = r.nextInt(100);
    if (pick < 25) {
      int pod = r.nextInt(4);
      HttpResponse<String> a = http.send(HttpRequest.newBuilder(URI.create(base + "&param_p=pod-" + pod)).POST(
          HttpRequest.BodyPublishers.ofString("SELECT count() FROM logs WHERE attrs['k8s.pod.name'] = {p:String}")).build(),
          HttpResponse.BodyHandlers.ofString());
      boolean rewritten = a.headers().firstValue("X-Noemata-Provenance").orElse("").contains("01N11");
      return a.statusCode() == 200 && a.body().equals("100\n") && rewritten ? null : "rewritten read: " + a.statusCode() + " " + a.body();
    }
    if (pick < 45) {
      try (Statement s = jdbc.createStatement(); ResultSet rs = s.executeQuery(
          "SELECT attrs['k8s.pod.name'] AS p, count() AS n FROM logs GROUP BY p ORDER BY p")) {
        int rows = 0;
        while (rs.next()) {
          if (!rs.getString(1).equals("pod-" + rows) || rs.getLong(2) != 100) {
            return "jdbc read row " + rows + ": " + rs.getString(1) + " " + rs.getLong(2);
          }
          rows++;
        }
        return rows == 4 ? null : "jdbc read: " + rows + " rows";
      }
    }
    if (pick < 60) {
      long n = 1 + r.nextInt(100_000);
      HttpResponse<String> a = http.send(HttpRequest.newBuilder(URI.create(base)).POST(HttpRequest.BodyPublishers.ofString(
          "SELECT sum(number) FROM numbers(" + n + ")")).build(), HttpResponse.BodyHandlers.ofString());
      return a.body().equals(n * (n - 1) / 2 + "\n") ? null : "plain read of " + n + ": " + a.body();
    }
    if (pick < 75) {
      int rows = 1 + r.nextInt(2000);
      StringBuilder csv = new StringBuilder();
      for (int i = 0; i < rows; i++) {
        csv.append(client).append(',').append(inserted[client] + i).append('\n');
      }
      HttpResponse<String> a = http.send(HttpRequest.newBuilder(URI.create(base + "&query="
          + URLEncoder.encode("INSERT INTO ins FORMAT CSV", StandardCharsets.UTF_8))).POST(HttpRequest.BodyPublishers.ofString(
          csv.toString())).build(), HttpResponse.BodyHandlers.ofString());
      if (a.statusCode() != 200) {
        return "insert: " + a.statusCode() + " " + a.body();
      }
      inserted[client] += rows;
      return null;
    }
    if (pick < 90) {
      boolean syntax = r.nextBoolean();
      try (Statement s = jdbc.createStatement()) {
        s.executeQuery(syntax ? "SELEC 1" : "SELECT * FROM no_such_table_" + client).close();
        return "a failing statement answered";
      } catch (SQLException e) {
        return e.getErrorCode() == (syntax ? 62 : 60) ? null : "failure code " + e.getErrorCode();
      }
    }
    // a client that leaves: before any answer, or after a few bytes of a long one
    try (Socket s = new Socket("127.0.0.1", proxy.port())) {
      byte[] body = ("SELECT number, toString(number) FROM numbers(" + (r.nextBoolean() ? 10 : 3_000_000) + ") FORMAT TSV")
          .getBytes(StandardCharsets.UTF_8);
      OutputStream out = s.getOutputStream();
      out.write(("POST /?database=" + DB + " HTTP/1.1\r\nHost: x\r\nContent-Length: " + body.length + "\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      out.write(body);
      out.flush();
      if (r.nextBoolean()) {
        InputStream in = s.getInputStream();
        in.readNBytes(r.nextInt(512));
      }
    }
    return null;
  }
}

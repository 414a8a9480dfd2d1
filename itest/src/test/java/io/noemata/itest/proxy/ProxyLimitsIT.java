package io.noemata.itest.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.noemata.proxy.ProxyConfig;
import io.noemata.proxy.ProxyServer;

/**
 * What a hostile or broken peer meets: malformed HTTP, oversized headers, a client that sends its
 * head a byte at a time, too many connections and a dead upstream each get a ClickHouse-shaped
 * error (the exception code header, {@code Code: N. DB::Exception: ...}), and the proxy answers
 * the next request as if nothing happened.
 */
class ProxyLimitsIT {

  /** One raw HTTP exchange: what the proxy wrote before closing (or within 30 s). */
  private static String raw(int port, byte[] request) throws IOException {
    try (Socket s = new Socket("127.0.0.1", port)) {
      s.setSoTimeout(30_000);
      s.getOutputStream().write(request);
      s.getOutputStream().flush();
      return readUntilClosed(s.getInputStream());
    }
  }

  private static String readUntilClosed(InputStream in) throws IOException {
    return new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
  }

  private static void assertClickHouseError(String response, int status, int code) {
    assertTrue(response.startsWith("HTTP/1.1 " + status + " "), response);
    assertTrue(response.toLowerCase().contains("x-clickhouse-exception-code: " + code + "\r\n"), response);
    assertTrue(response.contains("\r\n\r\nCode: " + code + ". DB::Exception: "), response);
  }

  private static void stillServes(ProxyServer proxy) throws Exception {
    assertEquals("1\n", ProxyFixture.post(proxy.url(), "", "SELECT 1", Map.of()).body());
  }

  @Test
  void malformedRequestsGetAClickHouseErrorAndTheProxyGoesOn() throws Exception {
    ProxyServer proxy = ProxyFixture.proxy();
    assertClickHouseError(raw(proxy.port(), "GARBAGE\r\n\r\n".getBytes(StandardCharsets.US_ASCII)), 400, 1000);
    assertClickHouseError(raw(proxy.port(), "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: banana\r\n\r\n"
        .getBytes(StandardCharsets.US_ASCII)), 400, 1000);
    String big = "GET /?query=SELECT+1 HTTP/1.1\r\nHost: x\r\nX-Big: " + "a".repeat(200_000) + "\r\n\r\n";
    assertClickHouseError(raw(proxy.port(), big.getBytes(StandardCharsets.US_ASCII)), 431, 1000);
    byte[] binary = new byte[4096];
    new java.util.Random(7).nextBytes(binary);
    String answer = raw(proxy.port(), binary);
    assertTrue(answer.isEmpty() || answer.startsWith("HTTP/1.1 400 "), answer);
    stillServes(proxy);
  }

  @Test
  void aHeadTricklingInIsCutOffAtTheHeadTimeout() throws Exception {
    try (ProxyServer proxy = ProxyServer.start(ProxyConfig.of(URI.create(ProxyFixture.TARGET.httpUrl())).withBind("127.0.0.1", 0)
        .withTimeouts(Duration.ofSeconds(1), Duration.ofSeconds(60), Duration.ofSeconds(1)), line -> { })) {
      try (Socket s = new Socket("127.0.0.1", proxy.port())) {
        s.setSoTimeout(30_000);
        OutputStream out = s.getOutputStream();
        out.write("GET /?query=SELECT+1 HTTP/1.1\r\nHost: x\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII));
        out.flush();
        // a byte now and then keeps no read timeout from firing: only a deadline on the whole head does
        String answer = "";
        for (int i = 0; i < 100 && answer.isEmpty(); i++) {
          try {
            out.write('a');
            out.flush();
          } catch (IOException closedByTheProxy) {
            break;
          }
          s.setSoTimeout(200);
          try {
            byte[] b = new byte[4096];
            int n = s.getInputStream().read(b);
            answer = n < 0 ? "closed" : new String(b, 0, n, StandardCharsets.ISO_8859_1);
          } catch (java.net.SocketTimeoutException notYet) {
            // the head is still open: one more byte
          }
        }
        assertClickHouseError(answer, 408, 209);
      }
      // a body that stops half way
      try (Socket s = new Socket("127.0.0.1", proxy.port())) {
        s.setSoTimeout(30_000);
        s.getOutputStream().write("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nSELECT".getBytes(StandardCharsets.US_ASCII));
        assertClickHouseError(readUntilClosed(s.getInputStream()), 408, 209);
      }
      stillServes(proxy);
    }
  }

  @Test
  void connectionsBeyondTheLimitAreRefused() throws Exception {
    try (ProxyServer proxy = ProxyServer.start(ProxyConfig.of(URI.create(ProxyFixture.TARGET.httpUrl())).withBind("127.0.0.1", 0)
        .withMaxConnections(2), line -> { })) {
      List<Socket> held = new ArrayList<>();
      try {
        held.add(new Socket("127.0.0.1", proxy.port()));
        held.add(new Socket("127.0.0.1", proxy.port()));
        ProxyLimitsAwait.until(() -> proxy.openClientConnections() == 2);
        assertClickHouseError(raw(proxy.port(), "GET /?query=SELECT+1 HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII)),
            503, 202);
      } finally {
        for (Socket s : held) {
          s.close();
        }
      }
      ProxyLimitsAwait.until(() -> proxy.openClientConnections() == 0);
      stillServes(proxy);
    }
  }

  @Test
  void aDeadUpstreamIsANetworkErrorForEveryClient() throws Exception {
    int dead;
    try (ServerSocket s = new ServerSocket(0)) {
      dead = s.getLocalPort(); // closed again: nothing listens there
    }
    try (ProxyServer proxy = ProxyServer.start(ProxyConfig.of(URI.create("http://127.0.0.1:" + dead)).withBind("127.0.0.1", 0),
        line -> { })) {
      var r = ProxyFixture.post(proxy.url(), "", "SELECT 1", Map.of());
      assertEquals(502, r.statusCode());
      assertEquals("210", r.headers().firstValue("X-ClickHouse-Exception-Code").orElse(""));
      assertTrue(r.body().startsWith("Code: 210. DB::Exception: the noemata proxy cannot connect to its upstream"), r.body());
      SQLException e = assertThrows(SQLException.class, () -> {
        try (Connection c = DriverManager.getConnection("jdbc:clickhouse://127.0.0.1:" + proxy.port() + "/default",
            ProxyFixture.TARGET.credentials()); var st = c.createStatement()) {
          st.executeQuery("SELECT 1");
        }
      });
      assertEquals(210, e.getErrorCode(), e.toString());
      // the query of a SELECT goes through the planner: the catalog cannot be read either, and it still answers
      var q = ProxyFixture.post(proxy.url(), "database=otel", "SELECT count() FROM otel_logs", Map.of());
      assertEquals("210", q.headers().firstValue("X-ClickHouse-Exception-Code").orElse(""), q.body());
    }
  }

  /** Waits on what the proxy reports. */
  static final class ProxyLimitsAwait {
    static void until(java.util.function.BooleanSupplier c) throws InterruptedException {
      ProxyIT.await(c);
    }
  }
}

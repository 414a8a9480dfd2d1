package io.noemata.itest.proxy;

import static io.noemata.itest.proxy.ProxyFixture.TARGET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.noemata.proxy.ProxyConfig;
import io.noemata.proxy.ProxyServer;

/**
 * {@code noemata proxy --upstream https://...}: the engine behind a TLS front whose certificate is
 * self-signed (made here with the JDK's keytool). With {@code --upstream-ca} naming that certificate,
 * the relayed requests, the catalog (clickhouse-jdbc) and the user-database question all go over
 * TLS and the rewrite happens as over plain HTTP; without it the certificate is refused, and the
 * client gets a ClickHouse-shaped error while the proxy goes on serving.
 */
class ProxyTlsIT {

  static final String DB = "proxy_tls";
  static final String POD_QUERY = ProxyIT.POD_QUERY;
  @TempDir static Path dir;
  private static ServerSocket front;
  private static Path ca;
  private static final List<Socket> OPEN = Collections.synchronizedList(new ArrayList<>());

  @BeforeAll
  static void tlsFront() throws Exception {
    ProxyFixture.podLogs(DB, 2);
    Path store = dir.resolve("upstream.p12");
    ca = dir.resolve("upstream-ca.pem");
    keytool("-genkeypair", "-alias", "upstream", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2", "-dname",
        "CN=localhost", "-ext", "san=ip:127.0.0.1,dns:localhost", "-keystore", store.toString(), "-storetype", "PKCS12",
        "-storepass", "it-pass", "-keypass", "it-pass");
    keytool("-exportcert", "-rfc", "-alias", "upstream", "-keystore", store.toString(), "-storepass", "it-pass", "-file",
        ca.toString());
    KeyStore ks = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      ks.load(in, "it-pass".toCharArray());
    }
    KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    keys.init(ks, "it-pass".toCharArray());
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(keys.getKeyManagers(), null, null);
    front = tls.getServerSocketFactory().createServerSocket(0, 50, InetAddress.getLoopbackAddress());
    String[] target = TARGET.hostPort().split(":");
    Thread accept = new Thread(() -> {
      while (!front.isClosed()) {
        try {
          Socket client = front.accept();
          Socket engine = new Socket(target[0], Integer.parseInt(target[1]));
          OPEN.add(client);
          OPEN.add(engine);
          pipe(client, engine);
          pipe(engine, client);
        } catch (IOException closed) {
          return;
        }
      }
    }, "tls-front");
    accept.setDaemon(true);
    accept.start();
  }

  @AfterAll
  static void close() throws IOException {
    front.close();
    synchronized (OPEN) {
      for (Socket s : OPEN) {
        s.close();
      }
    }
  }

  private static void pipe(Socket from, Socket to) {
    Thread t = new Thread(() -> {
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        in.transferTo(out);
      } catch (IOException closed) {
        // either side left: the other closes with it
      } finally {
        try {
          from.close();
          to.close();
        } catch (IOException ignored) {
          // already closed
        }
      }
    }, "tls-front-pipe");
    t.setDaemon(true);
    t.start();
  }

  private static void keytool(String... args) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertTrue(p.waitFor(60, TimeUnit.SECONDS) && p.exitValue() == 0, "keytool " + String.join(" ", args) + ": " + out);
  }

  private static URI upstream() {
    return URI.create("https://127.0.0.1:" + front.getLocalPort());
  }

  @Test
  void anHttpsUpstreamWithItsAuthorityIsRelayedAndRewritten() throws Exception {
    ProxyFixture.forgetCatalogs();
    List<String> log = Collections.synchronizedList(new ArrayList<>());
    try (ProxyServer proxy = ProxyServer.start(ProxyConfig.of(upstream()).withBind("127.0.0.1", 0).withUpstreamCa(ca),
        log::add)) {
      HttpResponse<String> direct = ProxyFixture.post(TARGET.httpUrl(), "database=" + DB, POD_QUERY, Map.of());
      for (String q : List.of("database=" + DB, "")) {
        String sql = q.isEmpty() ? POD_QUERY.replace("FROM logs", "FROM " + DB + ".logs") : POD_QUERY;
        HttpResponse<String> r = ProxyFixture.post(proxy.url(), q, sql, Map.of());
        assertEquals(200, r.statusCode(), r.body());
        assertEquals(direct.body(), r.body());
        assertTrue(r.headers().firstValue("X-Noemata-Provenance").orElse("").contains("01N11"),
            "the catalog was read over TLS: " + r.headers());
      }
    }
  }

  @Test
  void anUntrustedUpstreamCertificateIsAClickHouseErrorAndTheProxyServesOn() throws Exception {
    try (ProxyServer proxy = ProxyServer.start(ProxyConfig.of(upstream()).withBind("127.0.0.1", 0), line -> { })) {
      for (int i = 0; i < 2; i++) {
        HttpResponse<String> r = ProxyFixture.post(proxy.url(), "database=" + DB, "SELECT 1", Map.of());
        assertTrue(r.statusCode() >= 500, r.statusCode() + " " + r.body());
        assertTrue(r.headers().firstValue("X-ClickHouse-Exception-Code").isPresent(), r.headers().toString());
        assertTrue(r.body().startsWith("Code: "), r.body());
      }
    }
  }

  @Test
  void aCaFileForAPlainUpstreamOrAnUnreadableOneIsRefusedAtStart() {
    IllegalArgumentException plain = org.junit.jupiter.api.Assertions.assertThrows(IllegalArgumentException.class,
        () -> ProxyConfig.of(URI.create(TARGET.httpUrl())).withUpstreamCa(ca));
    assertTrue(plain.getMessage().contains("--upstream-ca"), plain.getMessage());
    IllegalStateException unreadable = org.junit.jupiter.api.Assertions.assertThrows(IllegalStateException.class,
        () -> ProxyServer.start(ProxyConfig.of(upstream()).withBind("127.0.0.1", 0).withUpstreamCa(dir.resolve("none.pem")),
            line -> { }).close());
    assertTrue(unreadable.getMessage().contains("none.pem"), unreadable.getMessage());
  }
}

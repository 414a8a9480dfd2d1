package io.noemata.itest.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.noemata.itest.ProcessRun;

/**
 * HyperDX's ClickHouse client, {@code @clickhouse/client} from npm, run by node against the engine
 * and against the proxy in front of it: every case (queries, Basic auth, gzip both ways, a session,
 * a query parameter, errors, inserts in three formats, an aborted query, ping) ends the same, and the
 * rewritten ones carry the provenance header. The client is installed by this test into
 * {@code target/node-client} with npm; without npm or the registry the test fails.
 */
class ProxyNodeClientIT {

  static final String CLIENT = "@clickhouse/client@1.23.1";
  static final String DB = "proxy_node";
  static Path dir;

  @BeforeAll
  static void install() throws Exception {
    ProxyFixture.podLogs(DB, 3);
    ProxyFixture.forgetCatalogs();
    dir = Path.of("target/node-client").toAbsolutePath();
    Files.createDirectories(dir);
    if (!Files.isDirectory(dir.resolve("node_modules/@clickhouse/client"))) {
      ProcessRun npm = ProcessRun.run(List.of("npm", "install", "--no-audit", "--no-fund", "--prefix", dir.toString(), CLIENT),
          Map.of(), 600);
      assertEquals(0, npm.exitCode(), "npm could not install " + CLIENT + ": " + npm.stderr());
    }
    try (InputStream script = ProxyNodeClientIT.class.getResourceAsStream("/proxy/node-client.mjs")) {
      Files.copy(script, dir.resolve("node-client.mjs"), StandardCopyOption.REPLACE_EXISTING);
    }
  }

  private static List<String> run(String url, String side) throws IOException, InterruptedException {
    ProcessRun node = ProcessRun.run(List.of("node", dir.resolve("node-client.mjs").toString(), url, DB, side), Map.of(), 300);
    assertEquals(0, node.exitCode(), node.stderr());
    List<String> lines = node.stdout().lines().toList();
    assertEquals(2, lines.size(), node.stdout());
    return lines;
  }

  @Test
  void everyCaseEndsAsDirectAndRewrittenOnesSaySo() throws Exception {
    List<String> direct = run(ProxyFixture.TARGET.httpUrl(), "direct");
    List<String> proxied = run(ProxyFixture.url(), "direct"); // the same table name: the inserts land alike
    assertEquals(direct.get(0), proxied.get(0));
    String outcomes = proxied.get(0);
    assertTrue(outcomes.contains("{\"name\":\"inserts\",\"ok\":true,\"value\":[{\"c\":10000,\"total\":"), outcomes);
    assertTrue(outcomes.contains("{\"name\":\"unknown table\",\"ok\":false,\"code\":\"60\""), outcomes);
    assertTrue(outcomes.contains("{\"name\":\"select, gzip both ways\",\"ok\":true,\"value\":[{\"p\":\"pod-0\",\"n\":100}"), outcomes);
    assertEquals("{}", direct.get(1).replaceAll("\"[^\"]+\":null,?", "").replace(",}", "}"), "no provenance direct");
    for (String name : List.of("select", "select, basic auth", "select, gzip both ways", "select in a session", "query parameter")) {
      assertTrue(proxied.get(1).contains("\"" + name + "\":\"[{\\\"sqlState\\\":\\\"01N11\\\""), name + ": " + proxied.get(1));
    }
  }
}

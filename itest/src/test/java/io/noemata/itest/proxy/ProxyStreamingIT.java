package io.noemata.itest.proxy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.noemata.itest.ProcessRun;

/**
 * Bodies far larger than the proxy's memory flow through it: {@code noemata proxy} runs in a JVM of
 * its own with a heap and direct memory of {@value #HEAP_MB} MiB, and a result and an INSERT of
 * {@code noemata.proxy.stream.mb} MiB each (100 by default, 200 under {@code -Pthorough}: three and six
 * times the bound) go through it byte for byte, the result
 * read slowly at first (back pressure: the upstream must wait for the client, not pile up in the
 * proxy). At SIGTERM it stops cleanly and reports its heap: what was live after each collection
 * must stay under half the bound.
 * The embedded engine itself holds whole answers and insert bodies in memory (chDB answers at once),
 * so sizes are bounded by the test JVM here; {@code ./noemata bench} runs them at 1 GiB.
 */
class ProxyStreamingIT {

  static final int HEAP_MB = 32;
  static final long MB = io.noemata.itest.Trials.size("noemata.proxy.stream.mb", 100, 200);
  static Process proxy;
  static java.nio.file.Path stderr;
  static String url;

  @BeforeAll
  static void start() throws Exception {
    stderr = java.nio.file.Files.createTempFile("noemata-proxy", ".err");
    proxy = new ProcessBuilder(ProcessRun.java(), "-Xmx" + HEAP_MB + "m", "-XX:MaxDirectMemorySize=" + HEAP_MB + "m", "-jar",
        ProcessRun.cliJar().toString(), "proxy", "--upstream", ProxyFixture.TARGET.httpUrl(), "--port", "0", "--access-log", "off")
        .redirectError(stderr.toFile()).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(proxy.getInputStream(), StandardCharsets.UTF_8));
    CompletableFuture<String> ready = CompletableFuture.supplyAsync(() -> {
      try {
        return out.readLine();
      } catch (java.io.IOException e) {
        return null;
      }
    });
    String line = ready.get(120, TimeUnit.SECONDS);
    assertTrue(line != null && line.startsWith("ready http://"), "the proxy said: " + line);
    url = line.substring("ready ".length());
  }

  @AfterAll
  static void stop() throws Exception {
    proxy.destroy(); // SIGTERM
    assertTrue(proxy.waitFor(60, TimeUnit.SECONDS), "the proxy stops on SIGTERM");
    String err = java.nio.file.Files.readString(stderr);
    assertEquals(0, proxy.exitValue(), err);
    Matcher m = Pattern.compile("at most ([0-9.]+) MiB live").matcher(err);
    assertTrue(m.find(), err);
    double live = Double.parseDouble(m.group(1));
    System.err.println("ProxyStreamingIT: " + err.strip());
    // the 100-200 MiB each way went through a heap of 32 MiB: that it finished is the proof; what a
    // collection leaves also counts the old generation's garbage a young collection does not touch,
    // which moves with the machine's load (18 MiB on a loaded fresh clone, under 16 idle)
    assertTrue(live < HEAP_MB, "live heap " + live + " MiB");
  }

  /** About {@link #MB} MiB of TSV, deterministic: rows of about 150 bytes. */
  static String bigQuery() {
    return "SELECT number, repeat(toString(number), 20) FROM numbers(" + MB * 1024 * 1024 / 150 + ") FORMAT TSV";
  }

  private static byte[] digest(String base, String sql, boolean slowStart) throws Exception {
    HttpResponse<InputStream> r = ProxyFixture.HTTP.send(HttpRequest.newBuilder(URI.create(base + "/"))
        .POST(HttpRequest.BodyPublishers.ofString(sql)).build(), HttpResponse.BodyHandlers.ofInputStream());
    assertEquals(200, r.statusCode());
    MessageDigest d = MessageDigest.getInstance("SHA-256");
    long total = 0;
    byte[] buf = new byte[64 * 1024];
    try (InputStream in = r.body()) {
      for (int n; (n = in.read(buf)) > 0; ) {
        d.update(buf, 0, n);
        total += n;
        if (slowStart && total < 32L << 20) {
          Thread.sleep(2); // a slow reader: about 30 MB/s for the first 32 MiB
        }
      }
    }
    assertTrue(total > (MB / 2) << 20, "bytes " + total);
    return d.digest();
  }

  @Test
  void aResultLargerThanTheHeapStreamsThroughByteForByte() throws Exception {
    String sql = bigQuery();
    assertArrayEquals(digest(ProxyFixture.TARGET.httpUrl(), sql, false), digest(url, sql, true));
  }

  @Test
  void anInsertLargerThanTheHeapStreamsThrough() throws Exception {
    long rows = MB * 1024 * 1024 / 150;
    try (Connection c = ProxyFixture.TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("CREATE OR REPLACE TABLE default.proxy_stream (n UInt64, s String) ENGINE = MergeTree ORDER BY n");
    }
    InputStream csv = new io.noemata.cli.bench.CsvRows(rows);
    HttpResponse<String> r = ProxyFixture.HTTP.send(HttpRequest.newBuilder(URI.create(url + "/?query="
        + URLEncoder.encode("INSERT INTO default.proxy_stream FORMAT CSV", StandardCharsets.UTF_8)))
        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> csv)).build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), r.body());
    try (Connection c = ProxyFixture.TARGET.connect("default"); Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(), sum(n) FROM default.proxy_stream")) {
      assertTrue(rs.next());
      assertEquals(List.of(rows, rows * (rows - 1) / 2), List.of(rs.getLong(1), rs.getLong(2)));
      s.execute("DROP TABLE default.proxy_stream");
    }
  }
}

package io.noemata.cli.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.noemata.cli.demo.DashboardQuery;
import io.noemata.cli.demo.ResultTable;
import io.noemata.embedded.http.QueryLog;

/**
 * The proxy scenarios of {@code noemata bench}: {@code noemata proxy} in a JVM of its own, as it is
 * deployed, with {@value #HEAP_MB} MiB of heap and of direct memory, in front of the bench's engine;
 * each figure a ratio of plain clickhouse-jdbc (or the JDK HTTP client) direct and the same client
 * through the proxy, interleaved ({@link Interleaved}). At the end the proxy is stopped with SIGTERM
 * and reports its peak heap, after a result and an INSERT of {@code --proxy-gb} GB each went through it.
 */
public final class ProxyBench implements AutoCloseable {

  public static final int HEAP_MB = 64;

  private final Process process;
  private final Path stderr;
  private final String url;
  private final HttpClient http = HttpClient.newHttpClient();

  private ProxyBench(Process process, Path stderr, String url) {
    this.process = process;
    this.stderr = stderr;
    this.url = url;
  }

  /** Starts {@code noemata proxy --upstream upstream} from this JVM's own class path. */
  public static ProxyBench start(String upstream) throws Exception {
    String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    Path err = Files.createTempFile("noemata-bench-proxy", ".err");
    Process p = new ProcessBuilder(java, "-Xmx" + HEAP_MB + "m", "-XX:MaxDirectMemorySize=" + HEAP_MB + "m", "-cp",
        System.getProperty("java.class.path"), "io.noemata.cli.Main", "proxy", "--upstream", upstream, "--port", "0",
        "--access-log", "off").redirectError(err.toFile()).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String line = CompletableFuture.supplyAsync(() -> {
      try {
        return out.readLine();
      } catch (IOException e) {
        return null;
      }
    }).get(120, TimeUnit.SECONDS);
    if (line == null || !line.startsWith("ready ")) {
      p.destroyForcibly();
      throw new IllegalStateException("noemata proxy did not start: " + line + " " + Files.readString(err));
    }
    return new ProxyBench(p, err, line.substring("ready ".length()));
  }

  public String url() {
    return url;
  }

  public Connection connect(String database) throws Exception {
    return DriverManager.getConnection("jdbc:clickhouse://" + url.substring("http://".length()) + "/" + database, "default", "");
  }

  /** {@code SELECT 1}: medians and their ratio. */
  public static Interleaved.Result selectOne(Connection direct, Connection proxied, int rounds) throws Exception {
    return Interleaved.measure(() -> drain(direct, "SELECT 1"), () -> drain(proxied, "SELECT 1"), rounds, rounds);
  }

  /** A 100,000-row result of two columns, read whole. */
  public static Interleaved.Result rows100k(Connection direct, Connection proxied) throws Exception {
    String sql = "SELECT number, toString(number) FROM numbers(100000)";
    return Interleaved.measure(() -> drain(direct, sql), () -> drain(proxied, sql), 10, 60);
  }

  /** An INSERT of 1,000,000 CSV rows in one POST (the JDK HTTP client), into a MergeTree table. */
  public Interleaved.Result insert1m(String directUrl, Connection setup) throws Exception {
    try (Statement s = setup.createStatement()) {
      s.execute("CREATE OR REPLACE TABLE default.bench_proxy_insert (id UInt64, name String, at DateTime)"
          + " ENGINE = MergeTree ORDER BY id");
    }
    StringBuilder b = new StringBuilder(40 << 20);
    for (int i = 0; i < 1_000_000; i++) {
      b.append(i).append(",name-").append(i % 1000).append(",2024-06-10 00:00:00\n");
    }
    byte[] body = b.toString().getBytes(StandardCharsets.US_ASCII);
    String q = "/?query=" + URLEncoder.encode("INSERT INTO default.bench_proxy_insert FORMAT CSV", StandardCharsets.UTF_8);
    Interleaved.Result r = Interleaved.measure(() -> post(directUrl + q, body), () -> post(url + q, body), 2, 10);
    try (Statement s = setup.createStatement()) {
      s.execute("DROP TABLE default.bench_proxy_insert");
    }
    return r;
  }

  /**
   * One dashboard panel: raw (a few rounds, for the speedup shown), then the driver and the proxy
   * interleaved over many rounds, alternating which goes first. The proxy's speedup is within 10%
   * of the driver's when their times are: speedup_proxy / speedup_driver = driver_ms / proxy_ms.
   */
  public record Panel(String name, boolean sameText, double rawMs, double driverMs, double proxyMs) {
    public double driverSpeedup() {
      return rawMs / driverMs;
    }

    public double proxySpeedup() {
      return rawMs / proxyMs;
    }

    /** How far the proxy's speedup is from the driver's, as a fraction of the driver's. */
    public double gap() {
      return Math.abs(driverMs / proxyMs - 1);
    }
  }

  public static Panel panel(DashboardQuery q, Connection raw, Connection driver, Connection proxied, QueryLog log, int rawReps,
      int reps) throws Exception {
    String viaDriver = sent(driver, q.sql(), log);
    String viaProxy = sent(proxied, q.sql(), log);
    drain(raw, q.sql());
    double[] r = new double[rawReps];
    for (int i = 0; i < rawReps; i++) {
      r[i] = time(raw, q.sql());
    }
    Interleaved.Result pair = Interleaved.measure(() -> drain(driver, q.sql()), () -> drain(proxied, q.sql()), 3, reps);
    return new Panel(q.panel(), viaDriver.equals(viaProxy), median(r), pair.aMedianMs(), pair.bMedianMs());
  }

  private static String sent(Connection c, String sql, QueryLog log) throws Exception {
    long mark = log.mark();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      ResultTable.read(rs);
    }
    List<QueryLog.Entry> arrived = log.since(mark);
    return arrived.isEmpty() ? sql : arrived.get(arrived.size() - 1).sql();
  }

  /**
   * Streams a result of about {@code gb} GB (10^9 bytes) through the proxy and discards it; returns
   * its bytes. The embedded engine fails a result of 1 GiB or more, direct as through the proxy.
   */
  public long bigResult(double gb) throws Exception {
    long rows = (long) (gb * 1e9 / 146);
    String sql = "SELECT number, repeat(toString(number), 20) FROM numbers(" + rows + ") FORMAT TSV";
    HttpResponse<InputStream> r = http.send(HttpRequest.newBuilder(URI.create(url + "/")).POST(HttpRequest.BodyPublishers.ofString(sql))
        .build(), HttpResponse.BodyHandlers.ofInputStream());
    try (InputStream in = r.body()) {
      return in.transferTo(OutputStream.nullOutputStream());
    }
  }

  /** Streams an INSERT of about {@code gb} GB of CSV (generated, never held) through the proxy into a Null table. */
  public long bigInsert(double gb, Connection setup) throws Exception {
    try (Statement s = setup.createStatement()) {
      s.execute("CREATE OR REPLACE TABLE default.bench_proxy_null (n UInt64, s String) ENGINE = Null");
    }
    long rows = (long) (gb * 1e9 / 146);
    CsvRows csv = new CsvRows(rows);
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url + "/?query="
        + URLEncoder.encode("INSERT INTO default.bench_proxy_null FORMAT CSV", StandardCharsets.UTF_8)))
        .POST(HttpRequest.BodyPublishers.ofInputStream(() -> csv)).build(), HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IllegalStateException("the INSERT through the proxy failed: " + r.body());
    }
    try (Statement s = setup.createStatement()) {
      s.execute("DROP TABLE default.bench_proxy_null");
    }
    return csv.bytes();
  }

  /** Stops the proxy with SIGTERM; its peak heap in MiB, as it reports it. */
  public double stop() throws Exception {
    process.destroy();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("noemata proxy did not stop within 60 s of SIGTERM");
    }
    String err = Files.readString(stderr);
    Matcher m = Pattern.compile("peak heap ([0-9.]+) MiB").matcher(err);
    if (process.exitValue() != 0 || !m.find()) {
      throw new IllegalStateException("noemata proxy exited " + process.exitValue() + ": " + err);
    }
    return Double.parseDouble(m.group(1));
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      process.destroyForcibly();
    }
  }

  private void post(String target, byte[] body) throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(target)).POST(HttpRequest.BodyPublishers.ofByteArray(body))
        .build(), HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IllegalStateException(String.format(Locale.ROOT, "%s answered %d: %s", target, r.statusCode(), r.body()));
    }
  }

  private static double time(Connection c, String sql) throws Exception {
    long t = System.nanoTime();
    drain(c, sql);
    return (System.nanoTime() - t) / 1e6;
  }

  static void drain(Connection c, String sql) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      int n = rs.getMetaData().getColumnCount();
      while (rs.next()) {
        for (int i = 1; i <= n; i++) {
          rs.getObject(i);
        }
      }
    }
  }

  private static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }
}

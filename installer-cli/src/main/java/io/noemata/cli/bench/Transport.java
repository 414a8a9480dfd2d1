package io.noemata.cli.bench;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.LongStream;

import com.clickhouse.client.api.internal.ClickHouseLZ4InputStream;
import net.jpountz.lz4.LZ4Factory;

/**
 * The transport scenario of {@code noemata bench}: answers of 1 to 100,000 rows through
 * clickhouse-jdbc beside the same answer fetched by the JDK's HTTP client (the request
 * clickhouse-jdbc sends: RowBinaryWithNamesAndTypes, LZ4-framed, and its frames decompressed with
 * the LZ4 reader clickhouse-jdbc uses, as any client must to hold the rows), interleaved. Sizes double, so a
 * size more than twice as slow as a neighbour is a stall of the transport, not of the work: the
 * Nagle stall it was written for took 48 ms at 2,000-8,000 rows and 7.6 ms at 16,000.
 */
public final class Transport {

  /** Sizes from 1 to 100,000 rows, each at most twice the one before. */
  public static final List<Long> SIZES = LongStream.concat(
      LongStream.iterate(1, n -> n <= 65_536, n -> n * 2), LongStream.of(100_000)).boxed().toList();

  /** One size: medians through clickhouse-jdbc and through the plain HTTP client. */
  public record Size(long rows, double jdbcMs, double httpMs) {
    public double ratio() {
      return httpMs == 0 ? Double.NaN : jdbcMs / httpMs;
    }
  }

  private static final LZ4Factory LZ4 = LZ4Factory.fastestInstance();

  private Transport() {}

  /** Measures every size of {@link #SIZES} on {@code jdbc} and at {@code httpUrl} ({@code http://host:port}). */
  public static List<Size> measure(Connection jdbc, String httpUrl, int rounds) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    List<Size> sizes = new ArrayList<>();
    for (long n : SIZES) {
      String sql = "SELECT number, toString(number) FROM numbers(" + n + ")";
      HttpRequest request = HttpRequest.newBuilder(URI.create(httpUrl + "/?compress=1"))
          .header("X-ClickHouse-Format", "RowBinaryWithNamesAndTypes")
          .POST(HttpRequest.BodyPublishers.ofString(sql)).build();
      Interleaved.Result r = Interleaved.measure(() -> readAll(jdbc, sql), () -> fetch(http, request), 3, rounds);
      sizes.add(new Size(n, r.aMedianMs(), r.bMedianMs()));
    }
    return sizes;
  }

  /**
   * What the figures show wrong: a size more than 2x slower than a neighbour through
   * clickhouse-jdbc, or more than 2x the plain client's time for the same answer.
   */
  public static List<String> faults(List<Size> sizes) {
    List<String> faults = new ArrayList<>();
    for (int i = 0; i < sizes.size(); i++) {
      Size s = sizes.get(i);
      for (int j : new int[] {i - 1, i + 1}) {
        if (j >= 0 && j < sizes.size() && s.jdbcMs() > 2 * sizes.get(j).jdbcMs()) {
          faults.add(String.format(Locale.ROOT, "%,d rows took %.2f ms, more than 2x the %.2f ms of %,d rows",
              s.rows(), s.jdbcMs(), sizes.get(j).jdbcMs(), sizes.get(j).rows()));
        }
      }
      if (s.ratio() > 2) {
        faults.add(String.format(Locale.ROOT, "%,d rows took %.2f ms through clickhouse-jdbc, more than 2x the plain"
            + " HTTP client's %.2f ms", s.rows(), s.jdbcMs(), s.httpMs()));
      }
    }
    return faults;
  }

  private static void readAll(Connection c, String sql) throws Exception {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        rs.getLong(1);
        rs.getString(2);
      }
    }
  }

  private static void fetch(HttpClient http, HttpRequest request) throws Exception {
    HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
    try (InputStream in = new ClickHouseLZ4InputStream(response.body(), LZ4.fastDecompressor(), 1 << 20)) {
      in.transferTo(OutputStream.nullOutputStream());
    }
    if (response.statusCode() != 200) {
      throw new IllegalStateException("the server answered " + response.statusCode() + " to " + request.uri());
    }
  }
}

package io.noemata.embedded.http;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.InflaterInputStream;

import com.clickhouse.client.api.internal.ClickHouseLZ4InputStream;
import com.clickhouse.client.api.internal.ClickHouseLZ4OutputStream;
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;

import io.noemata.embedded.EmbeddedClickHouse;
import io.noemata.embedded.EngineRequest;
import io.noemata.embedded.InsertStatement;
import io.noemata.embedded.OutputFormat;
import io.noemata.embedded.QueryResult;
import net.jpountz.lz4.LZ4Factory;

/**
 * Answers one HTTP request the way a ClickHouse server does: the SQL from the {@code query}
 * parameter and/or the body, the database from {@code X-ClickHouse-Database} or {@code database},
 * every other parameter a setting, the user from {@link RequestUser}, the reply in the requested
 * format (ClickHouse-framed LZ4 when {@code compress=1}; gzip or deflate with {@code
 * enable_http_compression=1} and {@code Accept-Encoding}, and request bodies in either Content-Encoding),
 * errors as {@code X-ClickHouse-Exception-Code}
 * plus ClickHouse's text.
 * Every request gets a reply, even on a bug here: a client waiting for one would hang forever.
 */
final class QueryHandler implements HttpHandler {

  private static final LZ4Factory LZ4 = LZ4Factory.fastestInstance();
  private static final int LZ4_BLOCK = 1 << 20;

  private final EmbeddedClickHouse engine;
  private final QueryLog queryLog;

  QueryHandler(EmbeddedClickHouse engine, QueryLog queryLog) {
    this.engine = engine;
    this.queryLog = queryLog;
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      if (path.equals("/ping") || path.equals("/replicas_status")) {
        reply(exchange, 200, "Ok.\n".getBytes(StandardCharsets.UTF_8), Map.of());
        return;
      }
      if (!path.equals("/") && !path.isEmpty()) {
        fail(exchange, 404, 1000, "Code: 1000. DB::Exception: no handler for " + path + " in the embedded engine");
        return;
      }
      try {
        answer(exchange);
      } catch (RuntimeException | IOException e) {
        fail(exchange, 500, 1000, "Code: 1000. DB::Exception: embedded engine front end failed: " + e);
      }
    }
  }

  private void answer(HttpExchange exchange) throws IOException {
    HttpParams params = HttpParams.parse(exchange.getRequestURI().getRawQuery());
    Headers headers = exchange.getRequestHeaders();
    String queryId = first(params.get("query_id"), headers.getFirst("X-ClickHouse-Query-Id"), UUID.randomUUID().toString());
    String database = first(headers.getFirst("X-ClickHouse-Database"), params.get("database"), "default");
    String format = first(params.get("default_format"), headers.getFirst("X-ClickHouse-Format"), "TabSeparated");
    boolean compress = "1".equals(params.get("compress"));
    String user = RequestUser.of(headers.getFirst("X-ClickHouse-User"), headers.getFirst("Authorization"), params.get("user"));

    byte[] body = readBody(exchange, "1".equals(params.get("decompress")));
    String urlSql = params.get("query");
    QueryResult result;
    String sql;
    if (urlSql != null && body.length > 0 && InsertStatement.parse(urlSql) != null) {
      sql = urlSql;
      result = engine.insert(new EngineRequest(database, params.settings(), urlSql, format, user), new ByteArrayInputStream(body));
    } else {
      String bodySql = new String(body, StandardCharsets.UTF_8);
      sql = urlSql == null ? bodySql : body.length == 0 ? urlSql : urlSql + "\n" + bodySql;
      InsertStatement inline = urlSql == null ? InsertStatement.parse(bodySql) : null;
      if (inline != null && inline.dataStart() < bodySql.length()) {
        // INSERT ... FORMAT X followed by its rows in the body: the rows go through a file.
        int dataOffset = inline.sql().getBytes(StandardCharsets.UTF_8).length
            + bodySql.substring(inline.sql().length(), inline.dataStart()).getBytes(StandardCharsets.UTF_8).length;
        sql = inline.sql();
        result = engine.insert(new EngineRequest(database, params.settings(), inline.sql(), format, user),
            new ByteArrayInputStream(body, dataOffset, body.length - dataOffset));
      } else {
        String explicit = OutputFormat.explicit(sql);
        if (explicit != null) {
          format = explicit;
        }
        result = engine.execute(new EngineRequest(database, params.settings(), sql, format, user));
      }
    }
    queryLog.add(new QueryLog.Entry(queryId, sql, result.ok() ? 0 : result.errorCode(),
        result.rowsRead(), result.bytesRead(), result.elapsedSeconds()));
    if (!result.ok()) {
      fail(exchange, statusFor(result.errorCode()), result.errorCode(), result.error());
      return;
    }
    Map<String, String> replyHeaders = new java.util.HashMap<>(Map.of(
        "X-ClickHouse-Format", format,
        "X-ClickHouse-Query-Id", queryId,
        "X-ClickHouse-Timezone", engine.timezone(),
        "X-ClickHouse-Server-Display-Name", "noemata-embedded",
        "X-ClickHouse-Summary", summary(result),
        "Content-Type", contentType(format)));
    byte[] data = compress ? lz4(result.data()) : result.data();
    String encoding = data.length == 0 ? null : responseEncoding(params, headers);
    if (encoding != null) {
      data = encode(data, encoding);
      replyHeaders.put("Content-Encoding", encoding);
    }
    reply(exchange, 200, data, replyHeaders);
  }

  private static byte[] readBody(HttpExchange exchange, boolean lz4Framed) throws IOException {
    InputStream in = exchange.getRequestBody();
    // as a server: the HTTP Content-Encoding first, then ClickHouse's own LZ4 framing inside it
    String encoding = exchange.getRequestHeaders().getFirst("Content-Encoding");
    String e = encoding == null ? "" : encoding.strip().toLowerCase(Locale.ROOT);
    switch (e) {
      case "", "identity" -> { }
      case "gzip", "x-gzip" -> in = new GZIPInputStream(in);
      case "deflate" -> in = new InflaterInputStream(in);
      default -> throw new IOException("Content-Encoding " + encoding + " is not supported by the embedded engine"
          + " (gzip, deflate or none; or ClickHouse's LZ4 with decompress=1)");
    }
    if (lz4Framed) {
      in = new ClickHouseLZ4InputStream(in, LZ4.fastDecompressor(), LZ4_BLOCK);
    }
    return in.readAllBytes();
  }

  /**
   * The Content-Encoding a server would answer in: with {@code enable_http_compression=1}, the
   * first of gzip or deflate the client accepts; null for none.
   */
  static String responseEncoding(HttpParams params, Headers headers) {
    String enabled = params.get("enable_http_compression");
    String accept = headers.getFirst("Accept-Encoding");
    if (enabled == null || enabled.equals("0") || accept == null) {
      return null;
    }
    for (String token : accept.toLowerCase(Locale.ROOT).split(",")) {
      String t = token.strip();
      int semi = t.indexOf(';');
      String name = semi < 0 ? t : t.substring(0, semi).strip();
      if (name.equals("gzip") || name.equals("deflate")) {
        return name;
      }
    }
    return null;
  }

  static byte[] encode(byte[] data, String encoding) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream(data.length / 3 + 64);
    try (OutputStream z = encoding.equals("gzip") ? new GZIPOutputStream(out) : new DeflaterOutputStream(out)) {
      z.write(data);
    }
    return out.toByteArray();
  }

  static byte[] lz4(byte[] data) throws IOException {
    if (data.length == 0) {
      return data;
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(data.length / 2 + 64);
    // blocks no larger than the answer: the stream allocates (and the JVM zeroes) a block and its
    // compressed copy per reply, 2 MB at the full 1 MB block, for SELECT 1's few bytes too
    int block = Math.min(LZ4_BLOCK, data.length);
    try (ClickHouseLZ4OutputStream lz4 = new ClickHouseLZ4OutputStream(out, LZ4.fastCompressor(), block)) {
      lz4.write(data);
    }
    return out.toByteArray();
  }

  private static String summary(QueryResult r) {
    return "{\"read_rows\":\"" + r.rowsRead() + "\",\"read_bytes\":\"" + r.bytesRead()
        + "\",\"written_rows\":\"" + r.rowsWritten() + "\",\"written_bytes\":\"" + r.bytesWritten()
        + "\",\"total_rows_to_read\":\"" + r.rowsRead() + "\",\"result_rows\":\"0\",\"result_bytes\":\""
        + r.data().length + "\",\"elapsed_ns\":\"" + (long) (r.elapsedSeconds() * 1e9) + "\"}";
  }

  private static String contentType(String format) {
    String f = format.toLowerCase(Locale.ROOT);
    if (f.startsWith("json")) {
      return "application/json; charset=UTF-8";
    }
    if (f.startsWith("tabseparated") || f.startsWith("tsv") || f.startsWith("csv") || f.startsWith("pretty")) {
      return "text/plain; charset=UTF-8";
    }
    return "application/octet-stream";
  }

  /** The status a ClickHouse server would send; clients read the exception code header first. */
  private static int statusFor(int code) {
    return switch (code) {
      case 60, 81 -> 404; // UNKNOWN_TABLE, UNKNOWN_DATABASE
      case 62, 47, 46, 27, 6, 26, 36, 38, 43, 53 -> 400; // syntax, unknown identifier/function, bad arguments, parse
      case 516 -> 401; // AUTHENTICATION_FAILED
      case 497 -> 403; // ACCESS_DENIED
      default -> 500;
    };
  }

  private static void fail(HttpExchange exchange, int status, int code, String message) throws IOException {
    String text = message.startsWith("Code:") ? message : "Code: " + code + ". DB::Exception: " + message;
    reply(exchange, status, (text + "\n").getBytes(StandardCharsets.UTF_8), Map.of(
        "X-ClickHouse-Exception-Code", Integer.toString(code),
        "Content-Type", "text/plain; charset=UTF-8"));
  }

  private static void reply(HttpExchange exchange, int status, byte[] body, Map<String, String> headers) throws IOException {
    Headers out = exchange.getResponseHeaders();
    headers.forEach(out::set);
    // A fixed length, never chunked: an empty reply must say Content-Length: 0.
    exchange.sendResponseHeaders(status, body.length == 0 ? -1 : body.length);
    if (body.length > 0) {
      try (OutputStream os = exchange.getResponseBody()) {
        os.write(body);
      }
    }
  }

  @SafeVarargs
  private static <T> T first(T... candidates) {
    for (T c : candidates) {
      if (c != null && !(c instanceof String s && s.isBlank())) {
        return c;
      }
    }
    return null;
  }
}

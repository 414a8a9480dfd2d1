package io.noemata.proxy;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What the proxy reads from a request's head, as a ClickHouse server reads it: the path, the
 * query-string parameters (kept raw, in order, so a request is forwarded as it came), the statement
 * in {@code query=}, the database ({@code X-ClickHouse-Database} over {@code database=}), the
 * session, the credentials and the {@code param_<name>} values of {@code {name:Type}} parameters.
 */
final class RequestFacts {

  /** One {@code name=value} of the query string: the raw text and its decoded parts. */
  record Param(String raw, String name, String value) {}

  private final String path;
  private final List<Param> params;
  private final Map<String, String> byName = new LinkedHashMap<>();
  private final String headerDatabase;
  private final Credentials credentials;
  private final String contentEncoding;

  private RequestFacts(String path, List<Param> params, String headerDatabase, Credentials credentials,
      String contentEncoding) {
    this.path = path;
    this.params = List.copyOf(params);
    params.forEach(p -> byName.putIfAbsent(p.name(), p.value())); // the first of a repeated name counts, as in ClickHouse
    this.headerDatabase = headerDatabase;
    this.credentials = credentials;
    this.contentEncoding = contentEncoding;
  }

  static RequestFacts of(HttpRequest request) {
    String uri = request.uri();
    int q = uri.indexOf('?');
    String path = q < 0 ? uri : uri.substring(0, q);
    List<Param> params = new ArrayList<>();
    if (q >= 0) {
      for (int from = q + 1; from <= uri.length(); ) {
        int amp = uri.indexOf('&', from);
        int end = amp < 0 ? uri.length() : amp;
        if (end > from) {
          String pair = uri.substring(from, end);
          int eq = pair.indexOf('=');
          params.add(new Param(pair, decode(eq < 0 ? pair : pair.substring(0, eq)), eq < 0 ? "" : decode(pair.substring(eq + 1))));
        }
        from = end + 1;
      }
    }
    Map<String, String> names = new LinkedHashMap<>();
    params.forEach(p -> names.putIfAbsent(p.name(), p.value()));
    String encoding = request.headers().get(HttpHeaderNames.CONTENT_ENCODING);
    return new RequestFacts(path.isEmpty() ? "/" : path, params, request.headers().get(HeaderNames.DATABASE),
        Credentials.of(request.headers(), names.get("user"), names.get("password")),
        encoding == null ? "" : encoding.strip().toLowerCase(Locale.ROOT));
  }

  /** Percent-decoding as ClickHouse's form reader does ({@code +} is a space); a broken escape stays as written. */
  static String decode(String s) {
    if (s.indexOf('%') < 0 && s.indexOf('+') < 0) {
      return s; // most names and values: nothing to decode (the decoder would copy them)
    }
    try {
      return URLDecoder.decode(s, StandardCharsets.UTF_8);
    } catch (IllegalArgumentException broken) {
      return s;
    }
  }

  static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
  }

  String path() {
    return path;
  }

  String param(String name) {
    return byName.get(name);
  }

  /** The statement (or its start) in {@code query=}; null when there is none. */
  String query() {
    return byName.get("query");
  }

  /** The database the request names, or null (then the user's default, {@code default}, or the session's). */
  String database() {
    if (headerDatabase != null && !headerDatabase.isBlank()) {
      return headerDatabase;
    }
    String p = byName.get("database");
    return p == null || p.isBlank() ? null : p;
  }

  String sessionId() {
    String s = byName.get("session_id");
    return s == null || s.isEmpty() ? null : s;
  }

  String queryId() {
    return byName.get("query_id");
  }

  Credentials credentials() {
    return credentials;
  }

  /** The {@code param_<name>} values, by name: what the server binds to {@code {name:Type}}. */
  Map<String, String> namedParameters() {
    Map<String, String> out = new LinkedHashMap<>();
    byName.forEach((k, v) -> {
      if (k.startsWith("param_") && k.length() > 6) {
        out.put(k.substring(6), v);
      }
    });
    return out;
  }

  /**
   * The settings of the request that could make a rewritten statement mean something else
   * ({@link io.noemata.rewriter.checks.MeaningSettings#changesMeaning}: additional_table_filters, ...):
   * with any of them the statement goes as written, as the driver does for a connection's.
   */
  java.util.Set<String> meaningSettings() {
    java.util.Set<String> out = new java.util.TreeSet<>();
    byName.keySet().stream().filter(io.noemata.rewriter.checks.MeaningSettings::changesMeaning).forEach(out::add);
    return out;
  }

  /** {@code decompress=1}: the body is in ClickHouse's own LZ4 framing. */
  boolean framedBody() {
    String d = byName.get("decompress");
    return d != null && !d.equals("0") && !d.isEmpty();
  }

  /** The body's Content-Encoding, lower case; "" for none. */
  String contentEncoding() {
    return contentEncoding;
  }

  /**
   * The request's path and query string with {@code query=} set to {@code sql} (or removed when
   * null) and, when {@code plainBody}, without {@code decompress}: every other parameter as it came.
   */
  String uriWith(String sql, boolean plainBody) {
    List<String> out = new ArrayList<>();
    boolean placed = false;
    for (Param p : params) {
      if (p.name().equals("query")) {
        if (sql != null && !placed) {
          out.add("query=" + encode(sql));
          placed = true;
        }
      } else if (!(plainBody && p.name().equals("decompress"))) {
        out.add(p.raw());
      }
    }
    if (sql != null && !placed) {
      out.add("query=" + encode(sql));
    }
    return out.isEmpty() ? path : path + "?" + String.join("&", out);
  }
}

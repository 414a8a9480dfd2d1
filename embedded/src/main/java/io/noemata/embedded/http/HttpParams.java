package io.noemata.embedded.http;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The query-string parameters of a ClickHouse HTTP request. Those the protocol itself uses are
 * kept apart; every other one is a setting for this query alone, as on a ClickHouse server.
 */
record HttpParams(Map<String, String> all) {

  /** Parameters of the HTTP interface itself, never passed on as settings. */
  private static final Set<String> PROTOCOL = Set.of(
      "query", "database", "default_format", "query_id", "compress", "decompress", "user", "password",
      "quota_key", "session_id", "session_timeout", "session_check", "buffer_size", "wait_end_of_query",
      "enable_http_compression", "http_headers_progress_interval_ms", "send_progress_in_http_headers",
      "http_zlib_compression_level", "http_native_compression_disable_checksumming_on_decompress",
      "role", "client_protocol_version");

  static HttpParams parse(String rawQuery) {
    Map<String, String> all = new LinkedHashMap<>();
    if (rawQuery != null && !rawQuery.isEmpty()) {
      for (String pair : rawQuery.split("&")) {
        if (pair.isEmpty()) {
          continue;
        }
        int eq = pair.indexOf('=');
        String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
        String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
        all.put(name, value);
      }
    }
    return new HttpParams(all);
  }

  String get(String name) {
    return all.get(name);
  }

  /** Everything that is not a protocol parameter: settings and {@code param_*} query parameters. */
  Map<String, String> settings() {
    Map<String, String> settings = new LinkedHashMap<>();
    all.forEach((k, v) -> {
      if (!PROTOCOL.contains(k)) {
        settings.put(k, v);
      }
    });
    return settings;
  }
}

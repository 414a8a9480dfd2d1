package io.noemata.driver;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;

/**
 * The values a connection gives {@code {name:Type}} query parameters. clickhouse-jdbc sends no
 * per-statement values for them; it sends every {@code clickhouse_setting_param_<name>} property
 * (connect() properties or the URL's query string) as the server setting {@code param_<name>} on
 * every request of the connection, so those are the values the server substitutes.
 */
final class QueryParameterValues {

  static final String PREFIX = "clickhouse_setting_param_";

  private QueryParameterValues() {}

  /** By parameter name; {@code properties} win over the URL, as they do in clickhouse-jdbc. */
  static Map<String, String> of(String delegateUrl, Properties properties) {
    Map<String, String> out = new HashMap<>();
    int q = delegateUrl.indexOf('?');
    if (q >= 0) {
      for (String pair : delegateUrl.substring(q + 1).split("&")) {
        int eq = pair.indexOf('=');
        String name = decode(eq < 0 ? pair : pair.substring(0, eq));
        if (eq > 0 && name.startsWith(PREFIX)) {
          out.put(name.substring(PREFIX.length()), decode(pair.substring(eq + 1)));
        }
      }
    }
    for (String name : properties.stringPropertyNames()) {
      if (name.startsWith(PREFIX)) {
        out.put(name.substring(PREFIX.length()), properties.getProperty(name));
      }
    }
    return Map.copyOf(out);
  }

  private static String decode(String s) {
    return URLDecoder.decode(s, StandardCharsets.UTF_8);
  }
}

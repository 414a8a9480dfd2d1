package io.noemata.driver;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * The values a connection gives {@code {name:Type}} query parameters. clickhouse-jdbc sends no
 * per-statement values for them; it sends every {@code clickhouse_setting_param_<name>} property
 * (connect() properties or the URL's query string) as the server setting {@code param_<name>} on
 * every request of the connection, so those are the values the server substitutes.
 */
final class QueryParameterValues {

  static final String SETTING = "clickhouse_setting_";
  static final String PREFIX = SETTING + "param_";

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

  /**
   * The server settings the connection sends with every statement (its {@code clickhouse_setting_}
   * properties and URL parameters) that could change what a rewritten level means
   * ({@link io.noemata.rewriter.checks.MeaningSettings#changesMeaning}).
   */
  static Set<String> meaningChanging(String delegateUrl, Properties properties) {
    Set<String> out = new TreeSet<>();
    int q = delegateUrl.indexOf('?');
    if (q >= 0) {
      for (String pair : delegateUrl.substring(q + 1).split("&")) {
        int eq = pair.indexOf('=');
        add(decode(eq < 0 ? pair : pair.substring(0, eq)), out);
      }
    }
    properties.stringPropertyNames().forEach(name -> add(name, out));
    return Set.copyOf(out);
  }

  private static void add(String property, Set<String> out) {
    if (property.startsWith(SETTING) && io.noemata.rewriter.checks.MeaningSettings.changesMeaning(
        property.substring(SETTING.length()))) {
      out.add(property.substring(SETTING.length()));
    }
  }

  private static String decode(String s) {
    return URLDecoder.decode(s, StandardCharsets.UTF_8);
  }
}

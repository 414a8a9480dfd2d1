package io.noemata.driver;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Properties;

/**
 * A {@code jdbc:noemata:clickhouse://...} or {@code jdbc:noemata:ch://...} URL taken apart:
 * the clickhouse-jdbc URL it stands for (the same text without {@code noemata:} and without
 * {@code noemata.*} query parameters) and those parameters.
 *
 * @param delegateUrl the URL handed to clickhouse-jdbc, otherwise byte for byte as given
 * @param endpoint {@code jdbc:clickhouse://host:port}, which identifies the server for catalog
 *     caching and may be printed: user information in the URL is left out
 * @param urlUser the user named in the URL's authority ({@code user:password@host}), or null
 * @param options the {@code noemata.*} query parameters, decoded
 */
public record NoemataUrl(String delegateUrl, String endpoint, String urlUser, Properties options) {

  public static final String PREFIX = "jdbc:noemata:";

  public NoemataUrl {
    Objects.requireNonNull(delegateUrl, "delegateUrl");
    Objects.requireNonNull(endpoint, "endpoint");
    Objects.requireNonNull(options, "options");
  }

  /** True for the URLs this driver takes. */
  public static boolean accepts(String url) {
    return url != null && (url.startsWith(PREFIX + "clickhouse:") || url.startsWith(PREFIX + "ch:"));
  }

  /** Parses an accepted URL. */
  public static NoemataUrl parse(String url) {
    if (!accepts(url)) {
      throw new IllegalArgumentException("not a jdbc:noemata:clickhouse:// or jdbc:noemata:ch:// URL");
    }
    String rest = "jdbc:" + url.substring(PREFIX.length());
    Properties options = new Properties();
    int q = rest.indexOf('?');
    String base = q < 0 ? rest : rest.substring(0, q);
    if (q >= 0) {
      List<String> kept = new ArrayList<>();
      for (String pair : rest.substring(q + 1).split("&", -1)) {
        int eq = pair.indexOf('=');
        String name = decode(eq < 0 ? pair : pair.substring(0, eq));
        if (name.startsWith(NoemataSettings.PREFIX)) {
          options.setProperty(name, eq < 0 ? "" : decode(pair.substring(eq + 1)));
        } else {
          kept.add(pair);
        }
      }
      rest = kept.isEmpty() ? base : base + "?" + String.join("&", kept);
    }
    int hostStart = base.indexOf("//");
    int pathStart = hostStart < 0 ? -1 : base.indexOf('/', hostStart + 2);
    String endpoint = pathStart < 0 ? base : base.substring(0, pathStart);
    String user = null;
    int at = hostStart < 0 ? -1 : endpoint.lastIndexOf('@');
    if (at > hostStart) {
      String userInfo = endpoint.substring(hostStart + 2, at);
      int colon = userInfo.indexOf(':');
      user = decode(colon < 0 ? userInfo : userInfo.substring(0, colon));
      endpoint = endpoint.substring(0, hostStart + 2) + endpoint.substring(at + 1);
    }
    return new NoemataUrl(rest, endpoint, user, options);
  }

  private static String decode(String s) {
    return URLDecoder.decode(s, StandardCharsets.UTF_8);
  }
}

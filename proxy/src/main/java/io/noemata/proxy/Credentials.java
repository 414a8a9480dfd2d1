package io.noemata.proxy;

import io.netty.handler.codec.http.HttpHeaders;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * Who a request says it is, read the three ways ClickHouse's HTTP interface accepts: the
 * {@code X-ClickHouse-User}/{@code X-ClickHouse-Key} headers, HTTP Basic auth, or the {@code user} and
 * {@code password} parameters. The request itself is forwarded as given; these are only for reading
 * the catalog as that user (each user's grants decide what the rewriter may read). The password
 * never appears in {@link #toString()} nor in any log.
 *
 * @param user the user name ({@code default} when none is given, as on the server)
 * @param password the password, empty when none is given
 * @param readable false when the request authenticates another way (a bearer token, a certificate):
 *     the catalog cannot be read as that user, so its statements pass through
 */
record Credentials(String user, String password, boolean readable) {

  static final String DEFAULT_USER = "default";

  static Credentials of(HttpHeaders headers, String userParam, String passwordParam) {
    String headerUser = headers.get(HeaderNames.USER);
    if (headerUser != null) {
      return new Credentials(headerUser, nonNull(headers.get(HeaderNames.KEY)), true);
    }
    String auth = headers.get(io.netty.handler.codec.http.HttpHeaderNames.AUTHORIZATION);
    if (auth != null) {
      if (auth.regionMatches(true, 0, "Basic ", 0, 6)) {
        String decoded;
        try {
          decoded = new String(Base64.getDecoder().decode(auth.substring(6).strip()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notBase64) {
          return new Credentials(DEFAULT_USER, "", false);
        }
        int colon = decoded.indexOf(':');
        return colon < 0 ? new Credentials(decoded, "", true)
            : new Credentials(decoded.substring(0, colon), decoded.substring(colon + 1), true);
      }
      return new Credentials(DEFAULT_USER, "", false);
    }
    if (headers.contains(HeaderNames.CERTIFICATE_AUTH)) {
      return new Credentials(DEFAULT_USER, "", false);
    }
    return new Credentials(userParam == null || userParam.isEmpty() ? DEFAULT_USER : userParam, nonNull(passwordParam), true);
  }

  private static String nonNull(String s) {
    return s == null ? "" : s;
  }

  @Override
  public String toString() {
    return user + (readable ? "" : " (not readable by the proxy)");
  }
}

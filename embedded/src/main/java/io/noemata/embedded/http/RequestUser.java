package io.noemata.embedded.http;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The user a ClickHouse HTTP request names, where a server looks for it: {@code X-ClickHouse-User},
 * then HTTP basic authentication (what clickhouse-jdbc sends), then the {@code user} parameter.
 * Passwords are not read: the embedded engine checks none.
 */
final class RequestUser {

  private RequestUser() {}

  /** The named user, or null when the request names none (the server's default user). */
  static String of(String clickHouseUserHeader, String authorizationHeader, String userParameter) {
    if (clickHouseUserHeader != null && !clickHouseUserHeader.isBlank()) {
      return clickHouseUserHeader.strip();
    }
    String basic = basicUser(authorizationHeader);
    if (basic != null) {
      return basic;
    }
    return userParameter == null || userParameter.isBlank() ? null : userParameter.strip();
  }

  private static String basicUser(String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Basic ", 0, 6)) {
      return null;
    }
    String decoded;
    try {
      decoded = new String(Base64.getDecoder().decode(authorization.substring(6).strip()), StandardCharsets.UTF_8);
    } catch (IllegalArgumentException notBase64) {
      return null;
    }
    int colon = decoded.indexOf(':');
    String user = colon < 0 ? decoded : decoded.substring(0, colon);
    return user.isBlank() ? null : user;
  }
}

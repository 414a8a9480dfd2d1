package io.noemata.proxy;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;

/**
 * An error of the proxy itself in the shape a ClickHouse server gives one, so every client reports
 * it as it reports the server's: the {@code X-ClickHouse-Exception-Code} header (clickhouse-jdbc
 * reads it before the status) and a body {@code Code: N. DB::Exception: ... (NAME)}, which the
 * other clients parse.
 *
 * @param status the HTTP status
 * @param code ClickHouse's error code (src/Common/ErrorCodes.cpp)
 * @param name the code's name
 * @param message what happened and what to do
 */
record ClickHouseError(HttpResponseStatus status, int code, String name, String message) {

  /** The upstream cannot be reached or dropped the connection before answering. */
  static ClickHouseError network(String message) {
    return new ClickHouseError(HttpResponseStatus.BAD_GATEWAY, 210, "NETWORK_ERROR", message);
  }

  /** A client too slow to send its request. */
  static ClickHouseError timeout(String message) {
    return new ClickHouseError(HttpResponseStatus.REQUEST_TIMEOUT, 209, "SOCKET_TIMEOUT", message);
  }

  /** A request the HTTP parser refused (Poco's domain on a server). */
  static ClickHouseError badRequest(HttpResponseStatus status, String message) {
    return new ClickHouseError(status, 1000, "POCO_EXCEPTION", message);
  }

  static ClickHouseError tooManyConnections(int max) {
    return new ClickHouseError(HttpResponseStatus.SERVICE_UNAVAILABLE, 202, "TOO_MANY_SIMULTANEOUS_QUERIES",
        "the noemata proxy serves at most " + max + " connections at once (--max-connections); retry later");
  }

  static ClickHouseError internal(String message) {
    return new ClickHouseError(HttpResponseStatus.INTERNAL_SERVER_ERROR, 1001, "STD_EXCEPTION", message);
  }

  String text() {
    return "Code: " + code + ". DB::Exception: " + message + ". (" + name + ") (noemata proxy)\n";
  }

  FullHttpResponse response(HttpVersion version, boolean keepAlive) {
    byte[] body = text().getBytes(StandardCharsets.UTF_8);
    FullHttpResponse r = new DefaultFullHttpResponse(version, status, Unpooled.wrappedBuffer(body));
    r.headers().set(HeaderNames.EXCEPTION_CODE, Integer.toString(code))
        .set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=UTF-8")
        .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
        .set(HttpHeaderNames.CONNECTION, keepAlive ? "keep-alive" : "close");
    return r;
  }
}

package io.noemata.proxy;

import io.netty.util.AsciiString;

/**
 * ClickHouse's own request and response headers, as {@link AsciiString}s: Netty's headers hash a
 * name on every lookup, and an {@code AsciiString} keeps its (case-insensitive) hash, which a
 * {@code String} literal does not.
 */
final class HeaderNames {

  static final AsciiString USER = AsciiString.cached("X-ClickHouse-User");
  static final AsciiString KEY = AsciiString.cached("X-ClickHouse-Key");
  static final AsciiString CERTIFICATE_AUTH = AsciiString.cached("X-ClickHouse-SSL-Certificate-Auth");
  static final AsciiString DATABASE = AsciiString.cached("X-ClickHouse-Database");
  static final AsciiString QUERY_ID = AsciiString.cached("X-ClickHouse-Query-Id");
  static final AsciiString EXCEPTION_CODE = AsciiString.cached("X-ClickHouse-Exception-Code");

  private HeaderNames() {}
}

package io.noemata.proxy;

import io.noemata.core.ledger.Json;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.List;
import java.util.function.Consumer;

/**
 * One JSON line per statement, for a log shipper: when, who (user name, remote address; never a
 * password, a parameter value or the statement's text, which may hold secrets), what the proxy did
 * with it and what it read, the status and ClickHouse error code, bytes each way and timings.
 */
final class AccessLog {

  /**
   * One statement.
   *
   * @param statement its first keyword ({@code SELECT}, {@code INSERT}, ...; "" for none)
   * @param decision what the proxy did: {@code rewritten}, {@code kept}, {@code fell_back}, {@code
   *     as_written}, {@code not_understood}, {@code dry_run}, {@code catalog_unavailable},
   *     {@code rewriter_error}, {@code passed} (never planned: not a query the rewriter may change)
   * @param read the accelerators read ({@code rollup logs_1h}, {@code column __nm_...})
   * @param outcome {@code ok}, {@code error}, {@code cancelled} (the client left first) or {@code failed}
   *     (the proxy could not complete it)
   */
  record Entry(Instant time, String remote, String user, String queryId, String method, String path, String statement,
      String decision, List<String> read, int status, int code, String outcome, long requestBytes, long responseBytes,
      double planMs, double firstByteMs, double totalMs) {}

  private final Consumer<String> sink;

  /** {@code sink}: where the lines go; null: no access log, and no line is even formatted. */
  AccessLog(Consumer<String> sink) {
    this.sink = sink;
  }

  boolean on() {
    return sink != null;
  }

  void write(Entry e) {
    if (sink == null) {
      return;
    }
    Map<String, Object> line = new LinkedHashMap<>();
    line.put("time", e.time().toString());
    line.put("remote", e.remote());
    line.put("user", e.user());
    line.put("query_id", e.queryId());
    line.put("method", e.method());
    line.put("path", e.path());
    line.put("statement", e.statement());
    line.put("decision", e.decision());
    line.put("read", e.read());
    line.put("status", e.status());
    line.put("code", e.code());
    line.put("outcome", e.outcome());
    line.put("request_bytes", e.requestBytes());
    line.put("response_bytes", e.responseBytes());
    line.put("plan_ms", round(e.planMs()));
    line.put("first_byte_ms", round(e.firstByteMs()));
    line.put("total_ms", round(e.totalMs()));
    sink.accept(Json.writeAscii(line));
  }

  private static double round(double ms) {
    return Math.round(ms * 1000) / 1000.0;
  }
}

package io.noemata.proxy;

import java.time.Instant;
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

  AccessLog(Consumer<String> sink) {
    this.sink = sink;
  }

  static AccessLog discard() {
    return new AccessLog(line -> { });
  }

  void write(Entry e) {
    StringBuilder b = new StringBuilder(256).append("{\"time\":");
    ProvenanceHeader.string(b, e.time().toString());
    field(b, "remote", e.remote());
    field(b, "user", e.user());
    field(b, "query_id", e.queryId());
    field(b, "method", e.method());
    field(b, "path", e.path());
    field(b, "statement", e.statement());
    field(b, "decision", e.decision());
    b.append(",\"read\":[");
    for (int i = 0; i < e.read().size(); i++) {
      if (i > 0) {
        b.append(',');
      }
      ProvenanceHeader.string(b, e.read().get(i));
    }
    b.append("],\"status\":").append(e.status()).append(",\"code\":").append(e.code());
    field(b, "outcome", e.outcome());
    b.append(",\"request_bytes\":").append(e.requestBytes()).append(",\"response_bytes\":").append(e.responseBytes())
        .append(",\"plan_ms\":").append(round(e.planMs())).append(",\"first_byte_ms\":").append(round(e.firstByteMs()))
        .append(",\"total_ms\":").append(round(e.totalMs())).append('}');
    sink.accept(b.toString());
  }

  private static void field(StringBuilder b, String name, String value) {
    b.append(",\"").append(name).append("\":");
    ProvenanceHeader.string(b, value);
  }

  private static double round(double ms) {
    return Math.round(ms * 1000) / 1000.0;
  }
}

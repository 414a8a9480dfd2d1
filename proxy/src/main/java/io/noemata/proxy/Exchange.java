package io.noemata.proxy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.handler.codec.http.HttpRequest;
import io.noemata.driver.provenance.QueryProvenance;
import io.noemata.rewriter.provenance.ResourceUse;
import java.util.ArrayList;
import java.util.List;

/** One request and its response on a client connection: what was asked, decided, sent and answered. */
final class Exchange {

  /** How the request travels: streamed as it arrives, or held whole to be planned. */
  enum Mode {
    /** Forwarded as it arrives: not a query the rewriter may change. */
    STREAM,
    /** The body is held until its first word says whether it is a query (no {@code query=}, a POST). */
    PEEK,
    /** A query: held whole, planned, then sent (rewritten or as written). */
    HOLD
  }

  /** Which text is on its way to the upstream. */
  enum Attempt { ORIGINAL, REWRITTEN }

  final HttpRequest request;
  final RequestFacts facts;
  final boolean keepAlive;
  final long startNanos = System.nanoTime();
  Mode mode;
  /** The body held (PEEK, HOLD): the bytes as they came, for the original is resent as written. */
  CompositeByteBuf held;
  boolean requestDone;
  /** The statement's text or its start, for the log and for what a DDL changes; null when unknown. */
  String statementStart;
  Planning.Decision decision;
  /** What was finally sent: the decision's provenance, or its fallback. */
  QueryProvenance provenance;
  Attempt attempt = Attempt.ORIGINAL;
  /** The rewritten text's refusal is being read, to resend the original once it is whole. */
  boolean readingRefusal;
  int refusalCode;
  final StringBuilder refusal = new StringBuilder();
  /** A fallback's provenance, reported to the planner once the original is answered 2xx. */
  QueryProvenance.FellBack fellBack;
  /** The query id the request gave, else the one the upstream answered with. */
  String queryId;
  /** Whether the client connection stays open after this response. */
  boolean keepResponse;
  boolean responseStarted;
  boolean responseDone;
  /** The response came before the request was whole: the connection cannot be reused. */
  boolean closeAfter;
  int status;
  int code;
  long requestBytes;
  long responseBytes;
  double planMs;
  long firstByteNanos;
  /** Body parts read before the upstream connection was ready (STREAM). */
  final List<Object> pending = new ArrayList<>();
  boolean streaming;

  Exchange(HttpRequest request, RequestFacts facts, boolean keepAlive) {
    this.request = request;
    this.facts = facts;
    this.keepAlive = keepAlive;
  }

  String decisionName() {
    QueryProvenance p = provenance;
    if (p == null) {
      return decision == null ? "passed" : "as_written";
    }
    if (p instanceof QueryProvenance.FellBack) {
      return "fell_back";
    }
    if (p instanceof QueryProvenance.Rewritten) {
      return "rewritten";
    }
    if (p instanceof QueryProvenance.Kept) {
      return "kept";
    }
    if (p instanceof QueryProvenance.NotUnderstood) {
      return "not_understood";
    }
    if (p instanceof QueryProvenance.DryRun) {
      return "dry_run";
    }
    if (p instanceof QueryProvenance.CatalogFailure) {
      return "catalog_unavailable";
    }
    if (p instanceof QueryProvenance.RewriterError) {
      return "rewriter_error";
    }
    return "as_written";
  }

  /** The accelerators the statement that ran read. */
  List<String> read() {
    List<String> out = new ArrayList<>();
    if (!(provenance instanceof QueryProvenance.Rewritten)) {
      return out;
    }
    provenance.rollupsRead().forEach(r -> out.add("rollup " + r.rollup() + (r.rawEdges() ? " with raw edges" : "")));
    provenance.storedColumns().forEach(u -> {
      if (u instanceof ResourceUse.Substituted) {
        out.add("column " + u.column());
      }
    });
    return out;
  }

  void release() {
    if (held != null) {
      held.release();
      held = null;
    }
    for (Object o : pending) {
      io.netty.util.ReferenceCountUtil.release(o);
    }
    pending.clear();
  }

  static int heldBytes(ByteBuf b) {
    return b == null ? 0 : b.readableBytes();
  }
}

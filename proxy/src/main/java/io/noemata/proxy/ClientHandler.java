package io.noemata.proxy;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.TooLongFrameException;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpContent;
import io.netty.handler.codec.http.DefaultHttpHeaders;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import io.netty.util.AsciiString;
import io.netty.util.ReferenceCountUtil;
import io.noemata.driver.catalog.CatalogKey;
import io.noemata.driver.proxy.SqlText;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.List;

/**
 * One client connection: reads each request, decides how it travels ({@link Exchange.Mode}), sends
 * it on this connection's own upstream connection (same event loop: no locks, no thread hops for
 * bytes) and streams the answer back. The upstream connection lives as long as the client's and
 * closes with it, which is how a client that leaves cancels its request upstream.
 */
final class ClientHandler extends ChannelInboundHandlerAdapter {

  /**
   * Headers of one hop only: never forwarded either way. Removed by name from a copy (Netty's
   * headers hash names case-insensitively), so a request costs no lower-casing of every name.
   */
  private static final List<AsciiString> HOP_BY_HOP = List.of(HttpHeaderNames.CONNECTION, HttpHeaderNames.KEEP_ALIVE,
      HttpHeaderNames.PROXY_CONNECTION, HttpHeaderNames.TE, HttpHeaderNames.TRAILER, HttpHeaderNames.UPGRADE,
      HttpHeaderNames.EXPECT, HttpHeaderNames.PROXY_AUTHORIZATION, HttpHeaderNames.PROXY_AUTHENTICATE, HttpHeaderNames.HOST);
  /** How much of a refused rewrite's error body is kept for the fallback's warning. */
  private static final int REFUSAL_CHARS = 4096;
  /** How much of a held body's start is read for its first word. */
  private static final int PEEK_BYTES = 4096;
  /** Pipelined request parts read ahead of their turn before reading pauses. */
  private static final int MAX_QUEUED = 64;
  /** How long a connection closing after an error waits for the client to stop sending. */
  private static final int LINGER_SECONDS = 2;

  private final ProxyServer server;
  private final Deadlines deadlines;
  private ChannelHandlerContext ctx;
  private String remote = "";
  private boolean admitted;
  /** An error was answered and the connection is closing: nothing more is read as a request. */
  private boolean closing;
  private Channel upstream;
  private boolean upstreamKeepsAlive = true;
  private Exchange ex;
  /** The credentials of this connection's last planned request, and their catalog key. */
  private Credentials keyOf;
  private CatalogKey key;
  /** Requests a client pipelined behind one not yet answered, in order. */
  private final ArrayDeque<Object> queued = new ArrayDeque<>();

  ClientHandler(ProxyServer server, Deadlines deadlines) {
    this.server = server;
    this.deadlines = deadlines;
  }

  // ---- the client side

  @Override
  public void channelActive(ChannelHandlerContext ctx) {
    this.ctx = ctx;
    SocketAddress a = ctx.channel().remoteAddress();
    remote = a instanceof InetSocketAddress i ? i.getAddress().getHostAddress() + ":" + i.getPort() : String.valueOf(a);
    admitted = server.admit();
    if (!admitted) {
      answerAndClose(ClickHouseError.tooManyConnections(server.config().maxConnections()).response(HttpVersion.HTTP_1_1, false));
    }
  }

  /**
   * Writes {@code response} and closes as servers do after an error: the output first, then the
   * connection once the client has stopped sending, or after {@link #LINGER_SECONDS}. Closing at
   * once with the client's bytes unread makes the kernel reset the connection, which can destroy
   * the answer before the client reads it. What arrives meanwhile is dropped.
   */
  private void answerAndClose(Object response) {
    closing = true;
    ctx.channel().config().setAutoRead(true);
    ctx.writeAndFlush(response).addListener(f -> {
      if (f.isSuccess() && ctx.channel() instanceof io.netty.channel.socket.SocketChannel socket) {
        socket.shutdownOutput();
        ctx.executor().schedule(() -> ctx.close(), LINGER_SECONDS, java.util.concurrent.TimeUnit.SECONDS);
      } else {
        ctx.close();
      }
    });
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (!admitted || closing) {
      ReferenceCountUtil.release(msg);
      return;
    }
    if (ex != null && ex.requestDone || !queued.isEmpty()) {
      queued.add(msg);
      updateRead();
      return;
    }
    handle(msg);
  }

  /**
   * What one read from the client brought goes on at once: waiting for the write buffer's high mark
   * instead would make the upstream idle while the next half megabyte of a streamed body is read.
   */
  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    Exchange x = ex;
    if (x != null && x.streaming && upstream != null) {
      upstream.flush();
    }
    ctx.fireChannelReadComplete();
  }

  private void handle(Object msg) {
    try {
      if (msg instanceof HttpRequest r) {
        onHead(r);
      }
      if (msg instanceof HttpContent c) {
        if (ex == null || ex.responseDone) {
          c.release(); // the rest of a request already answered (and refused)
        } else {
          onContent(c);
        }
      } else if (!(msg instanceof HttpRequest)) {
        ReferenceCountUtil.release(msg);
      }
    } catch (RuntimeException e) {
      internalFailure(e);
    }
  }

  private void onHead(HttpRequest r) {
    if (r.decoderResult().isFailure()) {
      Throwable cause = r.decoderResult().cause();
      HttpResponseStatus status = cause instanceof TooLongHttpLineException ? HttpResponseStatus.REQUEST_URI_TOO_LONG
          : cause instanceof TooLongHttpHeaderException ? HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE
          : HttpResponseStatus.BAD_REQUEST;
      String what = cause instanceof TooLongFrameException ? "the request line or headers are longer than the proxy accepts ("
          + server.config().maxHeaderBytes() + " bytes of headers)" : "malformed HTTP request";
      answerAndClose(ClickHouseError.badRequest(status, what).response(HttpVersion.HTTP_1_1, false));
      return;
    }
    deadlines.readingBody();
    RequestFacts facts = RequestFacts.of(r);
    ex = new Exchange(r, facts, HttpUtil.isKeepAlive(r));
    server.counted();
    String query = facts.query();
    if (!facts.path().equals("/")) {
      ex.mode = Exchange.Mode.STREAM; // /ping, /replicas_status, /play ...: the server's, untouched
    } else if (query != null) {
      ex.statementStart = query;
      ex.mode = SqlText.isQuery(SqlText.firstWord(query)) ? Exchange.Mode.HOLD : Exchange.Mode.STREAM;
    } else {
      ex.mode = r.method().equals(HttpMethod.POST) || HttpUtil.isContentLengthSet(r) || HttpUtil.isTransferEncodingChunked(r)
          ? Exchange.Mode.PEEK : Exchange.Mode.STREAM;
    }
    if (ex.mode == Exchange.Mode.STREAM) {
      startStream();
    } else {
      ex.held = ctx.alloc().compositeBuffer(64);
    }
  }

  private void onContent(HttpContent c) {
    Exchange x = ex;
    int n = c.content().readableBytes();
    x.requestBytes += n;
    boolean last = c instanceof LastHttpContent;
    if (x.mode == Exchange.Mode.STREAM) {
      if (x.streaming) {
        upstream.write(c);
        if (last || !upstream.isWritable()) {
          upstream.flush();
        }
      } else {
        x.pending.add(c);
      }
    } else {
      if (n > 0) {
        x.held.addComponent(true, c.content().retain());
      }
      c.release();
      if (!last && x.held.readableBytes() > server.config().maxStatementBytes()) {
        x.decision = null;
        startStream(); // too long to be a statement the rewriter reads: what is held goes first
      } else if (!last && x.mode == Exchange.Mode.PEEK && x.facts.contentEncoding().isEmpty() && !x.facts.framedBody()) {
        String start = peek(x.held);
        String word = SqlText.firstWord(start);
        if (!word.isEmpty() && SqlText.firstWord(start + "x").equals(word) && !SqlText.isQuery(word)) {
          x.statementStart = start;
          startStream(); // an INSERT and its data, DDL, ...: on its way at once
        }
      }
    }
    if (last) {
      x.requestDone = true;
      deadlines.answering();
      updateRead();
      if (x.mode != Exchange.Mode.STREAM) {
        decide();
      }
    } else {
      updateRead();
    }
  }

  private static String peek(ByteBuf held) {
    int n = Math.min(PEEK_BYTES, held.readableBytes());
    return held.toString(held.readerIndex(), n, StandardCharsets.ISO_8859_1); // keywords are ASCII
  }

  /** The whole held request is in: read its statement, plan it, send what the planner says. */
  private void decide() {
    Exchange x = ex;
    BodyText body = x.held.isReadable()
        ? BodyText.read(x.held, x.facts.contentEncoding(), x.facts.framedBody(), server.config().maxStatementBytes())
        : new BodyText("", null);
    if (body.unreadable() != null) {
      sendHeld(); // e.g. a brotli body: the server reads it, the rewriter cannot
      return;
    }
    String q = x.facts.query();
    String sql = q == null ? body.text() : body.text().isEmpty() ? q : q + "\n" + body.text(); // as the server joins them
    x.statementStart = sql;
    if (!SqlText.isQuery(SqlText.firstWord(sql))) {
      sendHeld();
      return;
    }
    ProxyServer.Session session = server.session(x.facts);
    String named = x.facts.database() != null ? x.facts.database() : session.database();
    Planning planning = server.planning();
    java.util.Optional<String> database = named != null ? java.util.Optional.of(named)
        : planning.userDatabases().known(x.facts.credentials());
    long t0 = System.nanoTime();
    CatalogKey key = catalogKey(x.facts.credentials());
    if (database.isPresent() && planning.warm(key, sql)) {
      Planning.Decision d = planning.plan(sql, database.get(), x.facts, session.settings(), key);
      if (!planning.mayAskServer(d)) {
        planned(x, d, t0);
        return;
      } // else the server is asked for its reading, as the driver asks it: never on the event loop
    }
    server.planExecutor().execute(() -> {
      Planning.Decision d;
      try {
        // the user's own default database, asked of the server; unknown: the statement goes as written
        java.util.Optional<String> db = database.isPresent() ? database : planning.userDatabases().of(x.facts.credentials());
        d = db.isEmpty() ? null : planning.plan(sql, db.get(), x.facts, session.settings(), key,
            planning.explainer(x.facts.credentials(), db.get()));
      } catch (RuntimeException e) {
        d = null;
      }
      Planning.Decision decided = d;
      ctx.executor().execute(() -> planned(x, decided, t0));
    });
  }

  /** The catalog key of {@code c}: a connection's requests mostly come from one user, so the last one is kept. */
  private CatalogKey catalogKey(Credentials c) {
    if (!c.equals(keyOf)) {
      key = server.planning().key(c);
      keyOf = c;
    }
    return key;
  }

  private void planned(Exchange x, Planning.Decision d, long t0) {
    if (x != ex || !ctx.channel().isActive()) {
      return; // the client left while the catalog was read
    }
    x.planMs = (System.nanoTime() - t0) / 1e6;
    try {
      x.decision = d;
      x.provenance = d == null ? null : d.provenance();
      if (d != null && d.provenance().changed()) {
        sendRewritten(d.provenance().sent());
      } else {
        sendHeld();
      }
    } catch (RuntimeException e) {
      internalFailure(e);
    }
  }

  /** The request as it came, with the held body (a fixed length now: the framing is per hop). */
  private void sendHeld() {
    Exchange x = ex;
    x.attempt = Exchange.Attempt.ORIGINAL;
    HttpRequest r = x.request;
    boolean hadBody = x.held.isReadable() || HttpUtil.isContentLengthSet(r) || HttpUtil.isTransferEncodingChunked(r);
    withUpstream(() -> {
      FullHttpRequest out = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, r.method(), r.uri(), x.held.retainedDuplicate(),
          forwardHeaders(r.headers()), new DefaultHttpHeaders());
      if (hadBody) {
        out.headers().remove(HttpHeaderNames.TRANSFER_ENCODING).setInt(HttpHeaderNames.CONTENT_LENGTH, x.held.readableBytes());
      }
      upstream.writeAndFlush(out);
    });
  }

  /**
   * The rewritten statement where the original was: in {@code query=} when it came only there (a
   * GET stays a GET, and so read-only), else as the body, plain, without {@code query=}.
   */
  private void sendRewritten(String sql) {
    Exchange x = ex;
    x.attempt = Exchange.Attempt.REWRITTEN;
    HttpRequest r = x.request;
    boolean inUrl = x.facts.query() != null && !x.held.isReadable();
    ByteBuf body = inUrl ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(sql.getBytes(StandardCharsets.UTF_8));
    String uri = inUrl ? x.facts.uriWith(sql, false) : x.facts.uriWith(null, true);
    withUpstream(() -> {
      FullHttpRequest out = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, r.method(), uri, body,
          forwardHeaders(r.headers()), new DefaultHttpHeaders());
      out.headers().remove(HttpHeaderNames.TRANSFER_ENCODING);
      if (!inUrl) {
        out.headers().remove(HttpHeaderNames.CONTENT_ENCODING);
      }
      if (!inUrl || HttpUtil.isContentLengthSet(r)) {
        out.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
      }
      upstream.writeAndFlush(out);
    });
  }

  /** Forwards the request as it arrives: its head now, what is held or already read next, the rest as it comes. */
  private void startStream() {
    Exchange x = ex;
    x.mode = Exchange.Mode.STREAM;
    updateRead();
    withUpstream(() -> {
      HttpRequest head = new DefaultHttpRequest(HttpVersion.HTTP_1_1, x.request.method(), x.request.uri(),
          forwardHeaders(x.request.headers()));
      upstream.write(head);
      if (x.held != null) {
        ByteBuf held = x.held;
        x.held = null;
        if (held.isReadable()) {
          upstream.write(new DefaultHttpContent(held));
        } else {
          held.release();
        }
      }
      for (Object o : x.pending) {
        upstream.write(o);
      }
      x.pending.clear();
      upstream.flush();
      x.streaming = true;
      updateRead();
    });
  }

  private HttpHeaders forwardHeaders(HttpHeaders in) {
    HttpHeaders out = withoutHopByHop(in.copy());
    out.set(HttpHeaderNames.HOST, server.config().upstreamAuthority());
    return out;
  }

  private static HttpHeaders withoutHopByHop(HttpHeaders h) {
    for (AsciiString name : HOP_BY_HOP) {
      h.remove(name);
    }
    return h;
  }

  /** Runs {@code send} once this connection's upstream connection is open (opened now if needed). */
  private void withUpstream(Runnable send) {
    if (upstream != null && upstream.isActive()) {
      send.run();
      return;
    }
    Exchange x = ex;
    server.connectUpstream(ctx.channel().eventLoop(), this).addListener((io.netty.channel.ChannelFuture f) -> {
      if (x != ex) {
        f.channel().close();
        return;
      }
      if (!f.isSuccess()) {
        failBeforeResponse(ClickHouseError.network("the noemata proxy cannot connect to its upstream "
            + server.config().upstreamAuthority() + " (" + f.cause().getClass().getSimpleName() + ": " + f.cause().getMessage()
            + ")"));
        return;
      }
      if (!ctx.channel().isActive()) {
        f.channel().close();
        return;
      }
      upstream = f.channel();
      upstreamKeepsAlive = true;
      try {
        send.run();
      } catch (RuntimeException e) {
        internalFailure(e);
      }
    });
  }

  // ---- the upstream side

  void fromUpstream(Channel ch, Object msg) {
    Exchange x = ex;
    if (ch != upstream || x == null || x.responseDone) {
      ReferenceCountUtil.release(msg);
      return;
    }
    try {
      if (msg instanceof HttpResponse r) {
        onResponseHead(x, r);
      }
      if (msg instanceof HttpContent c) {
        onResponseContent(x, c);
      } else if (!(msg instanceof HttpResponse)) {
        ReferenceCountUtil.release(msg);
      }
    } catch (RuntimeException e) {
      ReferenceCountUtil.release(msg);
      internalFailure(e);
    }
  }

  private boolean skippingInterim;

  private void onResponseHead(Exchange x, HttpResponse r) {
    if (r.decoderResult().isFailure()) {
      closeUpstream();
      failBeforeResponse(ClickHouseError.network("the upstream's answer is not HTTP the proxy can read"));
      return;
    }
    if (r.status().codeClass() == io.netty.handler.codec.http.HttpStatusClass.INFORMATIONAL) {
      skippingInterim = true; // a 100 Continue of its own: the client had ours
      return;
    }
    upstreamKeepsAlive = HttpUtil.isKeepAlive(r);
    x.status = r.status().code();
    x.code = exceptionCode(r.headers());
    x.firstByteNanos = System.nanoTime();
    if (x.queryId == null) {
      x.queryId = r.headers().get(HeaderNames.QUERY_ID);
    }
    if (x.attempt == Exchange.Attempt.REWRITTEN && x.status != 200
        && x.decision.planner().fallback(x.provenance, new SQLException("", null, x.code)).isPresent()) {
      x.readingRefusal = true; // no byte of it reaches the client: the original goes instead
      x.refusalCode = x.code;
      return;
    }
    if (x.fellBack != null && r.status().codeClass() == io.netty.handler.codec.http.HttpStatusClass.SUCCESS) {
      server.planning().fellBack(x.decision, x.fellBack);
    }
    if (!x.requestDone) {
      x.closeAfter = true; // answered before the body was whole: the rest of it is not read
    }
    // the upstream's head is not read again: its headers are the client's, less the hop-by-hop ones
    HttpResponse out = new DefaultHttpResponse(x.request.protocolVersion(), r.status(), withoutHopByHop(r.headers()));
    boolean keep = x.keepAlive && !x.closeAfter;
    if (!HttpUtil.isContentLengthSet(r) && !HttpUtil.isTransferEncodingChunked(r) && mayHaveBody(x, r)) {
      if (x.request.protocolVersion().equals(HttpVersion.HTTP_1_1)) {
        HttpUtil.setTransferEncodingChunked(out, true); // the upstream ends its body by closing; we may not
      } else {
        keep = false;
      }
    }
    HttpUtil.setKeepAlive(out, keep);
    x.keepResponse = keep;
    if (x.decision != null && r.status().codeClass() == io.netty.handler.codec.http.HttpStatusClass.SUCCESS) {
      String header = x.decision.header(x.provenance);
      if (header != null) {
        out.headers().set(ProvenanceHeader.NAME, header);
      }
    }
    x.responseStarted = true;
    ctx.write(out);
  }

  private static boolean mayHaveBody(Exchange x, HttpResponse r) {
    int s = r.status().code();
    return !x.request.method().equals(HttpMethod.HEAD) && s != 204 && s != 304;
  }

  private void onResponseContent(Exchange x, HttpContent c) {
    boolean last = c instanceof LastHttpContent;
    if (skippingInterim) {
      c.release();
      skippingInterim = !last;
      return;
    }
    if (x.readingRefusal) {
      if (x.refusal.length() < REFUSAL_CHARS) {
        x.refusal.append(c.content().toString(StandardCharsets.UTF_8));
      }
      c.release();
      if (last) {
        resendAsWritten(x);
      }
      return;
    }
    x.responseBytes += c.content().readableBytes();
    ctx.write(c);
    if (!ctx.channel().isWritable()) {
      upstream.config().setAutoRead(false); // the client reads slower than the upstream writes
    }
    if (last) {
      finish(x.status / 100 == 2 ? "ok" : "error");
    }
  }

  /** The server refused the rewritten text with a code the driver falls back on: the original goes, once. */
  private void resendAsWritten(Exchange x) {
    String text = x.refusal.toString().strip();
    int nl = text.indexOf('\n');
    String first = nl < 0 ? text : text.substring(0, nl);
    x.fellBack = x.decision.planner().fallback(x.provenance, new SQLException(first, null, x.refusalCode)).orElseThrow();
    x.provenance = x.fellBack;
    x.readingRefusal = false;
    x.status = 0;
    x.code = 0;
    if (!upstreamKeepsAlive) {
      closeUpstream();
    }
    sendHeld();
  }

  void upstreamReadComplete() {
    ctx.flush();
  }

  void upstreamWritabilityChanged() {
    updateRead();
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    if (ctx.channel().isWritable() && upstream != null) {
      upstream.config().setAutoRead(true);
    }
    ctx.fireChannelWritabilityChanged();
  }

  void upstreamClosed(Channel ch, Throwable cause) {
    if (ch != upstream) {
      return;
    }
    upstream = null;
    Exchange x = ex;
    if (x == null || x.responseDone) {
      return;
    }
    if (x.readingRefusal) {
      resendAsWritten(x);
    } else if (!x.responseStarted) {
      failBeforeResponse(ClickHouseError.network("the upstream " + server.config().upstreamAuthority()
          + " closed the connection before answering" + (cause == null ? "" : " (" + cause.getClass().getSimpleName() + ")")));
    } else {
      log(x, "failed"); // the answer is cut: so must the client's be, or it would take it for whole
      x.responseDone = true;
      ctx.close();
    }
  }

  private void closeUpstream() {
    Channel u = upstream;
    upstream = null;
    if (u != null) {
      u.close();
    }
  }

  // ---- ends

  private void failBeforeResponse(ClickHouseError error) {
    Exchange x = ex;
    if (x == null || x.responseStarted || !ctx.channel().isActive()) {
      ctx.close();
      return;
    }
    x.status = error.status().code();
    x.code = error.code();
    x.closeAfter |= !x.requestDone;
    x.keepResponse = x.keepAlive && !x.closeAfter;
    x.responseStarted = true;
    ctx.write(error.response(x.request.protocolVersion(), x.keepResponse));
    finish("failed");
  }

  private void internalFailure(RuntimeException e) {
    closeUpstream();
    if (ex != null && !ex.responseStarted) {
      failBeforeResponse(ClickHouseError.internal("the noemata proxy failed (" + e + "); the request was not completed"));
    } else {
      ctx.close();
    }
  }

  private void finish(String outcome) {
    Exchange x = ex;
    x.responseDone = true;
    log(x, outcome);
    if (x.status == 200 && x.statementStart != null) {
      String word = SqlText.firstWord(x.statementStart);
      if (SqlText.isDdl(word)) {
        server.planning().executed(x.statementStart, x.facts);
      } else if (x.facts.sessionId() != null && (word.equals("USE") || word.equals("SET"))) {
        ProxyServer.Session s = server.session(x.facts);
        String db = SqlText.useDatabase(x.statementStart);
        server.rememberSession(x.facts, word.equals("USE")
            ? new ProxyServer.Session(db != null ? db : s.database(), s.settings())
            : new ProxyServer.Session(s.database(), s.settings().after(x.statementStart)));
      }
    }
    boolean keep = x.keepResponse && !x.closeAfter;
    if (x.closeAfter) {
      closeUpstream(); // it holds the rest of a request body nobody will send
    }
    x.release();
    ex = null;
    if (!keep) {
      if (x.closeAfter) {
        answerAndClose(Unpooled.EMPTY_BUFFER); // the rest of the request body may still be on its way
      } else {
        ctx.writeAndFlush(Unpooled.EMPTY_BUFFER).addListener(ChannelFutureListener.CLOSE);
      }
      return;
    }
    ctx.flush();
    deadlines.waitForRequest();
    if (upstream != null) {
      upstream.config().setAutoRead(true);
    }
    updateRead();
    while (!queued.isEmpty() && (ex == null || !ex.requestDone)) {
      handle(queued.poll());
    }
  }

  private void log(Exchange x, String outcome) {
    if (!server.accessLog().on()) {
      return;
    }
    long now = System.nanoTime();
    server.accessLog().write(new AccessLog.Entry(Instant.now(), remote, x.facts.credentials().user(),
        x.facts.queryId() != null ? x.facts.queryId() : x.queryId, x.request.method().name(), x.facts.path(),
        x.statementStart == null ? "" : SqlText.firstWord(x.statementStart), x.decisionName(), x.read(), x.status, x.code,
        outcome, x.requestBytes, x.responseBytes, x.planMs,
        x.firstByteNanos == 0 ? 0 : (x.firstByteNanos - x.startNanos) / 1e6, (now - x.startNanos) / 1e6));
  }

  /** Reads from the client only while what it sends can go somewhere. */
  private void updateRead() {
    if (closing) {
      return; // reading on, to drop what comes until the client closes
    }
    Exchange x = ex;
    boolean read;
    if (x == null) {
      read = true;
    } else if (x.requestDone) {
      // reading on is how a client's leaving is seen (and its query cancelled); what it pipelines
      // meanwhile is queued, up to a bound
      read = queued.size() < MAX_QUEUED;
    } else if (x.mode == Exchange.Mode.STREAM) {
      read = x.streaming && upstream != null && upstream.isWritable();
    } else {
      read = true;
    }
    ctx.channel().config().setAutoRead(read);
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
    if (!(evt instanceof Deadlines.Expired e)) {
      ctx.fireUserEventTriggered(evt);
      return;
    }
    if (closing) {
      return;
    }
    switch (e) {
      case IDLE -> ctx.close();
      case HEAD -> answerAndClose(ClickHouseError.timeout("the request head took longer than "
          + server.config().headTimeout().toSeconds() + " s to arrive").response(HttpVersion.HTTP_1_1, false));
      case BODY -> {
        if (ex != null && !ex.requestDone) {
          closeUpstream();
          failBeforeResponse(ClickHouseError.timeout("the request body paused longer than "
              + server.config().bodyTimeout().toSeconds() + " s"));
        }
      }
    }
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    if (admitted) {
      server.released();
    }
    Exchange x = ex;
    if (x != null && !x.responseDone) {
      x.responseDone = true;
      log(x, "cancelled"); // the client left first: its upstream request goes with it
    }
    closeUpstream();
    if (x != null) {
      x.release();
    }
    ex = null;
    queued.forEach(ReferenceCountUtil::release);
    queued.clear();
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    ctx.close(); // a reset connection, most often; channelInactive cleans up
  }

  private static int exceptionCode(HttpHeaders h) {
    String c = h.get(HeaderNames.EXCEPTION_CODE);
    if (c == null) {
      return 0;
    }
    try {
      return Integer.parseInt(c.strip());
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}

package io.noemata.proxy;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The clocks of one client connection, first in its pipeline so it sees raw bytes: an idle
 * connection is closed after the idle timeout; a request head must be whole within the head timeout
 * of its first byte, however slowly its bytes trickle in (slowloris); a request body may not pause
 * longer than the body timeout. While a response is on its way nothing is timed: a long query is
 * the upstream's business. {@link ClientHandler} says which phase the connection is in.
 */
final class Deadlines extends ChannelDuplexHandler {

  /** What a clock that ran out means. */
  enum Expired { IDLE, HEAD, BODY }

  private enum Phase { IDLE, HEAD, BODY, ANSWERING }

  private final long head;
  private final long idle;
  private final long body;
  private ChannelHandlerContext ctx;
  private Phase phase = Phase.IDLE;
  /**
   * When the running clock runs out (the event loop's ticker), and what that means; {@code what}
   * null: nothing is timed. The one timer fires at or before it and, finding the clock moved on,
   * sets itself for the rest: a body's every read or a kept-alive request's every phase then costs
   * an assignment, not a cancelled and a new scheduled task.
   */
  private long due;
  private Expired what;
  private ScheduledFuture<?> timer;
  private long timerAt;

  Deadlines(ProxyConfig config) {
    this.head = config.headTimeout().toNanos();
    this.idle = config.idleTimeout().toNanos();
    this.body = config.bodyTimeout().toNanos();
  }

  @Override
  public void handlerAdded(ChannelHandlerContext ctx) {
    this.ctx = ctx;
  }

  @Override
  public void channelActive(ChannelHandlerContext ctx) throws Exception {
    waitForRequest();
    super.channelActive(ctx);
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) throws Exception {
    if (msg instanceof ByteBuf b && b.isReadable()) {
      if (phase == Phase.IDLE) {
        phase = Phase.HEAD;
        clock(head, Expired.HEAD);
      } else if (phase == Phase.BODY) {
        clock(body, Expired.BODY);
      }
    }
    super.channelRead(ctx, msg);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    what = null;
    if (timer != null) {
      timer.cancel(false);
      timer = null;
    }
    super.channelInactive(ctx);
  }

  /** Between requests. */
  void waitForRequest() {
    phase = Phase.IDLE;
    clock(idle, Expired.IDLE);
  }

  /** The head is in; its body (if any) follows. */
  void readingBody() {
    phase = Phase.BODY;
    clock(body, Expired.BODY);
  }

  /** The request is in: the upstream answers in its own time. */
  void answering() {
    phase = Phase.ANSWERING;
    what = null; // a timer still set finds nothing to do
  }

  private void clock(long nanos, Expired expired) {
    due = ctx.executor().ticker().nanoTime() + nanos;
    what = expired;
    if (timer == null || due < timerAt) {
      setTimer(due);
    }
  }

  private void setTimer(long at) {
    if (timer != null) {
      timer.cancel(false);
    }
    timerAt = at;
    timer = ctx.executor().schedule(this::fire, at - ctx.executor().ticker().nanoTime(), TimeUnit.NANOSECONDS);
  }

  private void fire() {
    timer = null;
    if (what == null) {
      return;
    }
    if (ctx.executor().ticker().nanoTime() - due >= 0) {
      Expired e = what;
      what = null;
      ctx.fireUserEventTriggered(e);
    } else {
      setTimer(due);
    }
  }
}

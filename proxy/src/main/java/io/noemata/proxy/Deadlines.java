package io.noemata.proxy;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
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

  private final Duration head;
  private final Duration idle;
  private final Duration body;
  private ChannelHandlerContext ctx;
  private Phase phase = Phase.IDLE;
  private ScheduledFuture<?> timer;

  Deadlines(ProxyConfig config) {
    this.head = config.headTimeout();
    this.idle = config.idleTimeout();
    this.body = config.bodyTimeout();
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
        schedule(head, Expired.HEAD);
      } else if (phase == Phase.BODY) {
        schedule(body, Expired.BODY);
      }
    }
    super.channelRead(ctx, msg);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    cancel();
    super.channelInactive(ctx);
  }

  /** Between requests. */
  void waitForRequest() {
    phase = Phase.IDLE;
    schedule(idle, Expired.IDLE);
  }

  /** The head is in; its body (if any) follows. */
  void readingBody() {
    phase = Phase.BODY;
    schedule(body, Expired.BODY);
  }

  /** The request is in: the upstream answers in its own time. */
  void answering() {
    phase = Phase.ANSWERING;
    cancel();
  }

  private void schedule(Duration d, Expired what) {
    cancel();
    timer = ctx.executor().schedule(() -> ctx.fireUserEventTriggered(what), d.toNanos(), TimeUnit.NANOSECONDS);
  }

  private void cancel() {
    if (timer != null) {
      timer.cancel(false);
      timer = null;
    }
  }
}

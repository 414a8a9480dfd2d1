package io.noemata.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.concurrent.MockTicker;
import io.netty.util.concurrent.Ticker;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The connection's clocks on Netty's embedded channel, whose time moves only when the test moves it. */
class DeadlinesTest {

  private static final ProxyConfig CONFIG = ProxyConfig.of(URI.create("http://127.0.0.1:8123"))
      .withTimeouts(Duration.ofSeconds(10), Duration.ofSeconds(60), Duration.ofSeconds(30));

  private final List<Deadlines.Expired> expired = new ArrayList<>();
  private final MockTicker ticker = Ticker.newMockTicker();
  private Deadlines deadlines;
  private EmbeddedChannel ch;

  @BeforeEach
  void open() {
    deadlines = new Deadlines(CONFIG);
    ch = EmbeddedChannel.builder().ticker(ticker).handlers(deadlines, new ChannelInboundHandlerAdapter() {
      @Override
      public void userEventTriggered(ChannelHandlerContext ctx, Object evt) {
        expired.add((Deadlines.Expired) evt);
      }

      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) {
        io.netty.util.ReferenceCountUtil.release(msg);
      }
    }).build();
  }

  private void after(long seconds) {
    ticker.advance(seconds, TimeUnit.SECONDS);
    ch.runScheduledPendingTasks();
  }

  private void bytes() {
    ch.writeInbound(Unpooled.wrappedBuffer(new byte[] {'G'}));
  }

  @Test
  void anIdleConnectionIsClosedAfterTheIdleTimeout() {
    after(59);
    assertEquals(List.of(), expired);
    after(1);
    assertEquals(List.of(Deadlines.Expired.IDLE), expired);
  }

  @Test
  void aHeadTricklingInIsCutOffTheHeadTimeoutAfterItsFirstByte() {
    after(50);
    bytes(); // the idle clock stops: the head's starts
    for (int i = 0; i < 9; i++) {
      after(1);
      bytes();
    }
    assertEquals(List.of(), expired);
    after(1);
    assertEquals(List.of(Deadlines.Expired.HEAD), expired);
  }

  @Test
  void aBodyMayTakeAnyTimeWhileItNeverPausesLongerThanTheBodyTimeout() {
    bytes();
    deadlines.readingBody();
    for (int i = 0; i < 10; i++) {
      after(29);
      bytes();
    }
    assertEquals(List.of(), expired);
    after(30);
    assertEquals(List.of(Deadlines.Expired.BODY), expired);
  }

  @Test
  void nothingIsTimedWhileTheAnswerIsOnItsWayAndTheIdleClockRestartsAfterIt() {
    bytes();
    deadlines.readingBody();
    after(5);
    deadlines.answering();
    after(3600);
    assertEquals(List.of(), expired);
    deadlines.waitForRequest();
    after(59);
    assertEquals(List.of(), expired);
    after(1);
    assertEquals(List.of(Deadlines.Expired.IDLE), expired);
  }

  @Test
  void keptAliveRequestsEachGetTheirOwnClocks() {
    for (int i = 0; i < 3; i++) {
      after(59);
      bytes();
      after(9);
      deadlines.readingBody();
      after(29);
      deadlines.answering();
      after(100);
      deadlines.waitForRequest();
    }
    assertEquals(List.of(), expired);
    bytes();
    after(10);
    assertEquals(List.of(Deadlines.Expired.HEAD), expired);
  }
}

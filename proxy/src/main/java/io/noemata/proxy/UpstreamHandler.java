package io.noemata.proxy;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

/**
 * The upstream end of one client connection's pairing: hands every response part to its
 * {@link ClientHandler} on the same event loop, and says when the upstream can take more body or
 * went away.
 */
final class UpstreamHandler extends ChannelInboundHandlerAdapter {

  private final ClientHandler client;

  UpstreamHandler(ClientHandler client) {
    this.client = client;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    client.fromUpstream(ctx.channel(), msg);
  }

  @Override
  public void channelReadComplete(ChannelHandlerContext ctx) {
    client.upstreamReadComplete();
  }

  @Override
  public void channelWritabilityChanged(ChannelHandlerContext ctx) {
    client.upstreamWritabilityChanged();
    ctx.fireChannelWritabilityChanged();
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    client.upstreamClosed(ctx.channel(), null);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    client.upstreamClosed(ctx.channel(), cause);
    ctx.close();
  }
}

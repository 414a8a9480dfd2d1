package io.noemata.proxy;

import com.github.benmanes.caffeine.cache.Cache;
import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerExpectContinueHandler;
import io.netty.handler.ssl.SslContext;
import io.noemata.driver.proxy.SessionSettings;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * {@code noemata proxy}: listens for ClickHouse HTTP requests and serves each through the driver's
 * planning path to the upstream server (Netty: one event loop group for both sides, each client
 * connection paired with its own upstream connection on the same loop).
 */
public final class ProxyServer implements AutoCloseable {

  /** Between the low and high marks a channel stays writable: about two socket buffers of answer in flight. */
  private static final WriteBufferWaterMark WATER_MARK = new WriteBufferWaterMark(256 << 10, 512 << 10);

  private final ProxyConfig config;
  private final Planning planning;
  private final AccessLog accessLog;
  private final EventLoopGroup boss;
  private final EventLoopGroup workers;
  private final ExecutorService planExecutor;
  private final SslContext upstreamTls;
  /** What each session's USE and SET statements changed, by user and {@code session_id}. */
  private final Cache<String, Session> sessions = io.noemata.driver.catalog.Caches.inline()
      .expireAfterAccess(Duration.ofHours(1)).maximumSize(100_000).build();
  private final AtomicInteger clients = new AtomicInteger();
  private final AtomicInteger upstreams = new AtomicInteger();
  private final AtomicLong requests = new AtomicLong();
  private Channel listener;

  private ProxyServer(ProxyConfig config, Consumer<String> accessLog) {
    this.config = config;
    UpstreamTls tls = UpstreamTls.of(config);
    this.upstreamTls = tls == null ? null : tls.netty();
    this.planning = new Planning(config, tls);
    this.accessLog = new AccessLog(accessLog);
    this.boss = new MultiThreadIoEventLoopGroup(1, daemon("noemata-proxy-accept"), ioHandler());
    this.workers = new MultiThreadIoEventLoopGroup(0, daemon("noemata-proxy-io"), ioHandler());
    this.planExecutor = Executors.newFixedThreadPool(4, daemon("noemata-proxy-plan"));
  }

  /**
   * Starts listening on the configured address; {@code accessLog} receives one JSON line per
   * statement (null: no access log). Throws {@link IllegalStateException} when the address cannot be bound.
   */
  public static ProxyServer start(ProxyConfig config, Consumer<String> accessLog) {
    ProxyServer s = new ProxyServer(config, accessLog);
    try {
      s.bind();
    } catch (RuntimeException e) {
      s.close();
      throw e;
    }
    return s;
  }

  private void bind() {
    ServerBootstrap b = new ServerBootstrap().group(boss, workers)
        .channel(EPOLL ? EpollServerSocketChannel.class : NioServerSocketChannel.class)
        .option(ChannelOption.SO_BACKLOG, 256)
        .childOption(ChannelOption.TCP_NODELAY, true)
        .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, WATER_MARK)
        .childHandler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel ch) {
            Deadlines deadlines = new Deadlines(config);
            HttpDecoderConfig decoding = new HttpDecoderConfig()
                .setMaxInitialLineLength(1 << 20) // a statement in query= may be long: ClickHouse's http_max_uri_size
                .setMaxHeaderSize(config.maxHeaderBytes())
                .setMaxChunkSize(1 << 20);
            ch.pipeline().addLast(deadlines, new HttpServerCodec(decoding), new HttpServerExpectContinueHandler(),
                new ClientHandler(ProxyServer.this, deadlines));
          }
        });
    try {
      listener = b.bind(new InetSocketAddress(config.bindHost(), config.port())).syncUninterruptibly().channel();
    } catch (RuntimeException e) {
      throw new IllegalStateException("cannot listen on " + config.bindHost() + ":" + config.port() + ": " + e.getMessage()
          + (config.port() == 0 ? "" : " (choose another with --port; 0 picks a free one)"), e);
    }
  }

  /** Opens an upstream connection on {@code loop}, the client connection's own. */
  ChannelFuture connectUpstream(EventLoop loop, ClientHandler client) {
    Bootstrap b = new Bootstrap().group(loop).channel(EPOLL ? EpollSocketChannel.class : NioSocketChannel.class)
        .option(ChannelOption.TCP_NODELAY, true)
        .option(ChannelOption.WRITE_BUFFER_WATER_MARK, WATER_MARK)
        .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) config.connectTimeout().toMillis())
        .handler(new ChannelInitializer<SocketChannel>() {
          @Override
          protected void initChannel(SocketChannel ch) {
            if (upstreamTls != null) {
              ch.pipeline().addLast(upstreamTls.newHandler(ch.alloc(), config.upstreamHost(), config.upstreamPort()));
            }
            HttpDecoderConfig decoding = new HttpDecoderConfig()
                .setMaxHeaderSize(1 << 20) // progress headers: one per interval of a long query
                .setMaxChunkSize(1 << 20);
            ch.pipeline().addLast(new HttpClientCodec(decoding, false, false), new UpstreamHandler(client));
            upstreams.incrementAndGet();
            ch.closeFuture().addListener(f -> upstreams.decrementAndGet());
          }
        });
    return b.connect(config.upstreamHost(), config.upstreamPort());
  }

  public int port() {
    return ((InetSocketAddress) listener.localAddress()).getPort();
  }

  /** {@code http://HOST:PORT} where clients connect. */
  public String url() {
    String host = config.bindHost();
    return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port();
  }

  /** Client connections open now. */
  public int openClientConnections() {
    return clients.get();
  }

  /** Upstream connections open now: never more than client connections. */
  public int openUpstreamConnections() {
    return upstreams.get();
  }

  /** Requests read since start. */
  public long requests() {
    return requests.get();
  }

  ProxyConfig config() {
    return config;
  }

  Planning planning() {
    return planning;
  }

  AccessLog accessLog() {
    return accessLog;
  }

  ExecutorService planExecutor() {
    return planExecutor;
  }

  boolean admit() {
    if (clients.incrementAndGet() > config.maxConnections()) {
      clients.decrementAndGet();
      return false;
    }
    return true;
  }

  void released() {
    clients.decrementAndGet();
  }

  void counted() {
    requests.incrementAndGet();
  }

  /** What a session's statements through this proxy changed: the database of its last USE (null: none), its SETs. */
  record Session(String database, SessionSettings settings) {
    static final Session NONE = new Session(null, SessionSettings.NONE);
  }

  /** The request's session as its earlier statements through this proxy left it; {@link Session#NONE} outside one. */
  Session session(RequestFacts facts) {
    Session s = facts.sessionId() == null ? null : sessions.getIfPresent(sessionKey(facts));
    return s == null ? Session.NONE : s;
  }

  /** After a statement of the request's session ran: a USE chose {@code database}, or a SET changed {@code settings}. */
  void rememberSession(RequestFacts facts, Session after) {
    if (facts.sessionId() != null) {
      sessions.put(sessionKey(facts), after);
    }
  }

  private static String sessionKey(RequestFacts facts) {
    return facts.credentials().user() + "\u0000" + facts.sessionId();
  }

  @Override
  public void close() {
    if (listener != null) {
      listener.close().syncUninterruptibly();
    }
    boss.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
    workers.shutdownGracefully(0, 5, TimeUnit.SECONDS).syncUninterruptibly();
    planExecutor.shutdownNow();
  }

  /** Linux's epoll where its native library loads (x86-64 Linux), else the JDK's selector. */
  private static final boolean EPOLL = Epoll.isAvailable();

  private static io.netty.channel.IoHandlerFactory ioHandler() {
    return EPOLL ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    AtomicInteger n = new AtomicInteger();
    return r -> {
      Thread t = new Thread(r, name + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    };
  }
}

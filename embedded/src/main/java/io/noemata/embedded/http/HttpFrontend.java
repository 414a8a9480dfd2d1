package io.noemata.embedded.http;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;

import io.noemata.embedded.EmbeddedClickHouse;
import io.noemata.embedded.EngineException;

/**
 * ClickHouse's HTTP interface on 127.0.0.1, in front of the embedded engine: enough of it that
 * the official clickhouse-jdbc (and curl) talk to it as to a server. Loopback only: the engine
 * checks no passwords (started with a users config, it applies the grants of the request's user).
 */
public final class HttpFrontend implements AutoCloseable {

  static {
    // TCP_NODELAY on every accepted connection. Without it the JDK's server sends the headers and
    // the body as two segments and Nagle holds the second until the client's delayed ACK (~40 ms):
    // every answer of about 16-128 KB (a typical panel) took 45 ms more. The JDK reads this
    // property once, when its first server is created, and exposes no socket option otherwise.
    System.setProperty("sun.net.httpserver.nodelay", "true");
  }

  private final HttpServer server;
  private final ExecutorService executor;
  private final QueryLog queryLog = new QueryLog(10_000);

  private HttpFrontend(HttpServer server, ExecutorService executor) {
    this.server = server;
    this.executor = executor;
  }

  /** Binds 127.0.0.1:{@code port} (0: a free port) and starts answering. */
  public static HttpFrontend start(EmbeddedClickHouse engine, int port) {
    HttpServer server;
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 64);
    } catch (BindException e) {
      throw new EngineException("port " + port + " on 127.0.0.1 is in use; choose another with --port (0 picks a free one)");
    } catch (IOException e) {
      throw new EngineException("cannot listen on 127.0.0.1:" + port + ": " + e.getMessage());
    }
    AtomicInteger threads = new AtomicInteger();
    ExecutorService executor = Executors.newFixedThreadPool(8, r -> {
      Thread t = new Thread(r, "noemata-http-" + threads.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
    HttpFrontend frontend = new HttpFrontend(server, executor);
    server.createContext("/", new QueryHandler(engine, frontend.queryLog));
    server.setExecutor(executor);
    server.start();
    return frontend;
  }

  public int port() {
    return server.getAddress().getPort();
  }

  /** {@code http://127.0.0.1:<port>}. */
  public String url() {
    return "http://127.0.0.1:" + port();
  }

  /** {@code jdbc:clickhouse://127.0.0.1:<port>/<database>} for the official driver. */
  public String jdbcUrl(String database) {
    return "jdbc:clickhouse://127.0.0.1:" + port() + "/" + database;
  }

  /** The SQL texts this front end received, newest last: the engine's query log. */
  public QueryLog queryLog() {
    return queryLog;
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}

package io.noemata.cli;

import io.noemata.driver.NoemataSettings;
import io.noemata.proxy.ProxyConfig;
import io.noemata.proxy.ProxyServer;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.function.Consumer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import sun.misc.Signal;

/**
 * {@code noemata proxy --upstream URL}: ClickHouse's HTTP interface on {@code --bind:--port}, in front
 * of the upstream server, rewriting where the driver would. Prints {@code ready http://HOST:PORT}
 * once it accepts requests; SIGTERM or Ctrl-C stop it cleanly (exit 0), with one line on stderr
 * saying how many requests it served and its peak heap.
 */
@Command(name = "proxy", description = "Serve ClickHouse's HTTP interface in front of a server, with noemata's rewriting,"
    + " for HTTP clients (Grafana, HyperDX, Superset, curl).")
final class ProxyCommand implements Callable<Integer> {

  @Option(names = "--upstream", required = true, description = "The ClickHouse server's HTTP interface:"
      + " http://host:8123 or https://host:8443 (TLS with the JDK's trusted authorities).")
  String upstream;

  @Option(names = "--upstream-ca", description = "A PEM file of the certificate authorities (or the self-signed"
      + " certificate) an https upstream is checked against, instead of the JDK's.")
  Path upstreamCa;

  @Option(names = "--port", defaultValue = "8124", description = "Port to listen on (0 picks a free one). Default: ${DEFAULT-VALUE}.")
  int port;

  @Option(names = "--bind", defaultValue = "127.0.0.1", description = "Address to listen on. Default: ${DEFAULT-VALUE}"
      + " (loopback: other machines reach it only if you say so, e.g. --bind 0.0.0.0).")
  String bind;

  @Option(names = "--rewrite", defaultValue = "on", description = "on, off, or dry-run (send as written, say in"
      + " X-Noemata-Provenance what would change). Default: ${DEFAULT-VALUE}.")
  String rewrite;

  @Option(names = "--catalog-ttl", description = "How long a user's accelerator catalog is used, e.g. 30s, 5m (default 5m).")
  String catalogTtl;

  @Option(names = "--namespace", description = "Read only this deployment namespace's ledgers (default: every one found).")
  String namespace;

  @Option(names = "--access-log", defaultValue = "-", description = "Where the access log's JSON lines go: - (standard"
      + " output, after the ready line), a file (appended), or off. Default: ${DEFAULT-VALUE}.")
  String accessLog;

  @Option(names = "--max-connections", defaultValue = "1024", description = "Client connections served at once. Default: ${DEFAULT-VALUE}.")
  int maxConnections;

  @Override
  public Integer call() throws Exception {
    if (System.getProperty("io.netty.leakDetection.level") == null) {
      // the sampled leak check records a stack trace per sampled buffer: for tests (on there), not for serving
      io.netty.util.ResourceLeakDetector.setLevel(io.netty.util.ResourceLeakDetector.Level.DISABLED);
    }
    ProxyConfig config;
    try {
      Properties p = new Properties();
      p.setProperty(NoemataSettings.REWRITE, rewrite);
      if (catalogTtl != null) {
        p.setProperty(NoemataSettings.CATALOG_TTL, catalogTtl);
      }
      if (namespace != null) {
        p.setProperty(NoemataSettings.NAMESPACE, namespace);
      }
      config = ProxyConfig.of(upstreamUri(upstream)).withBind(bind, port).withSettings(NoemataSettings.from(p))
          .withMaxConnections(maxConnections).withUpstreamCa(upstreamCa);
    } catch (IllegalArgumentException e) {
      throw new UserError(e.getMessage());
    }
    try (PrintStream log = logStream()) {
      Consumer<String> sink = log == null ? null : line -> {
        synchronized (log) {
          log.println(line);
        }
      };
      ProxyServer server;
      try {
        server = ProxyServer.start(config, sink);
      } catch (IllegalStateException e) {
        throw new UserError(e.getMessage());
      }
      LiveHeap live = LiveHeap.watch();
      CountDownLatch stopped = new CountDownLatch(1);
      for (String name : new String[] {"TERM", "INT"}) {
        Signal.handle(new Signal(name), signal -> stopped.countDown());
      }
      System.out.println("ready " + server.url());
      System.out.flush();
      stopped.await();
      long served = server.requests();
      server.close();
      System.err.printf(Locale.ROOT, "noemata proxy: stopped after %,d requests; peak heap %.1f MiB, at most %.1f MiB live"
          + " after a collection%n", served, peakHeapBytes() / 1048576.0, live.maxBytes() / 1048576.0);
    }
    return 0;
  }

  private PrintStream logStream() throws IOException {
    if (accessLog.equals("off")) {
      return null;
    }
    if (accessLog.equals("-")) {
      return new PrintStream(new FileOutputStream(java.io.FileDescriptor.out), true, StandardCharsets.UTF_8) {
        @Override
        public void close() {
          flush(); // standard output stays open
        }
      };
    }
    return new PrintStream(new FileOutputStream(Path.of(accessLog).toFile(), true), true, StandardCharsets.UTF_8);
  }

  static URI upstreamUri(String text) {
    String t = text.contains("://") ? text : "http://" + text;
    try {
      return new URI(t);
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("--upstream " + text + " is not a URL: " + e.getReason());
    }
  }

  /**
   * The heap in use right after each collection, its largest: what the proxy holds, as opposed to
   * garbage not yet collected (which the heap pools' peaks count, up to the whole -Xmx).
   */
  static final class LiveHeap {
    private final java.util.concurrent.atomic.AtomicLong max = new java.util.concurrent.atomic.AtomicLong();

    static LiveHeap watch() {
      LiveHeap h = new LiveHeap();
      java.util.Set<String> heap = new java.util.HashSet<>();
      ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getType() == MemoryType.HEAP).forEach(p -> heap.add(p.getName()));
      for (java.lang.management.GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
        if (gc instanceof javax.management.NotificationEmitter emitter) {
          emitter.addNotificationListener((n, hb) -> {
            if (n.getType().equals(com.sun.management.GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION)) {
              var info = com.sun.management.GarbageCollectionNotificationInfo.from((javax.management.openmbean.CompositeData) n.getUserData());
              long used = info.getGcInfo().getMemoryUsageAfterGc().entrySet().stream().filter(e -> heap.contains(e.getKey()))
                  .mapToLong(e -> e.getValue().getUsed()).sum(); // the heap's pools: metaspace and code are not the heap
              h.max.accumulateAndGet(used, Math::max);
            }
          }, null, null);
        }
      }
      return h;
    }

    long maxBytes() {
      return max.get();
    }
  }

  /** The sum of every heap pool's peak: at least the heap's own peak, never less. */
  static long peakHeapBytes() {
    long sum = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP && pool.getPeakUsage() != null) {
        sum += pool.getPeakUsage().getUsed();
      }
    }
    return sum;
  }
}

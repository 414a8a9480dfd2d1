package io.noemata.cli;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import io.noemata.embedded.EmbeddedClickHouse;
import io.noemata.embedded.LocalCluster;
import io.noemata.embedded.http.HttpFrontend;
import picocli.CommandLine.Command;
import sun.misc.Signal;
import picocli.CommandLine.Option;

/**
 * {@code noemata serve --embedded}: the embedded ClickHouse as a standalone server on loopback,
 * until SIGTERM or Ctrl-C. Prints exactly one line, {@code ready http://127.0.0.1:N}, once it
 * accepts queries, so scripts can wait for it.
 */
@Command(name = "serve", description = "Run the embedded ClickHouse engine, served over ClickHouse's HTTP interface on 127.0.0.1.")
final class ServeCommand implements java.util.concurrent.Callable<Integer> {

  @Option(names = "--embedded", required = true, description = "Serve the embedded engine (chDB, fetched with npm on first use).")
  boolean embedded;

  @Option(names = "--port", defaultValue = "8123", description = "Port on 127.0.0.1 (0 picks a free one). Default: ${DEFAULT-VALUE}.")
  int port;

  @Option(names = "--data", description = "Data folder, kept between runs. Default: a temporary folder deleted at exit.")
  Path data;

  @Option(names = "--users-config", description = "A ClickHouse users.xml for testing grants: a request of user U runs"
      + " under SET ROLE U, so declare U as a role granted to default. Passwords are not checked.")
  Path usersConfig;

  @Option(names = "--cluster", description = "Also define a cluster of this name whose two shards are both this engine"
      + " (127.0.0.1 and localhost on a free tcp_port), for Distributed tables; ON CLUSTER and Replicated engines stay"
      + " unavailable (chDB runs no Keeper).")
  String cluster;

  @Override
  public Integer call() throws InterruptedException {
    if (port < 0 || port > 65535) {
      throw new UserError("--port " + port + " is not a port number (0-65535)");
    }
    LocalCluster shards;
    try {
      shards = cluster == null ? null : LocalCluster.onFreePort(cluster);
    } catch (io.noemata.embedded.EngineException e) {
      throw new UserError("--cluster: " + e.getMessage());
    }
    EmbeddedClickHouse engine = EmbeddedClickHouse.start(data, usersConfig, shards);
    HttpFrontend frontend;
    try {
      frontend = engine.serve(port);
    } catch (RuntimeException e) {
      engine.close();
      throw e;
    }
    CountDownLatch stopped = new CountDownLatch(1);
    // SIGTERM and Ctrl-C stop serving in order and exit 0 (the JVM's default would exit 143).
    for (String name : new String[] {"TERM", "INT"}) {
      Signal.handle(new Signal(name), signal -> stopped.countDown());
    }
    if (shards != null) {
      System.err.println("cluster " + shards.name() + ": two shards, 127.0.0.1:" + shards.tcpPort() + " and localhost:"
          + shards.tcpPort() + ", both this engine");
    }
    System.out.println("ready " + frontend.url());
    System.out.flush();
    stopped.await();
    frontend.close();
    engine.close();
    return 0;
  }
}

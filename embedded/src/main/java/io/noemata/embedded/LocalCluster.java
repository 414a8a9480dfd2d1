package io.noemata.embedded;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.regex.Pattern;

/**
 * A cluster whose two shards are both this engine: {@code 127.0.0.1:<tcpPort>} and
 * {@code localhost:<tcpPort>}, with the engine's {@code tcp_port} set to the same port. ClickHouse
 * then takes both shards as local ({@code system.clusters.is_local = 1}) and never opens a
 * connection, so chDB, which runs no network server and no Keeper, answers Distributed tables over
 * it: each shard reads the same local table, so a count through the Distributed table is twice the
 * local one, consistently. ON CLUSTER statements and Replicated engines stay refused (no Keeper).
 *
 * <p>The port is only compared, never listened on (measured: nothing binds it); it is still chosen
 * free by default so that a real server started later on the machine is never mistaken for a shard.
 *
 * @param name the cluster's name in {@code remote_servers}, e.g. {@code two_local}
 * @param tcpPort the engine's {@code tcp_port} and both shards' port
 */
public record LocalCluster(String name, int tcpPort) {

  /** The cluster's name as the CLI and the itests name it by default. */
  public static final String DEFAULT_NAME = "two_local";

  private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  public LocalCluster {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new EngineException("cluster name '" + name + "' must be a plain identifier (letters, digits, _),"
          + " such as " + DEFAULT_NAME);
    }
    if (tcpPort <= 0 || tcpPort > 65535) {
      throw new EngineException("cluster tcp port " + tcpPort + " is not a port number (1-65535)");
    }
  }

  /** {@code name} on a port that is free on loopback now. */
  public static LocalCluster onFreePort(String name) {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return new LocalCluster(name, s.getLocalPort());
    } catch (IOException e) {
      throw new EngineException("cannot find a free port for the cluster's tcp_port: " + e.getMessage());
    }
  }

  /** The {@code tcp_port} and {@code remote_servers} elements of the engine's config. */
  String configXml() {
    String shard = "      <shard><replica><host>%s</host><port>" + tcpPort + "</port></replica></shard>\n";
    return "  <tcp_port>" + tcpPort + "</tcp_port>\n"
        + "  <remote_servers>\n    <" + name + ">\n"
        + shard.formatted("127.0.0.1") + shard.formatted("localhost")
        + "    </" + name + ">\n  </remote_servers>\n";
  }
}

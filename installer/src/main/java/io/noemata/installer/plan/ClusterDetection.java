package io.noemata.installer.plan;

import io.noemata.core.system.SystemClusterServer;
import io.noemata.core.system.SystemDatabase;
import io.noemata.core.system.SystemTables;
import io.noemata.installer.ddl.Placement;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * "A database of the Replicated engine replicates its schema by itself: the connection notices it
 * when it opens and writes no ON CLUSTER." Reads {@code system.databases} and, for a named cluster,
 * {@code system.clusters}, once when the installer connects, through core's one reader
 * ({@link SystemTables#databases}, {@link SystemTables#cluster}).
 */
public final class ClusterDetection {

  private ClusterDetection() {}

  /** Where statements on {@code databases} run, with {@code cluster} named (or not). */
  public static Placement detect(Connection c, Optional<String> cluster, Set<String> databases)
      throws SQLException, PlanException {
    Set<String> replicated = SystemTables.databases(c, databases).stream()
        .filter(d -> d.engine().equals("Replicated")).map(SystemDatabase::name).collect(Collectors.toSet());
    if (cluster.isEmpty()) {
      return new Placement(Optional.empty(), false, 1, replicated);
    }
    List<SystemClusterServer> servers = SystemTables.cluster(c, cluster.get());
    if (servers.isEmpty()) {
      throw new PlanException("cluster '" + cluster.get() + "' (noemata.json \"cluster\" or --cluster) is not defined on"
          + " the server: system.clusters has no such cluster; name one of its remote_servers, or leave it out for a"
          + " single server");
    }
    // every replica of every shard is this server: a statement run here runs on all of them
    boolean remote = servers.stream().anyMatch(s -> !s.isLocal());
    return new Placement(cluster, remote, servers.size(), replicated);
  }
}

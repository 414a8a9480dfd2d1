package io.noemata.installer.plan;

import io.noemata.core.sql.Literals;
import io.noemata.installer.ddl.Placement;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * "A database of the Replicated engine replicates its schema by itself: the connection notices it
 * when it opens and writes no ON CLUSTER." Reads {@code system.databases} and, for a named cluster,
 * {@code system.clusters}, once when the installer connects.
 */
public final class ClusterDetection {

  private ClusterDetection() {}

  /** Where statements on {@code databases} run, with {@code cluster} named (or not). */
  public static Placement detect(Connection c, Optional<String> cluster, Set<String> databases)
      throws SQLException, PlanException {
    Set<String> replicated = new HashSet<>();
    if (!databases.isEmpty()) {
      String in = databases.stream().map(Literals::string).collect(Collectors.joining(", ", "(", ")"));
      try (Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT name FROM system.databases WHERE engine = 'Replicated' AND name IN " + in)) {
        while (rs.next()) {
          replicated.add(rs.getString(1));
        }
      }
    }
    if (cluster.isEmpty()) {
      return new Placement(Optional.empty(), false, 1, replicated);
    }
    long servers;
    long remote;
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT count(), countIf(is_local = 0)"
        + " FROM system.clusters WHERE cluster = " + Literals.string(cluster.get()))) {
      rs.next();
      servers = rs.getLong(1);
      remote = rs.getLong(2);
    }
    if (servers == 0) {
      throw new PlanException("cluster '" + cluster.get() + "' (noemata.json \"cluster\" or --cluster) is not defined on"
          + " the server: system.clusters has no such cluster; name one of its remote_servers, or leave it out for a"
          + " single server");
    }
    // every replica of every shard is this server: a statement run here runs on all of them
    return new Placement(cluster, remote > 0, (int) servers, replicated);
  }
}

package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.system.SystemClusterServer;
import io.noemata.core.system.SystemDatabase;
import io.noemata.core.system.SystemTables;
import io.noemata.installer.ddl.Placement;
import io.noemata.installer.plan.ClusterDetection;
import io.noemata.installer.plan.PlanException;
import io.noemata.itest.ClickHouseTarget;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Where the installer's statements run, read through core's one reader: {@code system.databases}
 * and {@code system.clusters} as {@link SystemTables} returns them, and the {@link Placement}
 * {@link ClusterDetection} decides from them, each checked against the server's own answer.
 */
class ClusterDetectionIT {

  static final ClickHouseTarget TARGET = ClickHouseTarget.get();

  @Test
  void theReaderReturnsTheNamedDatabasesWithTheirEngines() throws Exception {
    try (Connection c = TARGET.connect("default")) {
      List<SystemDatabase> read = SystemTables.databases(c, Set.of("system", "default", "it_no_such_database"));
      assertEquals(List.of(new SystemDatabase("default", engine(c, "default")),
          new SystemDatabase("system", engine(c, "system"))), read);
      assertEquals(List.of(), SystemTables.databases(c, Set.of()));
      // a name is a bound value, never SQL
      assertEquals(List.of(), SystemTables.databases(c, Set.of("x') OR 1 = 1 OR ('")));
    }
  }

  @Test
  void theClusterIsReadServerByServerAndDecidesOnCluster() throws Exception {
    assertTrue(TARGET.cluster().isPresent(), "the target has a cluster for Distributed tables");
    String cluster = TARGET.cluster().get();
    try (Connection c = TARGET.connect("default")) {
      List<SystemClusterServer> servers = SystemTables.cluster(c, cluster);
      List<String> expected = new ArrayList<>();
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT shard_num, replica_num, is_local"
          + " FROM system.clusters WHERE cluster = '" + cluster + "' ORDER BY shard_num, replica_num")) {
        while (rs.next()) {
          expected.add(rs.getInt(1) + "/" + rs.getInt(2) + "/" + (rs.getInt(3) != 0));
        }
      }
      assertEquals(expected, servers.stream().map(r -> r.shardNum() + "/" + r.replicaNum() + "/" + r.isLocal()).toList());
      assertTrue(servers.stream().allMatch(r -> r.cluster().equals(cluster)), servers.toString());

      Placement p = ClusterDetection.detect(c, Optional.of(cluster), Set.of("default"));
      assertEquals(servers.size(), p.servers());
      assertEquals(servers.stream().anyMatch(r -> !r.isLocal()), p.onCluster());
      assertEquals(Set.of(), p.replicatedDatabases());
      assertEquals(Placement.SINGLE, ClusterDetection.detect(c, Optional.empty(), Set.of("default")));
    }
  }

  @Test
  void aClusterTheServerDoesNotDefineIsAPlanError() throws Exception {
    try (Connection c = TARGET.connect("default")) {
      assertEquals(List.of(), SystemTables.cluster(c, "it_no_such_cluster"));
      PlanException e = assertThrows(PlanException.class,
          () -> ClusterDetection.detect(c, Optional.of("it_no_such_cluster"), Set.of("default")));
      assertTrue(e.getMessage().contains("'it_no_such_cluster'"), e.getMessage());
    }
  }

  private static String engine(Connection c, String database) throws Exception {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT engine FROM system.databases WHERE name = '" + database + "'")) {
      assertTrue(rs.next(), database);
      return rs.getString(1);
    }
  }
}

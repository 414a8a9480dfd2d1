package io.noemata.installer.ddl;

import io.noemata.core.sql.Literals;
import java.util.Optional;
import java.util.Set;

/**
 * Where the installer's statements run (seed 001, Cluster): on one server, or {@code ON CLUSTER}
 * a named cluster, every server of it. A database of the Replicated engine replicates its schema
 * itself, so its statements carry no ON CLUSTER. Decided once when the installer connects
 * ({@code io.noemata.installer.plan.ClusterDetection}).
 *
 * @param cluster the cluster named in noemata.json or by {@code --cluster}, if any
 * @param onCluster whether statements carry {@code ON CLUSTER}: false when every server of the
 *     cluster is this one (every row of {@code system.clusters} is_local, as on the embedded engine's
 *     two local shards), where running a statement here runs it on every server
 * @param servers how many servers (shard replicas) the cluster has; 1 without a cluster
 * @param replicatedDatabases the databases of the plan whose engine is Replicated
 */
public record Placement(Optional<String> cluster, boolean onCluster, int servers, Set<String> replicatedDatabases)
    implements io.noemata.core.ledger.LedgerPlacement {

  /** One server, no cluster. */
  public static final Placement SINGLE = new Placement(Optional.empty(), false, 1, Set.of());

  /** The path of replicated ledger tables: {uuid} (the same on every server of an ON CLUSTER create), no {shard}. */
  static final String LEDGER_PATH = "/clickhouse/noemata/{uuid}";
  /** A replica name unique on the whole cluster, since every server of every shard shares the ledger path. */
  static final String LEDGER_REPLICA = "{shard}-{replica}";

  public Placement {
    cluster = cluster.filter(c -> !c.isBlank());
    replicatedDatabases = Set.copyOf(replicatedDatabases);
    if (onCluster && cluster.isEmpty()) {
      throw new IllegalArgumentException("ON CLUSTER needs a cluster name");
    }
  }

  /** {@code " ON CLUSTER `name`"} for a statement on {@code database}, or "" where it runs only here. */
  public String onCluster(String database) {
    return onCluster && !replicatedDatabases.contains(database) ? " ON CLUSTER " + Literals.identifier(cluster.get()) : "";
  }

  /**
   * Whether tables in {@code database} can and should be replicated: a Replicated database, or a
   * cluster the statements run ON (which needs Keeper, as Replicated engines do).
   */
  public boolean replicates(String database) {
    return replicatedDatabases.contains(database) || onCluster;
  }

  /**
   * The engine of a ledger, objects or lock table: {@code family(args)} on one server; in a
   * Replicated database its Replicated variant on the database's default path; ON CLUSTER the
   * Replicated variant on {@link #LEDGER_PATH}, so every server of every shard holds the same ledger
   * and lock (the server's default path names {shard}, which would give each shard its own).
   */
  public String ledgerEngine(String database, String family, String args) {
    if (replicatedDatabases.contains(database)) {
      return "Replicated" + family + "(" + args + ")";
    }
    if (onCluster) {
      return "Replicated" + family + "(" + Literals.string(LEDGER_PATH) + ", " + Literals.string(LEDGER_REPLICA)
          + (args.isEmpty() ? "" : ", " + args) + ")";
    }
    return family + "(" + args + ")";
  }

  /**
   * A rollup target's engine: AggregatingMergeTree, or its Replicated variant on the server's
   * default path (each shard's replicas share one target) when the source is replicated.
   */
  public static String aggregating(boolean replicatedSource) {
    return replicatedSource ? "ReplicatedAggregatingMergeTree" : "AggregatingMergeTree";
  }

  /** One line for a plan: where its statements run. */
  public String describe() {
    StringBuilder b = new StringBuilder();
    if (cluster.isEmpty()) {
      b.append("on this server");
    } else if (onCluster) {
      b.append("ON CLUSTER ").append(Literals.identifier(cluster.get())).append(" (").append(servers)
          .append(" server").append(servers == 1 ? "" : "s").append("): each statement once, run by every server;")
          .append(" ledger, objects and lock replicated on every server");
    } else {
      b.append("cluster ").append(Literals.identifier(cluster.get())).append(": every server of it is this one")
          .append(" (system.clusters is_local on every row), so statements run here without ON CLUSTER");
    }
    if (!replicatedDatabases.isEmpty()) {
      b.append("; Replicated database").append(replicatedDatabases.size() == 1 ? " " : "s ")
          .append(String.join(", ", new java.util.TreeSet<>(replicatedDatabases)))
          .append(": schema replicated by the database, no ON CLUSTER");
    }
    return b.toString();
  }
}

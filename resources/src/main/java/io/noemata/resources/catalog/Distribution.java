package io.noemata.resources.catalog;

import io.noemata.core.sql.DistributedEngine;
import io.noemata.resources.model.PhysicalName;
import java.util.Objects;
import java.util.Optional;

/**
 * What a Distributed table spreads its rows over, from its {@code system.tables.engine_full}
 * ({@code Distributed('cluster', 'db', 'table'[, sharding_key[, policy]])}): the cluster and the
 * local table every server of it holds (the seed's {@code distributed_over}), with that local
 * table's engine as this server reports it.
 *
 * @param localEngine the local table's engine, empty when this server has no such table
 */
public record Distribution(String cluster, PhysicalName local, String localEngine) {

  public Distribution {
    Objects.requireNonNull(cluster, "cluster");
    Objects.requireNonNull(local, "local");
    Objects.requireNonNull(localEngine, "localEngine");
  }

  /**
   * The cluster and local table named by {@code engineFull}, the database defaulting to
   * {@code database} (the Distributed table's own) when written as {@code currentDatabase()}; empty
   * when it is not a Distributed engine or its arguments are not plain names.
   */
  public static Optional<Target> parse(String engineFull, String database) {
    return DistributedEngine.parse(engineFull, database)
        .map(d -> new Target(d.cluster(), new PhysicalName(d.database(), d.table())));
  }

  /** The cluster and local table of a Distributed engine, before the local table is looked up. */
  public record Target(String cluster, PhysicalName local) {}

  /** Whether the local table is of the Replicated MergeTree family (then rollup targets are too). */
  public boolean replicated() {
    return localEngine.startsWith("Replicated") && localEngine.endsWith("MergeTree");
  }
}

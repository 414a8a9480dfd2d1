package io.noemata.core.system;

/**
 * One row of {@code system.clusters}: a server (one replica of one shard) of a cluster of the
 * server's {@code remote_servers}, and whether it is this server ({@code is_local}).
 */
public record SystemClusterServer(String cluster, int shardNum, int replicaNum, String hostName, boolean isLocal) {}

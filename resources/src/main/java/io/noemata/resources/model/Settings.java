package io.noemata.resources.model;

import java.util.Objects;

/**
 * {@code noemata.json}: the deployment's table namespace (prefix of rollup objects and the ledger),
 * whether publication installs resources, and the cluster the installer's statements run on
 * ({@code "cluster": "name"}: every statement {@code ON CLUSTER name}), if any.
 */
public record Settings(String namespace, boolean installOnPublish, java.util.Optional<String> cluster) {

  public static final String DEFAULT_NAMESPACE = "noemata";
  /** A namespace prefixes ClickHouse object names, so it is a plain identifier. */
  public static final java.util.regex.Pattern NAMESPACE = java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  public static final Settings DEFAULT = new Settings(DEFAULT_NAMESPACE, true);

  public Settings(String namespace, boolean installOnPublish) {
    this(namespace, installOnPublish, java.util.Optional.empty());
  }

  public Settings {
    Objects.requireNonNull(namespace, "namespace");
    if (!NAMESPACE.matcher(namespace).matches()) {
      throw new IllegalArgumentException("namespace must be a plain identifier: " + namespace);
    }
    Objects.requireNonNull(cluster, "cluster");
    if (cluster.isPresent() && cluster.get().isBlank()) {
      throw new IllegalArgumentException("a cluster name must not be blank");
    }
  }

  /** These settings with the cluster {@code name} (the CLI's {@code --cluster} over noemata.json's). */
  public Settings withCluster(String name) {
    return new Settings(namespace, installOnPublish, java.util.Optional.of(name));
  }
}

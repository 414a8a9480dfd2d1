package io.noemata.resources.model;

import java.util.Objects;

/**
 * {@code noemata.json}: the deployment's table namespace (prefix of rollup objects and the ledger)
 * and whether publication installs resources.
 */
public record Settings(String namespace, boolean installOnPublish) {

  public static final String DEFAULT_NAMESPACE = "noemata";
  /** A namespace prefixes ClickHouse object names, so it is a plain identifier. */
  public static final java.util.regex.Pattern NAMESPACE = java.util.regex.Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");
  public static final Settings DEFAULT = new Settings(DEFAULT_NAMESPACE, true);

  public Settings {
    Objects.requireNonNull(namespace, "namespace");
    if (!NAMESPACE.matcher(namespace).matches()) {
      throw new IllegalArgumentException("namespace must be a plain identifier: " + namespace);
    }
  }
}

package io.noemata.installer.ddl;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Names of the objects noemata installs. Stored columns are named by the resources module
 * ({@code io.noemata.core.expr.Hashes}); indexes and projections take {@code __nm_} and 16 hex
 * digits of their own definition (so prune recognizes every {@code __nm_*} object); rollups use the
 * seed's {@code <namespace>_rollup_<alias>_<key>[__<hash8>[_mv]]}.
 */
public final class Names {

  public static final String PREFIX = "__nm_";

  private Names() {}

  /** {@code __nm_<16 hex>} for an object whose whole definition is {@code definition}. */
  public static String hashed(String domain, String definition) {
    return PREFIX + sha256Hex("noemata/" + domain + "/v1\n" + definition).substring(0, 16);
  }

  public static String stableView(String namespace, String alias, String key) {
    return namespace + "_rollup_" + alias + "_" + key;
  }

  public static String rollupTarget(String namespace, String alias, String key, String hash8) {
    return stableView(namespace, alias, key) + "__" + hash8;
  }

  public static String materializedView(String target) {
    return target + "_mv";
  }

  /** The local table under a Distributed rollup target {@code target}, on every server. */
  public static String localTarget(String target) {
    return target + "_local";
  }

  public static String sha256Hex(String text) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(sha.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}

package io.noemata.core.expr;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * Content hashes that name what noemata stores in ClickHouse. The scheme is documented in
 * {@code package-info.java}; changing it renames every installed object, so it is versioned.
 */
public final class Hashes {

  public static final String COLUMN_PREFIX = "__nm_";
  static final String COLUMN_DOMAIN = "noemata/column/v1";
  static final String ROLLUP_DOMAIN = "noemata/rollup/v1";

  private Hashes() {}

  /** {@code __nm_} and 16 hex digits for the stored column of {@code expression}. */
  public static String columnName(Expr expression) {
    return COLUMN_PREFIX + sha256Hex(COLUMN_DOMAIN + "\n" + Canonical.text(expression)).substring(0, 16);
  }

  /** 8 hex digits identifying a rollup's stored shape; the target table ends in {@code __<hash8>}. */
  public static String rollupHash8(RollupShape shape) {
    return sha256Hex(ROLLUP_DOMAIN + "\n" + shape.canonicalText()).substring(0, 8);
  }

  static String sha256Hex(String text) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      return HexFormat.of().formatHex(sha.digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }
}

package io.noemata.core.ledger;

import io.noemata.core.sql.Literals;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The statements noemata recorded when it wrote an object, as digests in the objects table: drift
 * is "the statement differs from the one recorded", so a view edited by hand is found even when
 * it still exists.
 */
public final class RecordedStatements {

  /** Key in an object's settings (objects table) of the SHA-256 of its statement as the server wrote it. */
  public static final String STATEMENT_DIGEST = "server_statement_sha256";

  private static final Pattern DIGEST = Pattern.compile("\"" + STATEMENT_DIGEST + "\":\"([0-9a-f]{64})\"");

  private RecordedStatements() {}

  /**
   * {@code db.object} to the recorded digest, for each of {@code databases} whose objects table
   * is among {@code tables} ({@code db.table} keys of what the server has).
   */
  public static Map<String, String> read(Connection c, Set<String> databases, String namespace, Set<String> tables)
      throws SQLException {
    Map<String, String> digests = new HashMap<>();
    String objects = LedgerSchema.objectsTable(namespace);
    for (String db : databases) {
      if (!tables.contains(db + "." + objects)) {
        continue;
      }
      String sql = "SELECT object, settings FROM " + Literals.qualified(db, objects) + " FINAL WHERE dropped = 0";
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
        while (rs.next()) {
          Matcher m = DIGEST.matcher(rs.getString(2));
          if (m.find()) {
            digests.put(db + "." + rs.getString(1), m.group(1));
          }
        }
      }
    }
    return digests;
  }
}

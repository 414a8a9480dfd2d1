package io.noemata.installer.grants;

import io.noemata.core.sql.Literals;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** Reads what the connected user may do and fails, before any change, with every missing grant. */
public final class GrantCheck {

  private GrantCheck() {}

  /** {@code SHOW GRANTS} of the user and of each of its current roles. */
  static List<String> showGrants(Connection c) throws SQLException {
    List<String> lines = lines(c, "SHOW GRANTS");
    for (String role : io.noemata.core.system.SystemTables.currentRoles(c)) {
      lines.addAll(lines(c, "SHOW GRANTS FOR " + Literals.identifier(role)));
    }
    return lines;
  }

  /** The missing grants for {@code databases}; empty when installation may start. */
  public static List<String> missing(Connection c, Set<String> databases) throws SQLException {
    return Grants.missing(showGrants(c), databases, scalar(c, "SELECT currentUser()"));
  }

  private static String scalar(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      return rs.next() ? rs.getString(1) : "";
    }
  }

  private static List<String> lines(Connection c, String sql) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.add(rs.getString(1));
      }
    }
    return out;
  }
}

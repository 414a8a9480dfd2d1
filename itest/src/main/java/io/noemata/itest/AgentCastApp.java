package io.noemata.itest;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLWarning;
import java.util.ArrayList;
import java.util.List;

import com.clickhouse.jdbc.ConnectionImpl;
import com.clickhouse.jdbc.PreparedStatementImpl;
import com.clickhouse.jdbc.StatementImpl;

/**
 * An unchanged application that relies on clickhouse-jdbc's own classes, run by {@code AgentCastIT}
 * with and without the agent: it casts to {@code ConnectionImpl}, {@code StatementImpl} and
 * {@code PreparedStatementImpl} and calls their own methods. Prints what it sees, one fact a line.
 *
 * <p>Arguments: the JDBC URL, a query, and the same query with one {@code ?} and the value to bind.
 */
public final class AgentCastApp {

  private AgentCastApp() {}

  public static void main(String[] args) throws Exception {
    try (Connection c = DriverManager.getConnection(args[0], "default", "")) {
      ConnectionImpl connection = (ConnectionImpl) c;
      System.out.println("connection " + c.getClass().getName() + " instanceof " + (c instanceof ConnectionImpl)
          + " server " + !connection.getServerVersion().isEmpty());
      try (StatementImpl s = (StatementImpl) connection.createStatement(); ResultSet rs = s.executeQuery(args[1])) {
        System.out.println("statement " + s.getClass().getName() + " rows " + rows(rs));
        System.out.println("statement query id " + (s.getLastQueryId() != null) + " local settings " + (s.getLocalSettings() != null));
        System.out.println("statement warnings " + states(s.getWarnings()));
        s.clearWarnings();
        System.out.println("statement warnings after clear " + states(s.getWarnings()));
      }
      try (PreparedStatement p = connection.prepareStatement(args[2])) {
        PreparedStatementImpl ps = (PreparedStatementImpl) p;
        ps.setString(1, args[3]);
        try (ResultSet rs = ps.executeQuery()) {
          System.out.println("prepared " + ps.getClass().getName() + " rows " + rows(rs));
        }
        System.out.println("prepared warnings " + states(ps.getWarnings()));
      }
    }
  }

  private static List<String> rows(ResultSet rs) throws Exception {
    List<String> out = new ArrayList<>();
    while (rs.next()) {
      out.add(rs.getString(1) + "=" + rs.getString(2));
    }
    return out;
  }

  private static List<String> states(SQLWarning w) {
    List<String> out = new ArrayList<>();
    for (; w != null; w = w.getNextWarning()) {
      out.add(w.getSQLState());
    }
    return out;
  }
}

package io.noemata.driver.proxy;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;

/**
 * How the server is asked for its own reading of a statement ({@link ServerAnalysis}): on the
 * application's connection in the driver, on a connection with the request's credentials in the
 * proxy. Empty when the server refuses.
 */
@FunctionalInterface
public interface ServerExplainer {

  Optional<String> explain(String sql);

  /** The analysis of {@code sql} asked on {@code connection}; empty when the server refuses it. */
  static Optional<String> on(Connection connection, String sql) {
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(ServerAnalysis.PREFIX + sql)) {
      StringBuilder b = new StringBuilder();
      while (rs.next()) {
        b.append(rs.getString(1)).append('\n');
      }
      return Optional.of(b.toString());
    } catch (SQLException refused) {
      return Optional.empty();
    }
  }
}

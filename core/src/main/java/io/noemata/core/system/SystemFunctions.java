package io.noemata.core.system;

import io.noemata.core.expr.FunctionNames;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code system.functions} and {@code system.aggregate_function_combinators}: the names the server
 * resolves and which of them it resolves in any case. About 1,800 rows that change only with the
 * server's version, so the driver reads them once per version.
 */
public final class SystemFunctions {

  private SystemFunctions() {}

  /** The server's own function names and combinators. */
  public static FunctionNames read(Connection c) throws SQLException {
    List<FunctionNames.Function> functions = new ArrayList<>();
    List<String> combinators = new ArrayList<>();
    try (Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery(FunctionNames.FUNCTIONS_QUERY)) {
        while (rs.next()) {
          functions.add(new FunctionNames.Function(rs.getString(1), rs.getInt(2) != 0, rs.getString(3), rs.getInt(4) != 0));
        }
      }
      try (ResultSet rs = s.executeQuery(FunctionNames.COMBINATORS_QUERY)) {
        while (rs.next()) {
          combinators.add(rs.getString(1));
        }
      }
    }
    if (functions.isEmpty()) {
      throw new SQLException("system.functions lists no function");
    }
    return FunctionNames.of(functions, combinators);
  }
}

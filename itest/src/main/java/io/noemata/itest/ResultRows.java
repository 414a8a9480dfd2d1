package io.noemata.itest;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** A result set read the way the tests compare results: names, types and every value as text. */
public final class ResultRows {

  private ResultRows() {}

  /** Every remaining row as strings, in order. */
  public static List<List<String>> rows(ResultSet rs) throws SQLException {
    int columns = rs.getMetaData().getColumnCount();
    List<String> types = columnTypes(rs);
    List<List<String>> out = new ArrayList<>();
    while (rs.next()) {
      List<String> row = new ArrayList<>();
      for (int i = 1; i <= columns; i++) {
        row.add(types.get(i - 1).startsWith("Array(") ? array(rs, i) : rs.getString(i));
      }
      out.add(row);
    }
    return out;
  }

  /**
   * An array's elements, nested arrays and tuples too: clickhouse-jdbc's getString of an array of
   * tuples prints Java object identities ({@code [[Ljava.lang.Object;@...]}), which no two runs share.
   */
  private static String array(ResultSet rs, int column) throws SQLException {
    java.sql.Array a = rs.getArray(column);
    return a == null ? null : java.util.Arrays.deepToString((Object[]) a.getArray());
  }

  /** The result columns' labels. */
  public static List<String> columnNames(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    List<String> out = new ArrayList<>();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      out.add(md.getColumnLabel(i));
    }
    return out;
  }

  /** The result columns' ClickHouse types. */
  public static List<String> columnTypes(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    List<String> out = new ArrayList<>();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      out.add(md.getColumnTypeName(i));
    }
    return out;
  }
}

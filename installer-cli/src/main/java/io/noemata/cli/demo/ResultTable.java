package io.noemata.cli.demo;

import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * A query result held in memory for comparison: column names and rows of values as JDBC gave them.
 * Two results are the same when names, row count and every value match; floating-point values may
 * differ by a relative {@code tolerance} (exact aggregates read back from stored states round
 * differently in the last bits; sketches such as uniq and quantile approximate).
 */
public record ResultTable(List<String> columns, List<List<Object>> rows) {

  public static ResultTable read(ResultSet rs) throws SQLException {
    ResultSetMetaData md = rs.getMetaData();
    List<String> columns = new ArrayList<>();
    for (int i = 1; i <= md.getColumnCount(); i++) {
      columns.add(md.getColumnLabel(i));
    }
    List<List<Object>> rows = new ArrayList<>();
    while (rs.next()) {
      List<Object> row = new ArrayList<>(columns.size());
      for (int i = 1; i <= columns.size(); i++) {
        row.add(rs.getObject(i));
      }
      rows.add(row);
    }
    return new ResultTable(List.copyOf(columns), rows);
  }

  /** Null when {@code other} is the same result; otherwise the first difference, in words. */
  public String difference(ResultTable other, double tolerance) {
    if (!columns.equals(other.columns)) {
      return "column names differ: " + columns + " vs " + other.columns;
    }
    if (rows.size() != other.rows.size()) {
      return "row counts differ: " + rows.size() + " vs " + other.rows.size();
    }
    for (int r = 0; r < rows.size(); r++) {
      for (int c = 0; c < columns.size(); c++) {
        Object a = rows.get(r).get(c);
        Object b = other.rows.get(r).get(c);
        if (!same(a, b, tolerance)) {
          return "row " + (r + 1) + " column " + columns.get(c) + ": " + a + " vs " + b;
        }
      }
    }
    return null;
  }

  private static boolean same(Object a, Object b, double tolerance) {
    if (a instanceof Number x && b instanceof Number y && (isFloating(x) || isFloating(y))) {
      double dx = x.doubleValue();
      double dy = y.doubleValue();
      if (Double.isNaN(dx) || Double.isNaN(dy)) {
        return Double.isNaN(dx) && Double.isNaN(dy);
      }
      return Math.abs(dx - dy) <= tolerance * Math.max(Math.abs(dx), Math.abs(dy)) || dx == dy;
    }
    return a == null ? b == null : a.equals(b) || String.valueOf(a).equals(String.valueOf(b));
  }

  private static boolean isFloating(Number n) {
    return n instanceof Double || n instanceof Float || n instanceof java.math.BigDecimal;
  }
}

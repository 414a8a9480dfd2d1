package io.noemata.core.system;

import io.noemata.core.catalog.RowFilter;
import io.noemata.core.catalog.TableAccess;
import io.noemata.core.catalog.TableName;
import io.noemata.core.ledger.Json;
import io.noemata.core.sql.Literals;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the connection's user may read of a table, asked of the server itself: the plan it makes for
 * a read of the table ({@code EXPLAIN PLAN json = 1, actions = 1}) is refused where a read would be
 * (ACCESS_DENIED), and shows the row filter its row policies put on this user's reads, already
 * resolved for the user: a policy for other users or roles, or whose condition is true for this
 * one, leaves none. No privilege beyond the read itself is needed (listing row policies needs
 * {@code SHOW ROW POLICIES}, which users seldom have), and policies from any access storage, made
 * at any time, show up the same way. Plans only: nothing is read but, where the filter is a
 * constant, one row.
 */
public final class AccessProbe {

  private AccessProbe() {}

  /**
   * The access of the connection's user to {@code table}, asking about {@code columns} (those a
   * SELECT may name; one the server will not read for the user, refused or gone, is told refused);
   * throws for a failure of the plain read other than a refusal (the caller then knows nothing of
   * the table's access).
   */
  public static TableAccess probe(Connection c, TableName table, List<String> columns) throws SQLException {
    String from = Literals.qualified(table.database(), table.table());
    String all = columns.isEmpty() ? "" : " WHERE NOT ignore(" + names(columns) + ")";
    String plan;
    Set<String> refused = new LinkedHashSet<>();
    try {
      plan = explain(c, "SELECT 1 FROM " + from + all);
    } catch (SQLException e) {
      try {
        plan = explain(c, "SELECT 1 FROM " + from);
      } catch (SQLException none) {
        if (none.getErrorCode() == ErrorCode.ACCESS_DENIED) {
          return TableAccess.refused();
        }
        throw none;
      }
      // some column is refused (a user of column grants; rare) or gone: which, one plan each
      for (String col : columns) {
        try {
          explain(c, "SELECT 1 FROM " + from + " WHERE NOT ignore(" + names(List.of(col)) + ")");
        } catch (SQLException refusedOrGone) {
          refused.add(col);
        }
      }
    }
    RowFilter filter = rowFilter(plan, table);
    if (filter instanceof RowFilter.Condition cond && cond.columns().isEmpty()) {
      filter = constant(c, from, table);
    }
    return new TableAccess(true, refused, filter);
  }

  /**
   * The access of the connection's user to each of {@code tables} (every column counted readable:
   * rollup targets, which a rewrite reads as a whole), with one plan for all of them where it can:
   * a union of a read of each. A table whose own read the union's plan does not show (a Distributed
   * one: its local tables' reads show instead), or every table when the union is refused, is asked
   * alone; one the server does not answer for alone is left out (known to nobody).
   */
  public static java.util.Map<TableName, TableAccess> probeAll(Connection c, List<TableName> tables) {
    java.util.Map<TableName, TableAccess> out = new java.util.LinkedHashMap<>();
    if (tables.size() > 1) {
      List<String> reads = new ArrayList<>();
      tables.forEach(t -> reads.add("SELECT 1 FROM " + Literals.qualified(t.database(), t.table())));
      String plan = null;
      try {
        plan = explain(c, String.join(" UNION ALL ", reads));
      } catch (SQLException refusedOrFailed) {
        // one of them is refused: each is asked alone below
      }
      if (plan != null) {
        for (TableName t : tables) {
          List<Map<?, ?>> own = new ArrayList<>();
          try {
            reads(Json.read(plan), t.database() + "." + t.table(), own);
          } catch (IllegalArgumentException notJson) {
            break;
          }
          RowFilter f = own.isEmpty() ? null : agreeing(own, t);
          if (f != null && !(f instanceof RowFilter.Condition cond && cond.columns().isEmpty())) {
            out.put(t, new TableAccess(true, java.util.Set.of(), f));
          }
        }
      }
    }
    for (TableName t : tables) {
      if (!out.containsKey(t)) {
        try {
          out.put(t, probe(c, t, List.of()));
        } catch (SQLException unanswered) {
          // left out: no accelerator reads a table the server would not say it may
        }
      }
    }
    return out;
  }

  /**
   * The row filter of the reads of {@code table} in {@code planJson}: none when each read of it has
   * none, the condition when they agree on one. A Distributed table's plan shows the reads of its
   * local tables on this server instead (each shard filters its own rows by the policies of its
   * local table, which a cluster keeps alike on every server): theirs stand for it. Unknown when the
   * plan shows no MergeTree read at all (another engine, or no shard on this server).
   */
  static RowFilter rowFilter(String planJson, TableName table) {
    Object tree;
    try {
      tree = Json.read(planJson);
    } catch (IllegalArgumentException notJson) {
      return new RowFilter.Unknown("the server's plan for a read of " + table + " is not JSON");
    }
    List<Map<?, ?>> reads = new ArrayList<>();
    reads(tree, table.database() + "." + table.table(), reads);
    if (reads.isEmpty()) {
      reads(tree, null, reads);
    }
    if (reads.isEmpty()) {
      return new RowFilter.Unknown("the server's plan for a read of " + table + " shows no MergeTree read of it");
    }
    return agreeing(reads, table);
  }

  /** The one row filter {@code reads} agree on, unknown when they differ. */
  private static RowFilter agreeing(List<Map<?, ?>> reads, TableName table) {
    Set<RowFilter> seen = new HashSet<>();
    for (Map<?, ?> read : reads) {
      seen.add(filterOf(read));
    }
    return seen.size() == 1 ? seen.iterator().next()
        : new RowFilter.Unknown("the server's plan reads " + table + " with several row filters");
  }

  private static RowFilter filterOf(Map<?, ?> read) {
    Object prewhere = read.get("Prewhere info");
    Object level = prewhere instanceof Map<?, ?> p ? p.get("Row level filter") : null;
    if (level == null) {
      return RowFilter.NONE;
    }
    if (!(level instanceof Map<?, ?> l) || !(l.get("Row level filter column") instanceof String column)) {
      return new RowFilter.Unknown("the server's plan shows a row filter it does not spell");
    }
    Set<String> inputs = new LinkedHashSet<>();
    if (l.get("Row level filter expression") instanceof Map<?, ?> e && e.get("Inputs") instanceof List<?> in) {
      for (Object i : in) {
        if (i instanceof Map<?, ?> m && m.get("Name") instanceof String name) {
          inputs.add(name);
        }
      }
    }
    return new RowFilter.Condition(column, inputs);
  }

  /** The MergeTree reads of the table {@code description} names ({@code db.table}), or of any table for null. */
  private static void reads(Object node, String description, List<Map<?, ?>> out) {
    if (node instanceof Map<?, ?> m) {
      if ("ReadFromMergeTree".equals(m.get("Node Type")) && (description == null || description.equals(m.get("Description")))) {
        out.add(m);
      }
      m.values().forEach(v -> reads(v, description, out));
    } else if (node instanceof List<?> l) {
      l.forEach(v -> reads(v, description, out));
    }
  }

  /**
   * A filter over no column is a constant: true lets every row through, false none. One row read
   * tells which; a table that gives none is empty or hidden, and so is told as unknown.
   */
  private static RowFilter constant(Connection c, String from, TableName table) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1 FROM " + from + " LIMIT 1")) {
      return rs.next() ? RowFilter.NONE
          : new RowFilter.Unknown("a row policy hides every row of " + table + " from this user, or it is empty");
    }
  }

  /**
   * How many rows of {@code table} the connection's user does not see: its active parts' rows less
   * the rows it counts. Empty where the parts do not tell (rows a lightweight delete masks are still
   * in them; a Distributed or other table has none of its own).
   */
  public static java.util.OptionalLong rowsHidden(Connection c, TableName table) throws SQLException {
    String parts = "SELECT sum(rows), countIf(has_lightweight_delete), count() FROM system.parts WHERE active"
        + " AND database = " + Literals.string(table.database()) + " AND table = " + Literals.string(table.table());
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(parts)) {
      if (!rs.next() || rs.getLong(3) == 0 || rs.getLong(2) > 0) {
        return java.util.OptionalLong.empty();
      }
      long stored = rs.getLong(1);
      try (ResultSet seen = s.executeQuery("SELECT count() FROM " + Literals.qualified(table.database(), table.table()))) {
        seen.next();
        return java.util.OptionalLong.of(Math.max(0, stored - seen.getLong(1)));
      }
    }
  }

  private static String explain(Connection c, String select) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("EXPLAIN PLAN json = 1, actions = 1 " + select)) {
      StringBuilder b = new StringBuilder();
      while (rs.next()) {
        b.append(rs.getString(1)).append('\n');
      }
      return b.toString();
    }
  }

  private static String names(List<String> columns) {
    List<String> quoted = new ArrayList<>();
    columns.forEach(col -> quoted.add(Literals.identifier(col)));
    return String.join(", ", quoted);
  }
}

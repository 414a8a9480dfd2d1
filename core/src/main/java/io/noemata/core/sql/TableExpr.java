package io.noemata.core.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** What a FROM clause reads. */
public sealed interface TableExpr extends Node {

  /** The name the level may qualify columns with: the alias, else null (see {@link Table}). */
  String alias();

  /** {@code [db.]table [AS alias] [FINAL] [SAMPLE ...]}; {@code database} null when not written. */
  record Table(String database, String table, String alias, boolean fin, boolean sampled, int start, int end)
      implements TableExpr {
    public Table {
      Objects.requireNonNull(table, "table");
      Node.checkSpan(start, end);
    }

    /**
     * True when {@code id} names a column of this table: unqualified, qualified by the alias, or
     * (without one) by the table's name or {@code database.table}; {@code database} is where the
     * table resolves.
     */
    public boolean holds(Expr.Identifier id, String database) {
      List<String> q = id.qualifier();
      return switch (q.size()) {
        case 0 -> true;
        case 1 -> q.get(0).equals(alias != null ? alias : table);
        case 2 -> alias == null && q.get(0).equals(database) && q.get(1).equals(table);
        default -> false;
      };
    }

    @Override
    public List<Node> children() {
      return List.of();
    }
  }

  /** {@code (SELECT ...) [AS alias]}. */
  record Derived(Query query, String alias, int start, int end) implements TableExpr {
    public Derived {
      Objects.requireNonNull(query, "query");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(query);
    }
  }

  /** A table function such as {@code numbers(10)} or {@code remote(...)}. */
  record Function(Expr.Call call, String alias, int start, int end) implements TableExpr {
    public Function {
      Objects.requireNonNull(call, "call");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(call);
    }
  }

  /**
   * {@code left <kind> JOIN right ON .. | USING ..}; {@code kind} is the words before JOIN in upper
   * case with single spaces ({@code "GLOBAL ANY LEFT"}, {@code ""} for a plain JOIN, {@code ","} for a comma).
   */
  record Join(TableExpr left, String kind, TableExpr right, Expr on, List<Expr> using, int start, int end)
      implements TableExpr {
    public Join {
      Objects.requireNonNull(left, "left");
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(right, "right");
      using = List.copyOf(using);
      Node.checkSpan(start, end);
    }

    @Override
    public String alias() {
      return null;
    }

    @Override
    public List<Node> children() {
      List<Node> out = new ArrayList<>(List.of(left, right));
      if (on != null) {
        out.add(on);
      }
      out.addAll(using);
      return out;
    }
  }
}

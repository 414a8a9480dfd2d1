package io.noemata.rewriter.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** The parts of a SELECT that are not expressions themselves. */
public sealed interface Clause extends Node {

  /**
   * One WITH element: {@code name AS (query)} (a CTE, {@code expr} null) or {@code expr AS name}
   * (a scalar, {@code query} null).
   */
  record With(String name, Expr expr, Query query, int start, int end) implements Clause {
    public With {
      Objects.requireNonNull(name, "name");
      if ((expr == null) == (query == null)) {
        throw new IllegalArgumentException("a WITH element is either a CTE or an expression");
      }
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(expr != null ? expr : query);
    }
  }

  /** {@code [LEFT] ARRAY JOIN items}. */
  record ArrayJoin(boolean left, List<Expr> items, int start, int end) implements Clause {
    public ArrayJoin {
      items = List.copyOf(items);
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.copyOf(items);
    }
  }

  /**
   * {@code GROUP BY items | ALL} with modifiers in order ({@code "ROLLUP"}, {@code "CUBE"},
   * {@code "TOTALS"}), each written {@code WITH x}.
   */
  record GroupBy(boolean all, List<Expr> items, List<String> modifiers, int start, int end) implements Clause {
    public GroupBy {
      items = List.copyOf(items);
      modifiers = List.copyOf(modifiers);
      if (all == !items.isEmpty()) {
        throw new IllegalArgumentException("GROUP BY has either ALL or items");
      }
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.copyOf(items);
    }
  }

  /**
   * One ORDER BY element. {@code nulls} is null, "FIRST" or "LAST"; {@code fill} is present when
   * {@code WITH FILL} follows, its FROM/TO/STEP/STALENESS expressions in {@code fillExprs}.
   */
  record OrderItem(Expr expr, boolean descending, String nulls, String collate, boolean fill,
      List<Expr> fillExprs, int start, int end) implements Clause {
    public OrderItem {
      Objects.requireNonNull(expr, "expr");
      fillExprs = List.copyOf(fillExprs);
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      List<Node> out = new ArrayList<>();
      out.add(expr);
      out.addAll(fillExprs);
      return out;
    }
  }

  /** {@code LIMIT [offset,] n BY exprs} (or {@code LIMIT n OFFSET m BY exprs}). */
  record LimitBy(Expr limit, Expr offset, List<Expr> by, int start, int end) implements Clause {
    public LimitBy {
      Objects.requireNonNull(limit, "limit");
      by = List.copyOf(by);
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      List<Node> out = new ArrayList<>();
      if (offset != null) {
        out.add(offset);
      }
      out.add(limit);
      out.addAll(by);
      return out;
    }
  }

  /** {@code SETTINGS name = value, ...}; values are kept as source spans, never interpreted here. */
  record Settings(List<Setting> items, int start, int end) implements Clause {
    public Settings {
      items = List.copyOf(items);
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.copyOf(items);
    }
  }

  /** {@code name = value}; {@code value} is the value's source text. */
  record Setting(String name, String value, int start, int end) implements Clause {
    public Setting {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(value, "value");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of();
    }
  }
}

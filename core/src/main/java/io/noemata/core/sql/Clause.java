package io.noemata.core.sql;

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
   * {@code GROUP BY items | ALL | ROLLUP(items) | CUBE(items) | GROUPING SETS (sets)} with modifiers
   * in order ({@code "ROLLUP"}, {@code "CUBE"}, {@code "TOTALS"}), each written {@code WITH x}.
   * {@code items} are every key the level groups by, in text order (for GROUPING SETS, every set's
   * keys one after another); {@code sets} the grouping sets as written, one list per set, for
   * {@link GroupingForm#GROUPING_SETS} only (empty for the other forms).
   */
  record GroupBy(boolean all, GroupingForm form, List<Expr> items, List<List<Expr>> sets, List<String> modifiers,
      int start, int end) implements Clause {
    public GroupBy {
      Objects.requireNonNull(form, "form");
      items = List.copyOf(items);
      sets = sets.stream().map(List::copyOf).toList();
      modifiers = List.copyOf(modifiers);
      if (all && (form != GroupingForm.LIST || !items.isEmpty())) {
        throw new IllegalArgumentException("GROUP BY ALL has no items");
      }
      if (!all && items.isEmpty() && form != GroupingForm.GROUPING_SETS) {
        throw new IllegalArgumentException("GROUP BY has items");
      }
      if ((form == GroupingForm.GROUPING_SETS) == sets.isEmpty()) {
        throw new IllegalArgumentException("GROUPING SETS, and only it, lists sets");
      }
      Node.checkSpan(start, end);
    }

    /** A plain {@code GROUP BY items} or {@code GROUP BY ALL}. */
    public GroupBy(boolean all, List<Expr> items, List<String> modifiers, int start, int end) {
      this(all, GroupingForm.LIST, items, List.of(), modifiers, start, end);
    }

    /** True for {@code GROUP BY a, b} and {@code GROUP BY ALL}: one grouping, by all the keys. */
    public boolean oneGrouping() {
      return form == GroupingForm.LIST;
    }

    @Override
    public List<Node> children() {
      return List.copyOf(items);
    }
  }

  /** How a GROUP BY lists its keys. */
  enum GroupingForm {
    /** {@code GROUP BY a, b} (or ALL): one grouping by every key. */
    LIST,
    /** {@code GROUP BY ROLLUP(a, b)}: (a, b), (a), (). */
    ROLLUP,
    /** {@code GROUP BY CUBE(a, b)}: every subset of the keys. */
    CUBE,
    /** {@code GROUP BY GROUPING SETS ((a, b), (c), ())}: the sets as written. */
    GROUPING_SETS
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

  /**
   * A window as written in parentheses: {@code ([PARTITION BY ..] [ORDER BY ..] [frame])}; the span
   * includes the parentheses. {@code frame} is null when not written.
   */
  record WindowSpec(List<Expr> partitionBy, List<OrderItem> orderBy, Frame frame, int start, int end)
      implements Clause {
    public WindowSpec {
      partitionBy = List.copyOf(partitionBy);
      orderBy = List.copyOf(orderBy);
      Node.checkSpan(start, end);
    }

    /** Every expression of the window in source order: partition keys, sort keys, frame offsets. */
    public List<Expr> expressions() {
      List<Expr> out = new ArrayList<>(partitionBy);
      orderBy.forEach(o -> out.add(o.expr()));
      if (frame != null) {
        for (FrameBound b : frame.to() == null ? List.of(frame.from()) : List.of(frame.from(), frame.to())) {
          if (b.offset() != null) {
            out.add(b.offset());
          }
        }
      }
      return out;
    }

    @Override
    public List<Node> children() {
      List<Node> out = new ArrayList<>(partitionBy);
      out.addAll(orderBy);
      if (frame != null) {
        out.add(frame);
      }
      return out;
    }
  }

  /**
   * {@code ROWS|RANGE|GROUPS from} or {@code ... BETWEEN from AND to}; {@code unit} upper case,
   * {@code to} null when BETWEEN is not written (ClickHouse then ends the frame at the current row).
   */
  record Frame(String unit, FrameBound from, FrameBound to, int start, int end) implements Clause {
    public Frame {
      Objects.requireNonNull(unit, "unit");
      Objects.requireNonNull(from, "from");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return to == null ? List.of(from) : List.of(from, to);
    }
  }

  /**
   * One end of a frame. {@code kind} is {@code UNBOUNDED PRECEDING}, {@code UNBOUNDED FOLLOWING},
   * {@code CURRENT ROW}, {@code PRECEDING} or {@code FOLLOWING}; the last two have an {@code offset}.
   */
  record FrameBound(String kind, Expr offset, int start, int end) implements Clause {
    public FrameBound {
      Objects.requireNonNull(kind, "kind");
      if ((offset != null) != (kind.equals("PRECEDING") || kind.equals("FOLLOWING"))) {
        throw new IllegalArgumentException("only an offset bound has an offset");
      }
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return offset == null ? List.of() : List.of(offset);
    }
  }

  /** {@code name AS (spec)}, one element of the WINDOW clause. */
  record NamedWindow(String name, WindowSpec spec, int start, int end) implements Clause {
    public NamedWindow {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(spec, "spec");
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.of(spec);
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

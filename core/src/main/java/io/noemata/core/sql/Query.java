package io.noemata.core.sql;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/** A query: one SELECT, or SELECTs joined by UNION ALL. */
public sealed interface Query extends Node {

  /** {@code s1 UNION ALL s2 ...}: at least two selects. */
  record Union(List<Select> selects, int start, int end) implements Query {
    public Union {
      selects = List.copyOf(selects);
      if (selects.size() < 2) {
        throw new IllegalArgumentException("a union needs two selects");
      }
      Node.checkSpan(start, end);
    }

    @Override
    public List<Node> children() {
      return List.copyOf(selects);
    }
  }

  /**
   * One SELECT, a query level. Absent clauses are null (or empty lists). {@code windows} is the
   * WINDOW clause, {@code qualify} the QUALIFY filter (both come after HAVING). {@code withTies}: the
   * LIMIT also returns the rows that tie with its last one on ORDER BY. {@code settings} is the
   * SETTINGS clause written inside this select (ClickHouse applies it to the whole query).
   */
  record Select(
      List<Clause.With> with,
      boolean distinct,
      List<Expr> items,
      TableExpr from,
      List<Clause.ArrayJoin> arrayJoins,
      Expr prewhere,
      Expr where,
      Clause.GroupBy groupBy,
      Expr having,
      List<Clause.NamedWindow> windows,
      Expr qualify,
      List<Clause.OrderItem> orderBy,
      Clause.LimitBy limitBy,
      Expr limit,
      Expr offset,
      boolean withTies,
      Clause.Settings settings,
      int start,
      int end) implements Query {

    public Select {
      with = List.copyOf(with);
      items = List.copyOf(items);
      if (items.isEmpty()) {
        throw new IllegalArgumentException("SELECT without items");
      }
      arrayJoins = List.copyOf(arrayJoins);
      windows = List.copyOf(windows);
      orderBy = List.copyOf(orderBy);
      Node.checkSpan(start, end);
    }

    /** Every expression this level evaluates itself, clause by clause (not FROM, not WITH). */
    public List<Expr> ownExpressions() {
      List<Expr> out = new ArrayList<>(items);
      addIfPresent(out, prewhere);
      addIfPresent(out, where);
      if (groupBy != null) {
        out.addAll(groupBy.items());
      }
      addIfPresent(out, having);
      windows.forEach(w -> out.addAll(w.spec().expressions()));
      addIfPresent(out, qualify);
      for (Clause.OrderItem o : orderBy) {
        out.add(o.expr());
      }
      if (limitBy != null) {
        out.addAll(limitBy.by());
      }
      return out;
    }

    @Override
    public List<Node> children() {
      List<Node> out = new ArrayList<>(with);
      out.addAll(items);
      addIfPresent(out, from);
      out.addAll(arrayJoins);
      addIfPresent(out, prewhere);
      addIfPresent(out, where);
      addIfPresent(out, groupBy);
      addIfPresent(out, having);
      out.addAll(windows);
      addIfPresent(out, qualify);
      out.addAll(orderBy);
      addIfPresent(out, limitBy);
      addIfPresent(out, limit);
      addIfPresent(out, offset);
      addIfPresent(out, settings);
      out.sort(Comparator.comparingInt(Node::start)); // LIMIT m, n puts the offset first
      return out;
    }

    private static <T> void addIfPresent(List<? super T> out, T node) {
      if (node != null) {
        out.add(node);
      }
    }
  }

  /** The selects of {@code q} in order: itself, or the branches of a union. */
  static List<Select> selects(Query q) {
    Objects.requireNonNull(q, "q");
    return q instanceof Union u ? u.selects() : List.of((Select) q);
  }
}

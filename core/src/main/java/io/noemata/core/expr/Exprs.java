package io.noemata.core.expr;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Questions asked of a parsed expression: which columns it reads, which aggregates it calls. */
public final class Exprs {

  private Exprs() {}

  /** Column names the expression reads, in first-seen order (lambda parameters excluded). */
  public static Set<String> columns(CanonicalExpr e) {
    Set<String> out = new LinkedHashSet<>();
    collect(e, new HashSet<>(), out);
    return out;
  }

  private static void collect(CanonicalExpr e, Set<String> bound, Set<String> out) {
    if (e instanceof CanonicalExpr.Ident id) {
      if (!bound.contains(id.name())) {
        out.add(id.name());
      }
    } else if (e instanceof CanonicalExpr.Call c) {
      if (c.parameters() != null) {
        c.parameters().forEach(p -> collect(p, bound, out));
      }
      c.arguments().forEach(a -> collect(a, bound, out));
    } else if (e instanceof CanonicalExpr.Lambda l) {
      Set<String> inner = new HashSet<>(bound);
      inner.addAll(l.parameters());
      collect(l.body(), inner, out);
    }
  }

  /** The outermost aggregate calls in the expression. */
  public static List<CanonicalExpr.Call> aggregateCalls(CanonicalExpr e) {
    List<CanonicalExpr.Call> out = new ArrayList<>();
    aggregates(e, out);
    return out;
  }

  private static void aggregates(CanonicalExpr e, List<CanonicalExpr.Call> out) {
    if (e instanceof CanonicalExpr.Call c) {
      if (Functions.isAggregate(c.name())) {
        out.add(c);
        return;
      }
      c.arguments().forEach(a -> aggregates(a, out));
    } else if (e instanceof CanonicalExpr.Lambda l) {
      aggregates(l.body(), out);
    }
  }

  public static boolean aggregates(CanonicalExpr e) {
    return !aggregateCalls(e).isEmpty();
  }

  /** {@code m['k']}: a subscript of a column by a string key, the shape of a Map read. */
  public static Optional<String> mapSubscriptColumn(CanonicalExpr e) {
    if (e instanceof CanonicalExpr.Call c && c.name().equals("arrayElement") && c.parameters() == null
        && c.arguments().size() == 2 && c.arguments().get(0) instanceof CanonicalExpr.Ident id
        && c.arguments().get(1) instanceof CanonicalExpr.Literal key && key.kind() == CanonicalExpr.Literal.Kind.STRING) {
      return Optional.of(id.name());
    }
    return Optional.empty();
  }
}

package io.noemata.rewriter.syntax;

import io.noemata.core.sql.Literals;
import io.noemata.core.expr.Operators;
import io.noemata.core.sql.Expr;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The name ClickHouse gives an unaliased result column, for the expressions where it is certain:
 * plain names, simple literals, function calls, subscripts and the common operators (as measured
 * on ClickHouse 26.5: {@code a = b} is {@code equals(a, b)}, {@code a AND b AND c} is
 * {@code and(a, b, c)}). {@code m['k']} is named
 * {@code arrayElement(m, 'k')}, {@code count(*)} is {@code count()}, {@code sum(x) FILTER (WHERE c)}
 * is {@code sumIf(x, c)}, a function keeps the case it was written in. Anything else is empty, and a rule that would change such an item leaves it alone.
 */
public final class ColumnNames {

  /**
   * Operators whose function name ClickHouse puts in result names, measured on 26.5 (IN, DIV and
   * MOD print their right side or name in ways not measured): the functions are the canonical
   * layer's ({@link Operators#binary}).
   */
  private static final Set<String> NAMED = Set.of("=", "==", "!=", "<>", "<", ">", "<=", ">=", "LIKE", "NOT LIKE",
      "ILIKE", "NOT ILIKE", "+", "-", "*", "/", "%", "||", "AND", "OR");
  /** Operators whose chains ClickHouse merges into one call. */
  private static final Set<String> MERGED = Set.of("AND", "OR", "||");

  private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private ColumnNames() {}

  public static Optional<String> of(Expr e) {
    return of(e, id -> false);
  }

  /**
   * The name {@code e} gets on a server that names by {@code naming}: where it is the old analyzer,
   * only a name both analyzers give alike (every function spelled as ClickHouse resolves it, as
   * the old one prints it, and no {@code count(1)}, which it prints {@code count()}).
   */
  public static Optional<String> of(Expr e, java.util.function.Predicate<Expr.Identifier> ofTheTable,
      io.noemata.core.catalog.ResultNaming naming) {
    return naming == io.noemata.core.catalog.ResultNaming.OLD_ANALYZER && !alike(e) ? Optional.empty()
        : of(e, ofTheTable);
  }

  private static boolean alike(io.noemata.core.sql.Node n) {
    Expr.Call c = n instanceof Expr.Filtered f ? f.function() : n instanceof Expr.Call call ? call : null;
    if (c != null && (c.distinct() || !io.noemata.core.expr.Functions.canonicalName(c.name()).equals(c.name())
        || c.name().equals("count") && c.args().size() == 1 && c.args().get(0) instanceof Expr.Literal)) {
      return false;
    }
    return n.children().stream().allMatch(ColumnNames::alike);
  }

  /**
   * The same where the level reads one table and {@code ofTheTable} says which qualified names are
   * its columns ({@code t.ServiceName}, {@code otel.otel_logs.ServiceName}): ClickHouse names those
   * by the column alone, inside functions too ({@code lower(t.ServiceName)} is {@code lower(ServiceName)};
   * measured on 26.5 with both analyzers).
   */
  public static Optional<String> of(Expr e, java.util.function.Predicate<Expr.Identifier> ofTheTable) {
    StringBuilder b = new StringBuilder();
    return append(b, e, ofTheTable) ? Optional.of(b.toString()) : Optional.empty();
  }

  private static boolean append(StringBuilder b, Expr e, java.util.function.Predicate<Expr.Identifier> ofTheTable) {
    if (e instanceof Expr.Identifier id) {
      if (id.parts().size() != 1 && !ofTheTable.test(id) || !PLAIN.matcher(id.name()).matches()) {
        return false; // other qualified or exotic names may be printed differently by the two analyzers
      }
      b.append(id.name());
      return true;
    }
    if (e instanceof Expr.Literal l) {
      return literal(b, l);
    }
    if (e instanceof Expr.Parens p) {
      return append(b, p.inner(), ofTheTable);
    }
    if (e instanceof Expr.Binary bin && NAMED.contains(bin.op())) {
      List<Expr> operands = new ArrayList<>();
      if (MERGED.contains(bin.op())) {
        flatten(bin, bin.op(), operands); // a AND b AND c is and(a, b, c); (a AND b) AND c is not
      } else {
        operands.add(bin.left());
        operands.add(bin.right());
      }
      b.append(Operators.binary(bin.op()));
      return list(b, operands, ofTheTable);
    }
    if (e instanceof Expr.Unary u) {
      if (u.operand() instanceof Expr.Literal) {
        return false; // -1 is a literal to ClickHouse, named by its value
      }
      b.append(u.op().equals("NOT") ? "not" : "negate");
      return list(b, List.of(u.operand()), ofTheTable);
    }
    if (e instanceof Expr.Subscript s) {
      b.append("arrayElement(");
      return append(b, s.base(), ofTheTable) && b.append(", ") != null && append(b, s.index(), ofTheTable)
          && b.append(')') != null;
    }
    if (e instanceof Expr.Filtered f) {
      // f(args) FILTER (WHERE c) is named fIf(args, c), a star dropped as in count(*) (measured on 26.5, both analyzers)
      List<Expr> args = new ArrayList<>(starless(f.function()));
      args.add(f.condition());
      // f(DISTINCT x) FILTER (WHERE c) is fDistinctIf(x, c) (measured on 26.5, the analyzer)
      String name = f.function().name() + (f.function().distinct() ? "DistinctIf" : "If");
      return f.function().params() == null || !f.function().distinct() ? append(b, new Expr.Call(name,
          f.function().params(), args, false, f.start(), f.end()), ofTheTable) : false;
    }
    if (e instanceof Expr.Call c) {
      if (c.distinct() && c.params() != null || !PLAIN.matcher(c.name()).matches()) {
        return false;
      }
      // f(DISTINCT x) is fDistinct(x), f as written: countDistinct(x), COUNTDistinct(x) (measured on
      // 26.5, the analyzer; the old one names count(DISTINCT x) by count_distinct_implementation)
      b.append(c.name()).append(c.distinct() ? "Distinct" : "");
      if (c.params() != null && !list(b, c.params(), ofTheTable)) {
        return false;
      }
      return list(b, starless(c), ofTheTable);
    }
    return false;
  }

  /** The arguments as the name prints them: {@code count(*)} is {@code count()}. */
  private static List<Expr> starless(Expr.Call c) {
    return c.args().size() == 1 && c.args().get(0) instanceof Expr.Star s && s.qualifier().isEmpty() ? List.of() : c.args();
  }

  private static void flatten(Expr e, String op, List<Expr> out) {
    if (e instanceof Expr.Binary b && b.op().equals(op)) {
      flatten(b.left(), op, out);
      flatten(b.right(), op, out);
    } else {
      out.add(e);
    }
  }

  private static boolean list(StringBuilder b, List<Expr> items, java.util.function.Predicate<Expr.Identifier> ofTheTable) {
    b.append('(');
    for (int i = 0; i < items.size(); i++) {
      if (i > 0) {
        b.append(", ");
      }
      if (!append(b, items.get(i), ofTheTable)) {
        return false;
      }
    }
    b.append(')');
    return true;
  }

  private static boolean literal(StringBuilder b, Expr.Literal l) {
    String t = l.text();
    switch (l.kind()) {
      case STRING -> {
        if (!t.startsWith("'")) {
          return false; // heredoc
        }
        String value = Literals.unquote(t);
        if (!value.chars().allMatch(ch -> ch >= 0x20 && ch < 0x7f && ch != '\'' && ch != '\\')) {
          return false; // escaping in names is version-dependent
        }
        b.append('\'').append(value).append('\'');
        return true;
      }
      case NUMBER -> {
        // integers as written; decimals like 0.99 (no exponent, no trailing zero) print the same
        if (t.matches("0|[1-9][0-9]{0,17}") || t.matches("(0|[1-9][0-9]{0,5})\\.[0-9]{0,5}[1-9]")) {
          b.append(t);
          return true;
        }
        return false;
      }
      default -> {
        return false;
      }
    }
  }
}

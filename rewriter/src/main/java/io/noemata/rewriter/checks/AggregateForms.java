package io.noemata.rewriter.checks;

import io.noemata.core.catalog.TableInfo;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Node;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import io.noemata.rewriter.syntax.RollupFunctions;

/**
 * The spellings of one aggregate the rollup rule reads alike, and the aggregates over dimensions
 * alone that the stored count per group answers exactly.
 */
final class AggregateForms {

  private AggregateForms() {}

  /** {@code base} over the rows where {@code condition} holds: {@code fIf(args, c)} or {@code f(args) FILTER (WHERE c)}. */
  record Conditional(Expr.Call base, Expr condition) {}

  /** How an aggregate over dimensions is computed from rollup rows, each with its stored count {@code n}. */
  enum FromCounts {
    /** {@code sum(e)}, {@code e} an integer: {@code sum(n * e)} (ClickHouse sums integers in 64 bits modulo 2^64 either way). */
    SUM_OF_INTEGERS,
    /** {@code count(d)}, {@code d} a dimension that is never NULL: {@code sum(n)}. */
    COUNT_OF_VALUES,
    /**
     * An aggregate whose value depends on the set of values alone, never on how often or in which
     * order each occurs ({@code uniqExact(ds)}, {@code count(DISTINCT ds)}, {@code min(d)}, {@link
     * #OF_THE_SET}): the same over rollup rows, which hold every value that occurs at least once.
     */
    DISTINCT_VALUES
  }

  /** The FILTER form as ClickHouse reads it: {@code f(args) FILTER (WHERE c)} is {@code fIf(args, c)}. */
  static Expr.Call withIf(Expr.Call c, Expr condition) {
    boolean rows = countsEveryRow(c);
    List<Expr> args = new ArrayList<>(rows ? List.of() : c.args());
    args.add(condition);
    String name = io.noemata.core.expr.Functions.canonicalName(c.name());
    return new Expr.Call(name + "If", c.params(), args, c.distinct(), c.start(), c.end());
  }

  /** {@code fIf(args, c)} as {@code f(args)} over the rows where {@code c} holds. */
  static Optional<Conditional> conditional(Expr.Call c) {
    String name = c.name();
    boolean countIf = name.toLowerCase(Locale.ROOT).equals("countif");
    if (c.distinct() || c.args().isEmpty() || !(countIf || name.length() > 2 && name.endsWith("If"))) {
      return Optional.empty();
    }
    Expr.Call base = new Expr.Call(countIf ? "count" : name.substring(0, name.length() - 2), c.params(),
        c.args().subList(0, c.args().size() - 1), false, c.start(), c.end());
    if (!RollupFunctions.isAggregate(base) && base.params() == null) {
      return Optional.empty();
    }
    return Optional.of(new Conditional(base, c.args().get(c.args().size() - 1)));
  }

  /** {@code count()}, {@code COUNT(*)}, {@code count(1)}: the number of rows (a non-NULL constant is never skipped). */
  static boolean countsEveryRow(Expr.Call c) {
    if (!c.name().equalsIgnoreCase("count") || c.params() != null || c.distinct() || c.args().size() > 1) {
      return false;
    }
    return c.args().isEmpty() || c.args().get(0) instanceof Expr.Star s && s.qualifier().isEmpty()
        || c.args().get(0) instanceof Expr.Literal l && l.kind() != Expr.Literal.Kind.NULL;
  }

  /**
   * Aggregates of the set of values (names as KnownFunctions let them through, lower case):
   * min and max; the exact distinct count; and the sketches whose state a repeated value leaves as
   * it was, in any order: uniq (its sample keeps the hashes divisible by 2^d, d the least for
   * which they fit, whatever the order), uniqCombined's exact set and HyperLogLog registers (a
   * maximum per register), uniqHLL12's. Not uniqTheta (its rebuilds depend on the order), any,
   * argMin or groupUniqArray (which value, or the array's order, depends on the rows).
   */
  static final Set<String> OF_THE_SET = Set.of("min", "max", "uniqexact", "countdistinct", "uniq", "uniqcombined",
      "uniqcombined64", "uniqhll12");

  /** How {@code c} is answered from stored counts, when its arguments read dimensions alone. */
  static Optional<FromCounts> fromCounts(Expr.Call c, Predicate<Expr.Identifier> dimension, TableInfo info) {
    if (c.params() != null || c.args().isEmpty() || !c.args().stream().allMatch(a -> overDimensions(a, dimension))) {
      return Optional.empty();
    }
    String name = c.name().toLowerCase(Locale.ROOT);
    if (c.distinct()) {
      return name.equals("count") ? Optional.of(FromCounts.DISTINCT_VALUES) : Optional.empty();
    }
    if (OF_THE_SET.contains(name)) {
      return Optional.of(FromCounts.DISTINCT_VALUES);
    }
    if (c.args().size() != 1) {
      return Optional.empty();
    }
    Expr a = Expr.unparenthesized(c.args().get(0));
    if (name.equals("sum") && integer(a)) {
      return Optional.of(FromCounts.SUM_OF_INTEGERS);
    }
    if (name.equals("count") && a instanceof Expr.Identifier id) {
      return neverNull(info.columnTypes().get(id.name())) ? Optional.of(FromCounts.COUNT_OF_VALUES) : Optional.empty();
    }
    return Optional.empty();
  }

  /**
   * {@code count(x)} of a column that is never NULL counts every row: {@code count()}. {@code column}
   * names the column each name reads; empty when {@code c} is no such count.
   */
  static Optional<Expr.Call> rowsOfColumn(Expr.Call c, java.util.function.Function<Expr.Identifier, Optional<String>> column,
      TableInfo info) {
    if (!c.name().equalsIgnoreCase("count") || c.params() != null || c.distinct() || c.args().size() != 1
        || !(Expr.unparenthesized(c.args().get(0)) instanceof Expr.Identifier id)) {
      return Optional.empty();
    }
    return column.apply(id).filter(name -> neverNull(info.columnTypes().get(name)))
        .map(name -> new Expr.Call(c.name(), null, List.of(), false, c.start(), c.end()));
  }

  /**
   * A column type whose values are never NULL: not Nullable, and none of the types that hold NULL
   * without saying so (Dynamic, Variant, JSON and the old Object); an unknown type may be NULL.
   */
  static boolean neverNull(String type) {
    if (type == null) {
      return false;
    }
    for (String mayHoldNull : List.of("Nullable", "Dynamic", "Variant", "JSON", "Object")) {
      if (type.contains(mayHoldNull)) {
        return false;
      }
    }
    return true;
  }

  /** Reads nothing but dimensions, literals and deterministic functions of them. */
  static boolean overDimensions(Node n, Predicate<Expr.Identifier> dimension) {
    if (n instanceof Expr.Identifier id) {
      return dimension.test(id);
    }
    if (n instanceof Expr.Call c && (c.params() != null || !RollupFunctions.isScalar(c))) {
      return false;
    }
    if (n instanceof Expr.Subquery || n instanceof Expr.Star || n instanceof Expr.Lambda || n instanceof Expr.Window
        || n instanceof Expr.Filtered || n instanceof Expr.Parameter || n instanceof Expr.Aliased) {
      return false;
    }
    return n.children().stream().allMatch(c -> overDimensions(c, dimension));
  }

  /**
   * Functions whose value is an unsigned integer whatever their arguments (UInt8 truth values,
   * lengths, positions, counts; each measured on 26.5), in every case and encoding variant: the
   * Grafana plugin's logs volume sums {@code multiSearchAnyCaseInsensitive(toString(level), [...])}.
   */
  private static final Set<String> INTEGER_FUNCTIONS = Set.of("multisearchany", "multisearchanyutf8",
      "multisearchanycaseinsensitive", "multisearchanycaseinsensitiveutf8", "multisearchfirstindex",
      "multisearchfirstindexutf8", "multisearchfirstindexcaseinsensitive", "multisearchfirstindexcaseinsensitiveutf8",
      "has", "hasany", "hasall", "hastoken", "hastokencaseinsensitive", "startswith", "endswith", "startswithutf8",
      "endswithutf8", "match", "like", "ilike", "notlike", "notilike", "empty", "notempty", "equals", "notequals", "less",
      "greater", "lessorequals", "greaterorequals", "in", "notin", "and", "or", "not", "isnull", "isnotnull", "position",
      "positioncaseinsensitive", "positionutf8", "positioncaseinsensitiveutf8", "length", "lengthutf8",
      "countsubstrings", "countsubstringscaseinsensitive", "countsubstringscaseinsensitiveutf8");

  /** An expression ClickHouse types as an integer: a truth value, an integer literal, or an if over those. */
  static boolean integer(Expr e) {
    e = Expr.unparenthesized(e);
    if (e instanceof Expr.Literal l) {
      return l.kind() == Expr.Literal.Kind.NUMBER && l.text().matches("[0-9]{1,18}");
    }
    if (CountIfForms.truthValue(e)) {
      return true;
    }
    if (e instanceof Expr.Binary || e instanceof Expr.Unary) {
      return false;
    }
    if (e instanceof Expr.Ternary t) {
      return integer(t.then()) && integer(t.otherwise());
    }
    if (e instanceof Expr.Case c) {
      return c.otherwise() != null && integer(c.otherwise()) && c.results().stream().allMatch(AggregateForms::integer);
    }
    if (e instanceof Expr.Call c) {
      String name = c.name().toLowerCase(Locale.ROOT);
      if (name.equals("if") && c.args().size() == 3) {
        return integer(c.args().get(1)) && integer(c.args().get(2));
      }
      if (name.equals("multiif") && c.args().size() % 2 == 1) {
        for (int i = 1; i < c.args().size(); i += 2) {
          if (!integer(c.args().get(i))) {
            return false;
          }
        }
        return integer(c.args().get(c.args().size() - 1));
      }
      return INTEGER_FUNCTIONS.contains(name);
    }
    return false;
  }
}

package io.noemata.rewriter.union;

import io.noemata.core.catalog.Measure;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.sql.Literals;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.SqlParser;
import io.noemata.core.sql.TableExpr;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import io.noemata.rewriter.checks.Checked;
import io.noemata.rewriter.checks.Skip;
import io.noemata.rewriter.checks.StoredStates;
import io.noemata.rewriter.time.RelativeTime;
import io.noemata.rewriter.time.TimeConstant;
import io.noemata.rewriter.time.TimeKey;

/**
 * The union rewrite, beyond the seed: a window whose bounds fall inside rollup buckets (or are
 * inclusive) is split into its whole-bucket middle, read from the rollup, and its ragged edges, read
 * from raw rows and aggregated into the rollup's own row shape (bucket, dimensions, one state per
 * stored column, each computed as the installer computes it). The level then reads the union
 * exactly as it would read the rollup: every row of the window is in it once, in its own bucket,
 * and states merge as they do inside the rollup. The level's own raw bounds become {@code 1}: the
 * union already holds exactly the rows they select.
 *
 * @param middleStart first instant of the middle (a bucket boundary)
 * @param middleEnd end of the middle, exclusive (a bucket boundary); null when open
 * @param bounds the level's raw time bounds, replaced by {@code 1}
 */
public record RawEdges(TimeConstant middleStart, TimeConstant middleEnd, List<Bound> bounds, boolean fractional)
    implements UnionEdges {

  /**
   * One comparison of the raw time column with a value, {@code t op value}: for a constant, {@code
   * exact} is the half-open bound it amounts to ({@code t >= exact} or {@code t < exact}); for a
   * value that moves with the server's clock, {@code relative} says how, and {@code exact} is null.
   */
  public record Bound(Expr conjunct, boolean lower, TimeConstant exact, boolean aligned, String why, String op, Expr value,
      RelativeTime relative, String rawCondition) {

    public Bound(Expr conjunct, boolean lower, TimeConstant exact, boolean aligned, String why, String op, Expr value,
        RelativeTime relative) {
      this(conjunct, lower, exact, aligned, why, op, value, relative, null);
    }

    /**
     * The same bound where the raw rows must be filtered by {@code condition} as written over the bare
     * column ({@code toDateTime(`Timestamp`) <= toDateTime(n)}), not by {@code column op value}.
     */
    public Bound withRawCondition(String condition) {
      return new Bound(conjunct, lower, exact, aligned, why, op, value, relative, condition);
    }
  }

  private static final DateTimeFormatter WALL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
      .withZone(ZoneOffset.UTC);

  /**
   * The split of a window: the middle is its whole buckets that the rollup holds ({@code
   * [coveredFrom, coveredUntil)}, instants on bucket boundaries), the rest raw rows. Fails with the
   * reason when there is no such split: parameters, no whole covered bucket, or a wall-clock
   * bound too close to the covered range's edge to tell which comes first.
   */
  static Checked<UnionEdges> plan(List<Bound> bounds, long grainNanos, long coveredFrom, Long coveredUntil,
      long resolutionNanos, RollupSkip code, String why) {
    if (bounds.stream().anyMatch(b -> holdsParameter(b.conjunct()))) {
      // the edges repeat the bounds and the level drops them: bound parameters would shift
      return Checked.fails(code, why + "; the bounds are parameters, which the union rewrite cannot repeat");
    }
    TimeConstant low = null;
    TimeConstant high = null;
    Set<Boolean> kinds = new LinkedHashSet<>();
    for (Bound b : bounds) {
      kinds.add(b.exact().zoneKnown());
      TimeConstant at = b.exact();
      if (b.lower()) {
        low = low == null || at.nanos() > low.nanos() ? at : low;
      } else {
        high = high == null || at.nanos() < high.nanos() ? at : high;
      }
    }
    if (kinds.size() > 1) {
      return Checked.fails(code, why + "; its bounds mix instants and wall clocks, so the middle cannot be placed");
    }
    TimeConstant from = new TimeConstant(Math.floorDiv(coveredFrom + grainNanos - 1, grainNanos) * grainNanos, true);
    // without a lower bound the raw rows before the covered range are the lower edge
    String unordered = why + "; a wall-clock bound is too close to the rollup's covered range to order";
    TimeConstant start = low == null ? from : later(new TimeConstant(
        Math.floorDiv(low.nanos() + grainNanos - 1, grainNanos) * grainNanos, low.zoneKnown()), from);
    if (start == null) {
      return Checked.fails(code, unordered);
    }
    TimeConstant end = high == null ? null
        : new TimeConstant(Math.floorDiv(high.nanos(), grainNanos) * grainNanos, high.zoneKnown());
    if (coveredUntil != null) {
      TimeConstant until = new TimeConstant(Math.floorDiv(coveredUntil, grainNanos) * grainNanos, true);
      end = end == null ? until : earlier(end, until);
      if (end == null) {
        return Checked.fails(code, unordered);
      }
    }
    if (end != null && !before(start, end)) {
      return Checked.fails(code, why + "; the window holds no whole rollup bucket the rollup holds");
    }
    return Checked.holds(new RawEdges(start, end, List.copyOf(bounds), resolutionNanos < TimeConstant.NANOS));
  }

  /**
   * True when {@code a} is surely before {@code b}: two wall clocks (or two instants) compare as
   * written; a wall clock and an instant only when the server's zone cannot change their order.
   */
  private static boolean before(TimeConstant a, TimeConstant b) {
    return a.zoneKnown() == b.zoneKnown() ? a.nanos() < b.nanos() : a.latest() < b.earliest();
  }

  /** The later of two instants, one possibly a wall clock; null when that cannot be told. */
  private static TimeConstant later(TimeConstant a, TimeConstant b) {
    if (a.zoneKnown() == b.zoneKnown()) {
      return a.nanos() >= b.nanos() ? a : b;
    }
    if (a.earliest() >= b.latest()) {
      return a;
    }
    if (b.earliest() >= a.latest()) {
      return b;
    }
    return null;
  }

  /** The earlier of two instants, one possibly a wall clock; null when that cannot be told. */
  private static TimeConstant earlier(TimeConstant a, TimeConstant b) {
    if (a.zoneKnown() == b.zoneKnown()) {
      return a.nanos() <= b.nanos() ? a : b;
    }
    if (a.latest() <= b.earliest()) {
      return a;
    }
    if (b.latest() <= a.earliest()) {
      return b;
    }
    return null;
  }

  /** A {@code ?}: repeating one shifts which value is bound to each; a {@code {name:Type}} repeats safely. */
  static boolean holdsParameter(io.noemata.core.sql.Node n) {
    return n instanceof Expr.Parameter p && p.positional() || n.children().stream().anyMatch(RawEdges::holdsParameter);
  }

  static String literal(TimeConstant t) {
    long seconds = Math.floorDiv(t.nanos(), TimeConstant.NANOS);
    return t.zoneKnown() ? "toDateTime(" + seconds + ")" : "'" + WALL.format(Instant.ofEpochSecond(seconds)) + "'";
  }

  /**
   * {@code (middle UNION ALL edges) AS name}, in place of the table. {@code bucketAsTime} is the
   * bucket read as the time column's type, so a wall-clock literal compares in the server's zone.
   */
  @Override
  public String from(String sql, TableExpr.Table table, String database, Rollup rollup, String bucketAsTime,
      Optional<TimeKey> key) {
    String time = Literals.identifier(rollup.timeColumn());
    String middle = middleBound(rollup, bucketAsTime, " >= ", middleStart)
        + (middleEnd == null ? "" : " AND " + middleBound(rollup, bucketAsTime, " < ", middleEnd));
    Set<String> windowText = new LinkedHashSet<>();
    // each bound as the column itself compared with its value: a qualifier the level reads the
    // column with (a derived table's alias) names nothing inside the raw rows' subquery
    bounds.forEach(b -> windowText.add(b.rawCondition() != null ? b.rawCondition()
        : time + " " + b.op() + " " + sql.substring(b.value().start(), b.value().end())));
    // the strict bound on the column in the form the engine's index analysis keeps open
    String before = middleStart.zoneKnown()
        ? TimeConstant.bound(Math.floorDiv(middleStart.nanos(), TimeConstant.NANOS), fractional)
            .orElseGet(() -> literal(middleStart))
        : literal(middleStart);
    String edges = (windowText.isEmpty() ? "" : String.join(" AND ", windowText) + " AND ") + "(" + time + " < "
        + before + (middleEnd == null ? "" : " OR " + time + " >= " + literal(middleEnd)) + ")";
    String implied = key.map(k -> k.implied(low(), high(), middleStart.latest(),
        middleEnd == null ? null : middleEnd.earliest(), fractional)).orElse("");
    return union(sql, table, database, rollup, middle, implied.isEmpty() ? edges : edges + " AND " + implied);
  }

  /**
   * The middle's bound on the rollup: the bare bucket compared with an instant on a bucket boundary
   * (the engine then prunes and compares the column itself, as {@link BareBucketBounds} does for a
   * read without edges; measured 1-3 ms of a 20 ms union on the demo's 2M rows), else, for a
   * wall clock in the server's zone, the bucket read as the time column's type.
   */
  private static String middleBound(Rollup rollup, String bucketAsTime, String op, TimeConstant t) {
    Optional<String> instant = t.zoneKnown() && Math.floorMod(t.nanos(), TimeConstant.NANOS) == 0
        ? TimeConstant.dateTime(t.nanos() / TimeConstant.NANOS) : Optional.empty();
    return instant.map(i -> Literals.identifier(rollup.bucketColumn()) + op + i)
        .orElseGet(() -> bucketAsTime + op + literal(t));
  }

  /** The earliest the window can start (nanoseconds), null without a lower bound. */
  private Long low() {
    return bounds.stream().filter(Bound::lower).map(b -> b.exact().earliest()).max(Long::compare).orElse(null);
  }

  /** The latest the window can end, exclusive; null without an upper bound. */
  private Long high() {
    return bounds.stream().filter(b -> !b.lower()).map(b -> b.exact().latest()).min(Long::compare).orElse(null);
  }

  /**
   * {@code (SELECT rollup rows WHERE middle UNION ALL SELECT raw rows WHERE edges, aggregated into
   * rollup rows) AS name}: the two conditions must split the window's rows between them exactly.
   */
  static String union(String sql, TableExpr.Table table, String database, Rollup rollup, String middleWhere,
      String edgesWhere) {
    String bucket = Literals.identifier(rollup.bucketColumn());
    List<String> columns = new ArrayList<>();
    columns.add(bucket);
    rollup.dimensions().forEach(d -> columns.add(Literals.identifier(d)));
    rollup.measures().forEach(m -> columns.add(Literals.identifier(m.stateColumn())));
    String middle = "SELECT " + String.join(", ", columns) + " FROM " + Literals.qualified(database, rollup.target())
        + " WHERE " + middleWhere;
    List<String> keys = columns.subList(0, 1 + rollup.dimensions().size());
    List<String> raw = new ArrayList<>();
    raw.add(rawBucket(rollup) + " AS " + bucket);
    rollup.dimensions().forEach(d -> raw.add(Literals.identifier(d)));
    for (Measure m : rollup.measures()) {
      if (!(state(m) instanceof Checked.Holds<String> state)) {
        // statesComputable held before the plan was made: a bug, never a skip
        throw new IllegalStateException("the state of " + m.stateColumn() + " was checked computable");
      }
      raw.add(state.value() + " AS " + Literals.identifier(m.stateColumn()));
    }
    String edges = "SELECT " + String.join(", ", raw) + " FROM " + sql.substring(table.start(), table.end())
        + " WHERE " + edgesWhere + " GROUP BY " + String.join(", ", keys);
    String name = table.alias() != null ? table.alias() : table.table();
    return "(" + middle + " UNION ALL " + edges + ") AS " + Literals.identifier(name);
  }

  /** The rollup bucket of a raw row, as the installer computes it. */
  static String rawBucket(Rollup rollup) {
    // the ledger's contract: every target's bucket is DateTime('UTC'), the start of an epoch-aligned grain
    return "CAST(toStartOfInterval(" + Literals.identifier(rollup.timeColumn()) + ", INTERVAL "
        + rollup.grain().toSeconds() + " second) AS DateTime('UTC'))";
  }

  /** Every stored column's state can be computed from raw rows, as the raw edges must. */
  static Optional<Skip> statesComputable(Rollup rollup) {
    for (Measure m : rollup.measures()) {
      Checked<String> state = state(m);
      if (state instanceof Checked.Fails<String> f) {
        return Optional.of(f.skip());
      }
    }
    return Optional.empty();
  }

  /**
   * What a stored column holds for raw rows: the definition itself for a {@code
   * SimpleAggregateFunction} (its values combine with the column's function), else the state of the
   * column's own aggregate (from its type) over the definition's arguments.
   */
  static Checked<String> state(Measure m) {
    String type = m.stateType().strip();
    if (type.startsWith("SimpleAggregateFunction(")) {
      return Checked.holds(m.definition());
    }
    var parsed = SqlParser.parseExpression(m.definition());
    if (!type.startsWith("AggregateFunction(") || !parsed.understood() || !(parsed.node() instanceof Expr.Call c)) {
      return Checked.fails(RollupSkip.NOT_UNDERSTOOD, "the state of " + m.stateColumn() + " cannot be computed"
          + " from raw rows");
    }
    Optional<String> stateFunction = StoredStates.stateFunction(type);
    if (stateFunction.isEmpty()) {
      return Checked.fails(RollupSkip.NOT_UNDERSTOOD, "the state type of " + m.stateColumn()
          + " is not one the rule reads");
    }
    String function = stateFunction.get();
    int paren = function.indexOf('(');
    String name = paren < 0 ? function : function.substring(0, paren);
    String params = paren < 0 ? "" : function.substring(paren);
    String args = c.args().isEmpty() ? "" : m.definition().substring(c.args().get(0).start(),
        c.args().get(c.args().size() - 1).end());
    return Checked.holds(name + "State" + params + "(" + args + ")");
  }
}

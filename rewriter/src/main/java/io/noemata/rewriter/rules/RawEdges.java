package io.noemata.rewriter.rules;

import io.noemata.core.catalog.Measure;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.sql.Literals;
import io.noemata.rewriter.RollupSkip;
import io.noemata.rewriter.sql.Expr;
import io.noemata.rewriter.sql.SqlParser;
import io.noemata.rewriter.sql.TableExpr;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

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
 * @param middleEnd end of the middle, exclusive (a bucket boundary); null when the window has no upper bound
 * @param zoneKnown false when the bounds are wall clocks the server reads in its own zone
 * @param bounds the level's raw time bounds, replaced by {@code 1}
 */
record RawEdges(long middleStart, Long middleEnd, boolean zoneKnown, List<Bound> bounds) {

  /** One comparison of the raw time column with a constant: {@code t >= exact} or {@code t < exact}. */
  record Bound(Expr conjunct, boolean lower, TimeConstant exact, boolean aligned, String why) {}

  private static final DateTimeFormatter WALL = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss")
      .withZone(ZoneOffset.UTC);

  /** The split of a window with unaligned bounds; throws the first bound's skip when there is none. */
  static RawEdges plan(List<Bound> bounds, long grainNanos) {
    Bound first = bounds.stream().filter(b -> !b.aligned()).findFirst().orElseThrow();
    Set<Boolean> kinds = new LinkedHashSet<>();
    bounds.forEach(b -> kinds.add(b.exact().zoneKnown()));
    Long low = null;
    Long high = null;
    for (Bound b : bounds) {
      long at = b.exact().nanos();
      if (b.lower()) {
        low = low == null ? at : Math.max(low, at);
      } else {
        high = high == null ? at : Math.min(high, at);
      }
    }
    if (bounds.stream().anyMatch(b -> holdsParameter(b.conjunct()))) {
      // the edges repeat the bounds and the level drops them: bound parameters would shift
      throw new RollupLevel.Skip(RollupSkip.WINDOW_NOT_ON_BOUNDARIES, first.why()
          + "; the bounds are parameters, which the union rewrite cannot repeat");
    }
    if (low == null || kinds.size() != 1) {
      throw new RollupLevel.Skip(RollupSkip.WINDOW_NOT_ON_BOUNDARIES, first.why()
          + (low == null ? "; with no lower bound there are no edges to read from raw rows"
              : "; its bounds mix instants and wall clocks, so the middle cannot be placed"));
    }
    long start = Math.floorDiv(low + grainNanos - 1, grainNanos) * grainNanos;
    Long end = high == null ? null : Math.floorDiv(high, grainNanos) * grainNanos;
    if (end != null && start >= end) {
      throw new RollupLevel.Skip(RollupSkip.WINDOW_NOT_ON_BOUNDARIES, first.why()
          + "; the window holds no whole rollup bucket");
    }
    return new RawEdges(start, end, kinds.iterator().next(), List.copyOf(bounds));
  }

  private static boolean holdsParameter(io.noemata.rewriter.sql.Node n) {
    return n instanceof Expr.Parameter || n.children().stream().anyMatch(RawEdges::holdsParameter);
  }

  /** The first instant the rollup must hold, as early as it can be. */
  long earliest() {
    return new TimeConstant(middleStart, zoneKnown).earliest();
  }

  /** The end of what the rollup must hold, as late as it can be; null when open. */
  Long latest() {
    return middleEnd == null ? null : new TimeConstant(middleEnd, zoneKnown).latest();
  }

  private String literal(long nanos) {
    long seconds = Math.floorDiv(nanos, TimeConstant.NANOS);
    return zoneKnown ? "toDateTime(" + seconds + ")" : "'" + WALL.format(Instant.ofEpochSecond(seconds)) + "'";
  }

  /**
   * {@code (middle UNION ALL edges) AS name}, in place of the table. {@code bucketAsTime} is the
   * bucket read as the time column's type, so a wall-clock literal compares in the server's zone.
   */
  String from(String sql, TableExpr.Table table, String database, Rollup rollup, String bucketAsTime) {
    String bucket = Literals.identifier(rollup.bucketColumn());
    List<String> columns = new ArrayList<>();
    columns.add(bucket);
    rollup.dimensions().forEach(d -> columns.add(Literals.identifier(d)));
    rollup.measures().forEach(m -> columns.add(Literals.identifier(m.stateColumn())));
    String middle = "SELECT " + String.join(", ", columns) + " FROM " + Literals.qualified(database, rollup.stableView())
        + " WHERE " + bucketAsTime + " >= " + literal(middleStart)
        + (middleEnd == null ? "" : " AND " + bucketAsTime + " < " + literal(middleEnd));

    List<String> keys = columns.subList(0, 1 + rollup.dimensions().size());
    String time = Literals.identifier(rollup.timeColumn());
    List<String> raw = new ArrayList<>();
    // the ledger's contract: every target's bucket is DateTime('UTC'), the start of an epoch-aligned grain
    raw.add("CAST(toStartOfInterval(" + time + ", INTERVAL " + rollup.grain().toSeconds() + " second) AS DateTime('UTC'))"
        + " AS " + bucket);
    rollup.dimensions().forEach(d -> raw.add(Literals.identifier(d)));
    for (Measure m : rollup.measures()) {
      raw.add(state(m) + " AS " + Literals.identifier(m.stateColumn()));
    }
    Set<String> windowText = new LinkedHashSet<>();
    bounds.forEach(b -> windowText.add(sql.substring(b.conjunct().start(), b.conjunct().end())));
    String edges = "SELECT " + String.join(", ", raw) + " FROM " + sql.substring(table.start(), table.end())
        + " WHERE " + String.join(" AND ", windowText) + " AND (" + time + " < " + literal(middleStart)
        + (middleEnd == null ? "" : " OR " + time + " >= " + literal(middleEnd)) + ")"
        + " GROUP BY " + String.join(", ", keys);
    String name = table.alias() != null ? table.alias() : table.table();
    return "(" + middle + " UNION ALL " + edges + ") AS " + Literals.identifier(name);
  }

  /**
   * What a stored column holds for raw rows: the definition itself for a {@code
   * SimpleAggregateFunction} (its values combine with the column's function), else the state of the
   * column's own aggregate (from its type) over the definition's arguments.
   */
  static String state(Measure m) {
    String type = m.stateType().strip();
    if (type.startsWith("SimpleAggregateFunction(")) {
      return m.definition();
    }
    var parsed = SqlParser.parseExpression(m.definition());
    if (!type.startsWith("AggregateFunction(") || !parsed.understood() || !(parsed.node() instanceof Expr.Call c)) {
      throw new RollupLevel.Skip(RollupSkip.NOT_UNDERSTOOD, "the state of " + m.stateColumn() + " cannot be computed"
          + " from raw rows");
    }
    String function = StoredStates.stateFunction(type).orElseThrow(() -> new RollupLevel.Skip(
        RollupSkip.NOT_UNDERSTOOD, "the state type of " + m.stateColumn() + " is not one the rule reads"));
    int paren = function.indexOf('(');
    String name = paren < 0 ? function : function.substring(0, paren);
    String params = paren < 0 ? "" : function.substring(paren);
    String args = c.args().isEmpty() ? "" : m.definition().substring(c.args().get(0).start(),
        c.args().get(c.args().size() - 1).end());
    return name + "State" + params + "(" + args + ")";
  }
}

package io.noemata.cli.advise;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Literals;
import io.noemata.core.sql.Node;
import io.noemata.core.sql.Query;
import io.noemata.core.sql.TableExpr;
import io.noemata.core.expr.Canonical;
import io.noemata.core.expr.ExprException;
import io.noemata.core.expr.ExprParser;
import io.noemata.core.expr.Functions;
import io.noemata.resources.model.FrameTable;
import io.noemata.resources.model.PhysicalName;
import io.noemata.rewriter.syntax.MapSubscript;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Reads one query level for what would accelerate it: the bucket it groups the time column by, its
 * window, the columns and Map subscripts it reads outside aggregates, and the view table's measures
 * its aggregates are. A proposal, not a decision: the rewriter, run against the proposed
 * accelerators, decides what answers the level.
 */
final class LevelReader {

  /** The bucket ladder the resources format allows grains from (1s .. 1d), in seconds. */
  static final long[] LADDER = {1, 5, 10, 30, 60, 300, 600, 1800, 3600, 7200, 21600, 43200, 86400};

  private final Query.Select select;
  private final String sql;
  private final FrameIndex.ViewTable view;
  private final Set<String> columns;
  private final String time;
  private final TimeBounds bounds;

  private final Set<String> aliases = new LinkedHashSet<>();
  private final Set<Dimension> dimensions = new LinkedHashSet<>();
  private final Set<Dimension> subscripts = new LinkedHashSet<>();
  private final Set<Dimension> pointFilters = new LinkedHashSet<>();
  private final Set<String> measures = new LinkedHashSet<>();
  private final List<Long> buckets = new ArrayList<>();
  private final List<String> refusals = new ArrayList<>();
  private boolean aggregates;

  private LevelReader(Query.Select select, String sql, FrameIndex.ViewTable view, Set<String> columns,
      TimeBounds bounds) {
    this.select = select;
    this.sql = sql;
    this.view = view;
    this.columns = columns;
    this.time = view.table().time().orElse(null);
    this.bounds = bounds;
  }

  /**
   * The need of {@code select}, which reads {@code table} alone; empty when no view table stands for it.
   *
   * @param columns the table's column names
   */
  static Optional<LevelNeed> read(Query.Select select, String sql, PhysicalName table, FrameIndex frames,
      Set<String> columns, TimeBounds bounds) {
    Optional<FrameIndex.ViewTable> view = frames.of(table);
    return view.map(v -> new LevelReader(select, sql, v, columns, bounds).need());
  }

  private LevelNeed need() {
    for (Expr item : select.items()) {
      if (item instanceof Expr.Aliased a) {
        aliases.add(a.alias());
      }
    }
    select.items().forEach(this::visit);
    TimeBounds.Window window = new TimeBounds.Window();
    for (Expr filter : new Expr[] {select.prewhere(), select.where()}) {
      for (Expr c : conjuncts(filter)) {
        if (time != null && bounds.bound(c, time, window)) {
          continue;
        }
        pointFilter(c);
        visit(c);
      }
    }
    if (select.groupBy() != null) {
      select.groupBy().items().forEach(this::visit);
    }
    if (select.having() != null) {
      visit(select.having());
    }
    select.orderBy().forEach(o -> visit(o.expr()));
    if (select.limitBy() != null) {
      select.limitBy().by().forEach(this::visit);
    }
    TimeWindow w = window.toWindow();
    String noRollup = refusal(w);
    long grain = noRollup == null ? grain(w) : 0;
    List<Dimension> dims = new ArrayList<>();
    pointFilters.stream().filter(dimensions::contains).forEach(dims::add);
    dimensions.stream().filter(d -> !dims.contains(d)).forEach(dims::add);
    return new LevelNeed(view, grain, noRollup, dims, List.copyOf(measures), List.copyOf(subscripts),
        List.copyOf(pointFilters), w.from() == null && w.lengthSeconds() == 0 ? null : w,
        select.where() == null ? null : sql.substring(select.where().start(), select.where().end()));
  }

  private String refusal(TimeWindow w) {
    if (time == null) {
      return "the view table " + view.ref() + " has no time column";
    }
    if (!aggregates && select.groupBy() == null) {
      return "the level does not aggregate: it reads rows";
    }
    if (!refusals.isEmpty()) {
      return refusals.get(0);
    }
    if (select.groupBy() != null && select.groupBy().all()) {
      return "GROUP BY ALL"; // ROLLUP, CUBE, GROUPING SETS and TOTALS group by the keys they list, as the rewriter reads them
    }
    if (w.from() == null && w.lengthSeconds() == 0) {
      return "no time window (" + time + " >= start AND " + time + " < end)";
    }
    if (!select.windows().isEmpty() || select.qualify() != null) {
      return "a window function reads the level's rows";
    }
    return null;
  }

  /** The coarsest grain of the ladder that divides the bucket and the window's bounds. */
  private long grain(TimeWindow w) {
    long bucket = 0;
    for (long b : buckets) {
      bucket = bucket == 0 ? b : gcd(bucket, b);
    }
    long aligned = w.alignment(LADDER);
    if (bucket > 0) {
      long g = ladderDivisor(bucket);
      // bounds inside a bucket are read from raw rows (the union rewrite); below a minute that is cheaper
      return aligned >= 60 ? ladderDivisor(gcd(g, aligned)) : g;
    }
    if (aligned >= 60) {
      return ladderDivisor(Math.min(aligned, 86400));
    }
    long length = w.lengthSeconds();
    long g = 60;
    for (long l : LADDER) {
      if (l >= 60 && length > 0 && l * 24 <= length) {
        g = l;
      }
    }
    return g;
  }

  static long ladderDivisor(long seconds) {
    long best = 1;
    for (long l : LADDER) {
      if (seconds % l == 0) {
        best = l;
      }
    }
    return best;
  }

  private static long gcd(long a, long b) {
    return b == 0 ? a : gcd(b, a % b);
  }

  static List<Expr> conjuncts(Expr e) {
    List<Expr> out = new ArrayList<>();
    if (e == null) {
      return out;
    }
    Expr x = e;
    while (x instanceof Expr.Parens p) {
      x = p.inner();
    }
    if (x instanceof Expr.Binary b && b.op().equalsIgnoreCase("AND")) {
      out.addAll(conjuncts(b.left()));
      out.addAll(conjuncts(b.right()));
    } else {
      out.add(x);
    }
    return out;
  }

  /** {@code x = constant}, {@code constant = x} or {@code x IN (constants)} over a column or subscript. */
  private void pointFilter(Expr c) {
    if (!(c instanceof Expr.Binary b)) {
      return;
    }
    String op = b.op().toUpperCase(java.util.Locale.ROOT);
    if (op.equals("=") || op.equals("==")) {
      dimension(b.left()).filter(d -> constant(b.right())).or(() -> dimension(b.right())
          .filter(d -> constant(b.left()))).ifPresent(pointFilters::add);
    } else if (op.equals("IN")) {
      dimension(b.left()).filter(d -> constant(b.right())).ifPresent(pointFilters::add);
    }
  }

  private static boolean constant(Expr e) {
    if (e instanceof Expr.Literal) {
      return true;
    }
    if (e instanceof Expr.Tuple t) {
      return t.items().stream().allMatch(LevelReader::constant);
    }
    if (e instanceof Expr.Parens p) {
      return constant(p.inner());
    }
    return false;
  }

  /** The column or Map subscript {@code e} reads, if it is one. */
  private Optional<Dimension> dimension(Expr e) {
    Optional<MapSubscript> s = MapSubscript.of(e);
    if (s.isPresent() && columns.contains(s.get().map().name()) && !bound(s.get().map())) {
      return Optional.of(new Dimension(s.get().map().name(), s.get().key()));
    }
    if (e instanceof Expr.Identifier id && columns.contains(id.name()) && !bound(id) && !id.name().equals(time)) {
      return Optional.of(new Dimension(id.name(), null));
    }
    return Optional.empty();
  }

  private boolean bound(Expr.Identifier id) {
    return id.qualifier().isEmpty() && aliases.contains(id.name()) && !columns.contains(id.name());
  }

  private void visit(Node n) {
    if (n instanceof Expr.Subquery || n instanceof Query) {
      return; // another level, read on its own
    }
    if (n instanceof Expr.Window) {
      refusals.add("a window function reads the level's rows");
      return;
    }
    if (n instanceof Expr.Call c && (c.params() != null || Functions.isAggregate(c.name()))) {
      aggregates = true;
      aggregate(c);
      return;
    }
    if (n instanceof Expr e) {
      Optional<Dimension> d = dimension(e);
      if (d.isPresent()) {
        dimensions.add(d.get());
        if (d.get().subscript()) {
          subscripts.add(d.get());
        }
        return;
      }
      if (e instanceof Expr.Call c && time != null) {
        long b = Buckets.seconds(c, time);
        if (b > 0) {
          buckets.add(b);
          return;
        }
      }
      if (e instanceof Expr.Identifier id && id.name().equals(time)) {
        refusals.add("it reads " + time + " itself, not a bucket of it");
        return;
      }
    }
    n.children().forEach(this::visit);
  }

  /** The measure an aggregate reads, or what its condition needs as dimensions. */
  private void aggregate(Expr.Call c) {
    io.noemata.core.expr.CanonicalExpr parsed;
    try {
      parsed = ExprParser.parse(sql.substring(c.start(), c.end()), ExprParser.Mode.AGGREGATE);
    } catch (ExprException e) {
      refusals.add("the aggregate " + sql.substring(c.start(), c.end()) + " is not one a rollup stores");
      return;
    }
    String canonical = Canonical.text(parsed);
    Map<String, String> byDefinition = measureDefinitions(view.table());
    if (byDefinition.containsKey(canonical)) {
      measures.add(byDefinition.get(canonical));
      return;
    }
    if (!(parsed instanceof io.noemata.core.expr.CanonicalExpr.Call call)) {
      refusals.add("no measure of " + view.ref() + " is " + canonical);
      return;
    }
    String base = Functions.aggregateBase(call.name());
    List<String> combinators = Functions.combinators(call.name());
    boolean plain = call.parameters() == null && !call.distinct();
    // countIf(c) / sumIf(x, c): the stored count or sum, with the condition's columns as dimensions
    if (plain && combinators.equals(List.of("If")) && (base.equals("count") || base.equals("sum"))) {
      List<io.noemata.core.expr.CanonicalExpr> args = call.arguments();
      io.noemata.core.expr.CanonicalExpr.Call unconditional = new io.noemata.core.expr.CanonicalExpr.Call(base,
          args.subList(0, args.size() - 1));
      Optional<String> m = stored(unconditional, byDefinition);
      if (m.isPresent()) {
        measures.add(m.get());
        visit(c.args().get(c.args().size() - 1));
        return;
      }
    }
    if (plain && combinators.isEmpty()) {
      Optional<String> m = stored(call, byDefinition);
      if (m.isPresent()) {
        measures.add(m.get());
        return;
      }
    }
    refusals.add("no measure of " + view.ref() + " is " + canonical + " (declare it in the frame to roll it up)");
  }

  /** A measure holding {@code call}'s state: itself, or an avg of the same argument for a sum or count of it. */
  private static Optional<String> stored(io.noemata.core.expr.CanonicalExpr.Call call, Map<String, String> byDefinition) {
    String text = Canonical.text(call);
    if (byDefinition.containsKey(text)) {
      return Optional.of(byDefinition.get(text));
    }
    if ((call.name().equals("sum") || call.name().equals("count")) && !call.arguments().isEmpty()) {
      String avg = Canonical.text(new io.noemata.core.expr.CanonicalExpr.Call("avg", call.arguments()));
      return Optional.ofNullable(byDefinition.get(avg));
    }
    return Optional.empty();
  }

  /** Each measure of a view table by its canonical aggregate, first by name on a tie. */
  static Map<String, String> measureDefinitions(FrameTable table) {
    Map<String, String> out = new LinkedHashMap<>();
    table.measures().values().stream().filter(m -> m.series().isEmpty())
        .sorted(java.util.Comparator.comparing(FrameTable.Measure::name)).forEach(m -> {
          try {
            out.putIfAbsent(Canonical.text(ExprParser.parse(m.expression(), ExprParser.Mode.AGGREGATE)), m.name());
          } catch (ExprException invalid) {
            // validation reports it; a measure that does not parse answers nothing
          }
        });
    return out;
  }

  /** The quoted text of a dimension for messages. */
  static String quoted(Dimension d) {
    return d.key() == null ? d.column() : d.column() + "[" + Literals.string(d.key()) + "]";
  }
}

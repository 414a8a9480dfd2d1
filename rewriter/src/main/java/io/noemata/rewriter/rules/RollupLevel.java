package io.noemata.rewriter.rules;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.sql.Literals;
import io.noemata.rewriter.Edit;
import io.noemata.rewriter.RollupSkip;
import io.noemata.core.sql.Clause;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Node;
import io.noemata.core.sql.Query;
import io.noemata.core.sql.TableExpr;
import java.time.Instant;
import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * One query level checked against one candidate rollup, condition by condition in the spec's
 * words. The level answers when every expression it evaluates reads only dimensions, buckets of
 * the time column at least as coarse as the grain, whole-bucket time bounds and aggregates with a
 * stored state; then {@link #edits()} turn it into the same level over the rollup's stable view:
 * the table becomes the view, the time column its bucket (cast back to the column's type, so every
 * bucket expression keeps its type and value), each aggregate the read of its state, and every
 * changed unaliased select item gets its original name as an alias.
 */
final class RollupLevel {

  /** A failed condition: the level does not read this rollup. */
  static final class Skip extends RuntimeException {
    final RollupSkip code;

    Skip(RollupSkip code, String message) {
      super(message, null, false, false);
      this.code = code;
    }
  }

  private static final Set<String> COMPARISONS = Set.of(">=", ">", "<", "<=");

  private final String sql;
  private final Query.Select select;
  private final TableExpr.Table table;
  private final String database;
  private final TableInfo info;
  private final Rollup rollup;
  private final long grainNanos;
  private final long resolutionNanos;
  private final String timeType;
  private final Map<String, Expr> aliases = new HashMap<>();
  /** With {@code FROM table JOIN (subquery) AS alias ON ...}: the alias and the names the subquery returns. */
  private final String joinedAlias;
  private final Set<String> joinedColumns = new HashSet<>();
  private final StoredStates states;
  /** Values bound to {@code ?} parameters, by the parameter's offset, as the SQL text they are sent as. */
  private final Map<Integer, Expr> parameters;
  /** Edits by start offset: an alias expanded twice yields the same edit once. */
  private final TreeMap<Integer, Edit> leafEdits = new TreeMap<>();
  private final TreeMap<Integer, Edit> aggregateEdits = new TreeMap<>();
  private final Set<ZoneId> zones = new HashSet<>();
  /** The derived table the level reads, when it only filters {@link #table}; null when the level reads the table. */
  private final Inlined inlined;
  /** True while reading the inlined derived table's own filter, where the level's aliases are not in scope. */
  private boolean innerScope;
  /** The server's zone, where wall-clock buckets without a zone argument are cut; null when unknown. */
  private final ZoneId serverZone;
  /** A lower bound of the server's clock when the query runs (the catalog's reading); null when unknown. */
  private final Instant serverClock;
  private boolean aggregates;
  private TimeConstant lower;
  private TimeConstant upper;
  private final List<RawEdges.Bound> rawBounds = new ArrayList<>();
  private UnionEdges edges;
  private List<Edit> edits;

  RollupLevel(String sql, Query.Select select, TableExpr.Table table, Inlined inlined, String database, TableInfo info,
      Rollup rollup, Map<Integer, Expr> parameters, ZoneId serverZone, Instant serverClock) {
    this.inlined = inlined;
    this.parameters = parameters;
    this.serverZone = serverZone;
    this.serverClock = serverClock;
    this.sql = sql;
    this.select = select;
    this.table = table;
    this.database = database;
    this.info = info;
    this.rollup = rollup;
    this.grainNanos = rollup.grain().toNanos();
    this.timeType = info.columnTypes().get(rollup.timeColumn());
    this.resolutionNanos = resolution(timeType);
    this.states = new StoredStates(rollup);
    if (select.from() instanceof TableExpr.Join j && j.right() instanceof TableExpr.Derived d) {
      joinedAlias = d.alias();
      for (Expr item : Query.selects(d.query()).get(0).items()) {
        if (item instanceof Expr.Aliased a) {
          joinedColumns.add(a.alias());
        } else {
          ColumnNames.of(item).ifPresent(joinedColumns::add);
        }
      }
    } else {
      joinedAlias = null;
    }
  }

  /** The edits that make the level read the rollup; throws {@link Skip} at the first failed condition. */
  List<Edit> edits() {
    if (edits == null) {
      edits = check();
    }
    return edits;
  }

  private List<Edit> check() {
    if (timeType == null || resolutionNanos <= 0) {
      throw new Skip(RollupSkip.NOT_UNDERSTOOD, "the time column " + rollup.timeColumn() + " is not a DateTime column of "
          + info.name());
    }
    for (Expr e : select.ownExpressions()) {
      collectAliases(e);
    }
    for (String generated : generatedNames()) {
      if (aliases.containsKey(generated) || joinedColumns.contains(generated)) {
        throw new Skip(RollupSkip.NAME_BOUND, "the alias " + generated + " would hide the rollup's column " + generated);
      }
    }
    for (int i = 0; i < select.items().size(); i++) {
      form(select.items().get(i), new ArrayDeque<>(), true);
    }
    if (select.from() instanceof TableExpr.Join j) {
      notTime(j.on(), form(j.on(), new ArrayDeque<>(), false));
    }
    if (select.where() != null) {
      where(select.where());
    }
    if (select.prewhere() != null) {
      where(select.prewhere());
    }
    if (inlined != null) {
      innerScope = true;
      for (Expr filter : new Expr[] {inlined.inner().where(), inlined.inner().prewhere()}) {
        if (filter != null) {
          where(filter);
        }
      }
      innerScope = false;
    }
    if (select.groupBy() != null) {
      for (Expr e : select.groupBy().items()) {
        notTime(e, form(e, new ArrayDeque<>(), false));
      }
    }
    if (select.having() != null) {
      notTime(select.having(), form(select.having(), new ArrayDeque<>(), true));
    }
    for (Clause.OrderItem o : select.orderBy()) {
      notTime(o.expr(), form(o.expr(), new ArrayDeque<>(), true));
    }
    if (select.limitBy() != null) {
      for (Expr e : select.limitBy().by()) {
        notTime(e, form(e, new ArrayDeque<>(), false));
      }
    }
    if (!aggregates && select.groupBy() == null) {
      throw new Skip(RollupSkip.NOT_AGGREGATING, "the level returns source rows, not groups of them");
    }
    window();
    return assemble();
  }

  // ---- names -------------------------------------------------------------------------------

  private List<String> generatedNames() {
    List<String> out = new ArrayList<>();
    out.add(rollup.bucketColumn());
    rollup.measures().forEach(m -> out.add(m.stateColumn()));
    return out;
  }

  private void collectAliases(Node n) {
    if (n instanceof Expr.Subquery) {
      return;
    }
    if (n instanceof Expr.Aliased a) {
      aliases.putIfAbsent(a.alias(), a.expr());
    }
    n.children().forEach(this::collectAliases);
  }

  private static long resolution(String type) {
    if (type == null) {
      return 0;
    }
    if (type.equals("DateTime") || type.startsWith("DateTime(")) {
      return TimeConstant.NANOS;
    }
    if (type.startsWith("DateTime64(")) {
      String p = type.substring("DateTime64(".length()).split("[,)]")[0].strip();
      if (p.matches("[0-9]")) {
        return TimeConstant.pow10(9 - Integer.parseInt(p));
      }
    }
    return 0;
  }

  // ---- expressions -------------------------------------------------------------------------

  private static void notTime(Expr e, TimeForm f) {
    if (f.isTime()) {
      throw new Skip(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, "an expression reads the time column itself, finer than"
          + " any bucket");
    }
  }

  private String text(Node n) {
    return sql.substring(n.start(), n.end());
  }

  /**
   * How {@code e} depends on the time column; records the edits it needs. {@code expanding} holds
   * the aliases being expanded (inside its own definition a name is the column, as in ClickHouse).
   */
  private TimeForm form(Expr e, Deque<String> expanding, boolean aggregatesAllowed) {
    if (e instanceof Expr.Filtered f) {
      if (!aggregatesAllowed || !RollupFunctions.isAggregate(f.function())) {
        throw new Skip(RollupSkip.NOT_UNDERSTOOD, "the rule reads FILTER only on an aggregate of the select list,"
            + " HAVING or ORDER BY: " + text(f));
      }
      aggregate(f.function(), f.condition(), f, expanding);
      return TimeForm.NONE;
    }
    if (e instanceof Expr.Window) {
      // over grouped rows, count() OVER () is no aggregate over source rows: never read as one
      throw new Skip(RollupSkip.NOT_UNDERSTOOD, "window functions are not read from rollups");
    }
    if (e instanceof Expr.Subquery sq) {
      uncorrelated(sq, sq);
      return TimeForm.NONE; // a level of its own; here a constant
    }
    if (e instanceof Expr.Literal || e instanceof Expr.Parameter) {
      return TimeForm.NONE;
    }
    if (e instanceof Expr.Parens p) {
      return form(p.inner(), expanding, aggregatesAllowed);
    }
    if (e instanceof Expr.Aliased a) {
      expanding.push(a.alias());
      try {
        return form(a.expr(), expanding, aggregatesAllowed);
      } finally {
        expanding.pop();
      }
    }
    if (e instanceof Expr.Identifier id) {
      return identifier(id, expanding, aggregatesAllowed);
    }
    if (e instanceof Expr.Interval i) {
      return generic(List.of(i.amount()), expanding, aggregatesAllowed);
    }
    if (e instanceof Expr.Call c) {
      return call(c, expanding, aggregatesAllowed);
    }
    if (e instanceof Expr.Binary b && (b.op().equals("+") || b.op().equals("-"))) {
      TimeForm left = form(b.left(), expanding, aggregatesAllowed);
      Optional<TimeShift> shift = TimeShift.of(b).filter(s -> s.base() == b.left());
      if (left.kind() == TimeForm.Kind.PRESERVING && shift.isPresent()) {
        form(b.right(), expanding, aggregatesAllowed);
        return shift(b.right(), shift.get().by());
      }
      return combine(List.of(left, form(b.right(), expanding, aggregatesAllowed)));
    }
    if (e instanceof Expr.Star) {
      throw new Skip(RollupSkip.COLUMN_NOT_DIMENSION, "* reads every column, not only dimensions");
    }
    if (e instanceof Expr.Lambda) {
      throw new Skip(RollupSkip.NOT_UNDERSTOOD, "the rule does not read " + text(e));
    }
    List<Expr> children = new ArrayList<>();
    e.children().forEach(n -> children.add((Expr) n));
    return generic(children, expanding, aggregatesAllowed);
  }

  /**
   * ClickHouse resolves a name a subquery does not bind in the enclosing level (correlated
   * subqueries are on by default): a subquery that names a column of this table other than a
   * dimension could read it per source row, so the level stays on the table.
   */
  private void uncorrelated(Expr.Subquery sq, Node n) {
    if (n instanceof Expr.Identifier id) {
      for (String part : id.parts()) {
        if (info.columnTypes().containsKey(part) && !rollup.dimensions().contains(part)) {
          throw new Skip(RollupSkip.NOT_UNDERSTOOD, "the subquery " + text(sq) + " names " + part
              + ", which may be this level's column");
        }
      }
    }
    n.children().forEach(c -> uncorrelated(sq, c));
  }

  private TimeForm generic(List<Expr> children, Deque<String> expanding, boolean aggregatesAllowed) {
    List<TimeForm> forms = new ArrayList<>();
    for (Expr c : children) {
      forms.add(form(c, expanding, aggregatesAllowed));
    }
    return combine(forms);
  }

  private static TimeForm combine(List<TimeForm> forms) {
    TimeForm out = TimeForm.NONE;
    for (TimeForm f : forms) {
      notTime(null, f);
      if (f.kind() == TimeForm.Kind.BUCKET) {
        out = f.derived();
      }
    }
    return out;
  }

  private TimeForm identifier(Expr.Identifier id, Deque<String> expanding, boolean aggregatesAllowed) {
    if (!innerScope && id.parts().size() == 1 && aliases.containsKey(id.name()) && !expanding.contains(id.name())) {
      expanding.push(id.name());
      try {
        return form(aliases.get(id.name()), expanding, aggregatesAllowed);
      } finally {
        expanding.pop();
      }
    }
    if (joinedAlias != null && (id.parts().size() == 2 && id.parts().get(0).equals(joinedAlias)
        || id.parts().size() == 1 && joinedColumns.contains(id.name()))) {
      if (id.parts().size() == 1 && info.columnTypes().containsKey(id.name())) {
        throw new Skip(RollupSkip.NOT_UNDERSTOOD, id.name() + " names a column of both sides of the join");
      }
      return TimeForm.NONE; // a value of the joined row, which depends on dimensions alone
    }
    if (!refersToTable(id) || joinedAlias != null && id.parts().size() == 1
        && !info.columnTypes().containsKey(id.name())) {
      throw new Skip(RollupSkip.NOT_UNDERSTOOD, text(id) + " names no column of " + info.name());
    }
    String column = id.name();
    if (column.equals(rollup.timeColumn())) {
      leafEdits.put(id.start(), new Edit(id.start(), id.end(),
          "CAST(toUnixTimestamp(" + Literals.identifier(rollup.bucketColumn()) + ") AS " + timeType + ")"));
      return TimeForm.RAW;
    }
    if (rollup.dimensions().contains(column)) {
      if (id.parts().size() > 1) {
        if (aliases.containsKey(column) && !expanding.contains(column) && !sameColumn(aliases.get(column), column)) {
          throw new Skip(RollupSkip.NAME_BOUND, "the alias " + column + " hides the dimension " + text(id) + " reads");
        }
        leafEdits.put(id.start(), new Edit(id.start(), id.end(), Literals.identifier(column)));
      }
      return TimeForm.NONE;
    }
    if (!info.columnTypes().containsKey(column)) {
      throw new Skip(RollupSkip.NOT_UNDERSTOOD, text(id) + " names no column of " + info.name());
    }
    throw new Skip(RollupSkip.COLUMN_NOT_DIMENSION, column + " is read outside an aggregate and is not a dimension of "
        + rollup.key());
  }

  /** True when {@code e} is the table's column {@code column} itself, so a name bound to it reads the column. */
  private boolean sameColumn(Expr e, String column) {
    while (e instanceof Expr.Parens p) {
      e = p.inner();
    }
    return e instanceof Expr.Identifier id && id.name().equals(column) && refersToTable(id);
  }

  /** True when {@code id} names a column of the level's table: unqualified, or qualified by it. */
  boolean refersToTable(Expr.Identifier id) {
    return inlined != null && !innerScope ? inlined.holds(id) : table.holds(id, database);
  }

  private TimeForm shift(Expr written, IntervalValue iv) {
    boolean wholeMinutes = switch (iv.unit()) {
      case "minute", "hour", "day", "week", "month", "quarter", "year" -> true;
      default -> iv.fixedNanos().filter(n -> n % (60 * TimeConstant.NANOS) == 0).isPresent();
    };
    if (!wholeMinutes || grainNanos != 60 * TimeConstant.NANOS) {
      throw new Skip(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, "the time column is moved by " + text(written)
          + ", which does not keep rollup buckets whole");
    }
    return new TimeForm(TimeForm.Kind.PRESERVING, true, 0, false, 0);
  }

  private TimeForm call(Expr.Call c, Deque<String> expanding, boolean aggregatesAllowed) {
    if (RollupFunctions.isAggregate(c)) {
      if (!aggregatesAllowed) {
        throw new Skip(RollupSkip.NOT_UNDERSTOOD, "the aggregate " + text(c) + " is nested or outside the select list,"
            + " HAVING and ORDER BY");
      }
      aggregate(c, expanding);
      return TimeForm.NONE;
    }
    if (!RollupFunctions.isScalar(c) || c.distinct()) {
      if (TimeConstant.of(c).isPresent() || RelativeTime.of(c).isPresent()) {
        return TimeForm.NONE; // a point in time spelled by a function (date_add(MINUTE, 30, ...)): reads no column
      }
      throw new Skip(RollupSkip.NOT_UNDERSTOOD, "the function " + c.name() + " is not one the rollup rule knows");
    }
    List<TimeForm> args = new ArrayList<>();
    for (Expr a : c.args()) {
      args.add(form(a, expanding, aggregatesAllowed));
    }
    String name = RollupFunctions.lower(c.name());
    if ((name.equals("date_trunc") || name.equals("datetrunc")) && args.size() >= 2 && args.get(1).isTime()) {
      return dateTrunc(c, args);
    }
    if (args.isEmpty() || !args.get(0).isTime()) {
      return combine(args);
    }
    for (int i = 1; i < args.size(); i++) {
      if (args.get(i).kind() != TimeForm.Kind.NONE) {
        return combine(args);
      }
    }
    return timeFunction(c, args.get(0));
  }

  /** A function whose first argument is the time column (or a minute-keeping map of it). */
  private TimeForm timeFunction(Expr.Call c, TimeForm arg) {
    String name = RollupFunctions.lower(c.name());
    List<Expr> a = c.args();
    if (arg.kind() == TimeForm.Kind.EPOCH) {
      if (name.equals("intdiv") && a.size() == 2) {
        long n = TimeConstant.integer(a.get(1)).orElse(0L);
        return bucket(c, n, true, 0);
      }
      return combine(List.of(arg));
    }
    switch (name) {
      case "todatetime", "todatetime64", "totimezone" -> {
        int zoneArg = name.equals("todatetime64") ? 2 : 1;
        if (name.equals("totimezone") && a.size() != 2 || a.size() > zoneArg + 1) {
          return combine(List.of(arg));
        }
        if (a.size() == zoneArg + 1) {
          zone(a.get(zoneArg));
        }
        return arg;
      }
      case "tounixtimestamp", "touint32" -> {
        if (arg.shifted() || a.size() != 1 || name.equals("touint32") && !(a.get(0) instanceof Expr.Call inner
            && RollupFunctions.lower(inner.name()).equals("todatetime"))) {
          return combine(List.of(arg));
        }
        return TimeForm.EPOCH;
      }
      case "tostartofminute" -> { return local(c, a, 1, 60, 60, arg); }
      case "tostartoffiveminutes", "tostartoffiveminute" -> { return local(c, a, 1, 300, 300, arg); }
      case "tostartoftenminutes" -> { return local(c, a, 1, 600, 600, arg); }
      case "tostartoffifteenminutes" -> { return local(c, a, 1, 900, 900, arg); }
      case "tostartofhour" -> { return local(c, a, 1, 3600, 3600, arg); }
      case "tostartofday", "todate", "todate32" -> { return local(c, a, 1, 86400, 86400, arg); }
      case "tomonday" -> { return local(c, a, 1, 86400, 7 * 86400, arg); }
      case "tostartofweek" -> { return local(c, a, 2, 86400, 7 * 86400, arg); }
      case "tostartofmonth" -> { return local(c, a, 1, 86400, 31 * 86400, arg); }
      case "tostartofquarter" -> { return local(c, a, 1, 86400, 92 * 86400, arg); }
      case "tostartofyear" -> { return local(c, a, 1, 86400, 366 * 86400, arg); }
      case "toyear", "tomonth", "todayofmonth", "todayofweek", "toyyyymm", "toyyyymmdd" -> {
        return local(c, a, 1, 86400, 0, arg);
      }
      case "tohour" -> { return local(c, a, 1, 3600, 0, arg); }
      case "tostartofinterval" -> { return interval(c, arg); }
      default -> {
        return combine(List.of(arg));
      }
    }
  }

  /** {@code date_trunc('unit', t [, zone])}. */
  private TimeForm dateTrunc(Expr.Call c, List<TimeForm> args) {
    List<Expr> a = c.args();
    if (args.get(0).kind() != TimeForm.Kind.NONE || a.size() > 3 || !(a.get(0) instanceof Expr.Literal unit)
        || unit.kind() != Expr.Literal.Kind.STRING || a.size() == 3 && args.get(2).kind() != TimeForm.Kind.NONE) {
      throw new Skip(RollupSkip.NOT_UNDERSTOOD, "the bucket " + text(c) + " is not one the rule reads");
    }
    if (a.size() == 3) {
      zone(a.get(2));
    }
    long floor = args.get(1).shifted() ? 0 : 1;
    return switch (RollupFunctions.lower(Literals.unquote(unit.text()))) {
      case "minute" -> bucket(c, 60, true, floor * 60);
      case "hour" -> bucket(c, 3600, false, floor * 3600);
      case "day" -> bucket(c, 86400, false, floor * 86400);
      case "week" -> bucket(c, 86400, false, floor * 7 * 86400);
      case "month" -> bucket(c, 86400, false, floor * 31 * 86400);
      case "quarter" -> bucket(c, 86400, false, floor * 92 * 86400);
      case "year" -> bucket(c, 86400, false, floor * 366 * 86400);
      default -> throw new Skip(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, "the bucket " + text(c)
          + " is finer than the grain");
    };
  }

  /** A bucket aligned in the time zone's wall clock; {@code zoneArg} is where an optional zone may be. */
  private TimeForm local(Expr.Call c, List<Expr> a, int zoneArg, long align, long floor, TimeForm arg) {
    if (a.size() > zoneArg + 1 || zoneArg == 2 && a.size() >= 2 && TimeConstant.integer(a.get(1)).isEmpty()) {
      return combine(List.of(arg));
    }
    if (a.size() == zoneArg + 1) {
      zone(a.get(zoneArg));
    }
    return bucket(c, align, false, arg.shifted() ? 0 : floor);
  }

  private TimeForm interval(Expr.Call c, TimeForm arg) {
    List<Expr> a = c.args();
    Optional<IntervalValue> width = a.size() < 2 || a.size() > 3 ? Optional.empty()
        : IntervalValue.of(a.get(1)).map(IntervalValue::inSeconds);
    if (width.isEmpty()) {
      throw new Skip(RollupSkip.NOT_UNDERSTOOD, "the bucket " + text(c) + " is not one the rule reads");
    }
    long n = width.get().amount();
    if (n <= 0) {
      throw new Skip(RollupSkip.NOT_UNDERSTOOD, "the bucket width in " + text(c) + " is not a positive integer");
    }
    if (a.size() == 3) {
      zone(a.get(2));
    }
    long floor = arg.shifted() ? 0 : 1;
    return switch (width.get().unit()) {
      case "second" -> bucket(c, n, true, floor * n);
      case "minute" -> bucket(c, 60 * n, false, floor * 60 * n);
      // minutes and hours may count from midnight, days and longer from the calendar: aligned in the zone's wall clock
      case "hour" -> bucket(c, 3600, false, floor * 3600 * n);
      case "day" -> bucket(c, 86400, false, floor * 86400 * n);
      case "week" -> bucket(c, 86400, false, floor * 7 * 86400 * n);
      case "month" -> bucket(c, 86400, false, floor * 31 * 86400 * n);
      case "quarter" -> bucket(c, 86400, false, floor * 92 * 86400 * n);
      case "year" -> bucket(c, 86400, false, floor * 366 * 86400 * n);
      default -> throw new Skip(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, "the bucket " + text(c)
          + " is finer than a second");
    };
  }

  /**
   * A bucket whose boundaries are multiples of {@code alignSeconds}: it answers from the rollup when
   * every rollup bucket lies inside one of its buckets. Wall-clock buckets are cut in a time zone:
   * with the server's zone known, its offsets over the window must be whole rollup buckets (checked
   * with the zones the query names, in {@link #edits}); unknown, only grains that divide 15 minutes
   * are safe, since zones are offset by whole quarter hours.
   */
  private TimeForm bucket(Expr.Call c, long alignSeconds, boolean epochAligned, long floorSeconds) {
    long grain = rollup.grain().toSeconds();
    if (alignSeconds <= 0 || alignSeconds % grain != 0) {
      throw new Skip(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, "the bucket " + text(c) + " is not a whole number of "
          + rollup.grain().toSeconds() + "-second rollup buckets");
    }
    if (!epochAligned) {
      if (serverZone != null) {
        zones.add(serverZone);
      } else if (900 % grain != 0) {
        throw new Skip(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, "the bucket " + text(c) + " is cut in the server's"
            + " time zone, which is unknown, and " + grain + "-second rollup buckets may straddle its boundaries");
      }
    }
    return TimeForm.bucket(alignSeconds, epochAligned, floorSeconds);
  }

  private void zone(Expr e) {
    ZoneId z = TimeConstant.zone(e).orElseThrow(() -> new Skip(RollupSkip.NOT_UNDERSTOOD, "the time zone "
        + text(e) + " is not a known zone name"));
    zones.add(z);
  }

  // ---- aggregates --------------------------------------------------------------------------

  private void aggregate(Expr.Call c, Deque<String> expanding) {
    aggregate(c, null, c, expanding);
  }

  /**
   * The aggregate {@code c}, over the rows where {@code filter} holds when it is written {@code c
   * FILTER (WHERE filter)} ({@code whole} is what the read replaces). In order: a measure stored
   * with this very definition (the seed's ErrorCount: {@code countIf(SeverityNumber >= 17)} over a
   * rollup without SeverityNumber); an -If (or FILTER) whose condition reads dimensions only, as
   * the stored state merged where it holds; the stored states themselves; an aggregate over
   * dimensions alone, from the stored count per group.
   */
  private void aggregate(Expr.Call c, Expr filter, Expr whole, Deque<String> expanding) {
    aggregates = true;
    java.util.function.Function<Expr.Identifier, Optional<String>> column = id -> {
      boolean alias = id.parts().size() == 1 && aliases.containsKey(id.name()) && !expanding.contains(id.name());
      return alias || !refersToTable(id) ? Optional.empty() : Optional.of(id.name());
    };
    Expr.Call asWritten = filter == null ? c : AggregateForms.withIf(c, filter);
    Optional<String> read = StoredStates.canonical(sql, asWritten, column).flatMap(k -> states.read(k, info));
    if (read.isEmpty()) {
      Optional<AggregateForms.Conditional> conditional = filter != null
          ? Optional.of(new AggregateForms.Conditional(c, filter)) : AggregateForms.conditional(c);
      if (conditional.isPresent()) {
        Expr condition = conditional.get().condition();
        notTime(condition, form(condition, expanding, false));
        String text = withEdits(condition);
        read = StoredStates.canonical(sql, conditional.get().base(), column).flatMap(k -> states.read(k, info, text));
        if (read.isEmpty() && AggregateForms.countsEveryRow(conditional.get().base())) {
          read = Optional.of(states.countIf(text).orElseThrow(() -> new Skip(RollupSkip.MEASURE_NOT_STORED,
              rollup.key() + " stores no count() as a summable count for " + text(whole))));
        }
      } else {
        read = overDimensions(c, expanding);
      }
    }
    String out = read.orElseThrow(() -> new Skip(RollupSkip.MEASURE_NOT_STORED, rollup.key() + " stores no state for "
        + text(whole)));
    aggregateEdits.put(whole.start(), new Edit(whole.start(), whole.end(), out));
  }

  /** An aggregate whose arguments read dimensions alone, answered from the stored count per group. */
  private Optional<String> overDimensions(Expr.Call c, Deque<String> expanding) {
    java.util.function.Predicate<Expr.Identifier> dimension = id -> refersToTable(id)
        && rollup.dimensions().contains(id.name())
        && !(id.parts().size() == 1 && aliases.containsKey(id.name()) && !expanding.contains(id.name()));
    Optional<AggregateForms.FromCounts> how = AggregateForms.fromCounts(c, dimension, info);
    if (how.isEmpty()) {
      return Optional.empty();
    }
    for (Expr a : c.args()) {
      notTime(a, form(a, expanding, false)); // records the edits of qualified dimensions
    }
    return switch (how.get()) {
      case SUM_OF_INTEGERS -> states.summableCount().map(n -> "sum(" + n + " * (" + withEdits(c.args().get(0)) + "))");
      case COUNT_OF_VALUES -> states.summableCount().map(n -> "sum(" + n + ")");
      case DISTINCT_VALUES -> Optional.of(withEdits(c));
    };
  }

  /** The source text of {@code e} with the leaf edits recorded inside it applied. */
  private String withEdits(Expr e) {
    List<Edit> inside = new ArrayList<>();
    for (Edit x : leafEdits.subMap(e.start(), true, e.end(), false).values()) {
      if (x.end() <= e.end()) {
        inside.add(new Edit(x.start() - e.start(), x.end() - e.start(), x.text()));
      }
    }
    return Edit.apply(text(e), inside);
  }

  // ---- the window --------------------------------------------------------------------------

  private void where(Expr where) {
    for (Expr conjunct : conjuncts(where)) {
      if (!timeBound(conjunct)) {
        TimeForm f = form(conjunct, new ArrayDeque<>(), false);
        notTime(conjunct, f);
        bucketBound(conjunct);
      }
    }
  }

  private static List<Expr> conjuncts(Expr e) {
    while (e instanceof Expr.Parens p) {
      e = p.inner();
    }
    if (e instanceof Expr.Binary b && b.op().equals("AND")) {
      List<Expr> out = new ArrayList<>(conjuncts(b.left()));
      out.addAll(conjuncts(b.right()));
      return out;
    }
    return List.of(e);
  }

  /** A time constant, or a {@code ?} whose bound value is one: a decision that depends on a value waits for it. */
  private Optional<TimeConstant> constant(Expr e) {
    while (e instanceof Expr.Parens p) {
      e = p.inner();
    }
    // wall clocks are read where the server reads them: a bare string in the column's zone, else its own
    ZoneId stringZone = TimeConstant.columnZone(timeType, serverZone);
    if (e instanceof Expr.Parameter p && parameters.containsKey(p.start())) {
      return TimeConstant.of(parameters.get(p.start()), serverZone, stringZone);
    }
    return TimeConstant.of(e, serverZone, stringZone);
  }

  /** The raw time column as written in this conjunct, when it is not a name an alias takes. */
  private Optional<Expr.Identifier> timeColumn(Expr e) {
    while (e instanceof Expr.Parens p) {
      e = p.inner();
    }
    if (e instanceof Expr.Identifier id && id.name().equals(rollup.timeColumn()) && refersToTable(id)
        && !(!innerScope && id.parts().size() == 1 && aliases.containsKey(id.name()))) {
      return Optional.of(id);
    }
    return Optional.empty();
  }

  /** A comparison of the raw time column with a constant: a window bound, exact only on bucket boundaries. */
  private boolean timeBound(Expr conjunct) {
    Expr e = conjunct;
    while (e instanceof Expr.Parens p) {
      e = p.inner();
    }
    if (e instanceof Expr.Between b && !b.negated()) {
      Optional<Expr.Identifier> id = timeColumn(b.operand());
      if (id.isEmpty() || !readable(b.low()) || !readable(b.high())) {
        return false;
      }
      bound(conjunct, id.get(), ">=", b.low());
      bound(conjunct, id.get(), "<=", b.high());
      return true;
    }
    if (!(e instanceof Expr.Binary b) || !COMPARISONS.contains(b.op())) {
      return false;
    }
    Optional<Expr.Identifier> left = timeColumn(b.left());
    Optional<Expr.Identifier> right = timeColumn(b.right());
    if (left.isEmpty() && right.isEmpty()) {
      return false;
    }
    Expr other = left.isPresent() ? b.right() : b.left();
    if (!readable(other)) {
      throw new Skip(RollupSkip.WINDOW_NOT_ON_BOUNDARIES, text(conjunct) + " compares the time column with "
          + text(other) + ", not a time constant (or now()-relative time) the rule reads");
    }
    bound(conjunct, left.orElseGet(right::get), left.isPresent() ? b.op() : flip(b.op()), other);
    return true;
  }

  /** A bound value the rule reads: a time constant, or a time that moves with the server's clock. */
  private boolean readable(Expr value) {
    return constant(value).isPresent() || RelativeTime.of(value).isPresent();
  }

  private static String flip(String op) {
    return switch (op) {
      case ">=" -> "<=";
      case ">" -> "<";
      case "<" -> ">";
      default -> ">=";
    };
  }

  /**
   * {@code t op v}. On the rollup it reads {@code bucket op v}, which selects the same rows exactly
   * when the half-open bound it amounts to ({@code t >= A} or {@code t < B}) lies on a bucket boundary.
   */
  private void bound(Expr conjunct, Expr.Identifier id, String op, Expr value) {
    Optional<TimeConstant> constant = constant(value);
    if (constant.isEmpty()) {
      moving(conjunct, id, op, value, RelativeTime.of(value).orElseThrow());
      return;
    }
    TimeConstant v = constant.get();
    boolean isLower = op.startsWith(">");
    // t > A is t >= A + resolution, t <= B is t < B + resolution: the column holds no instant between
    long at = op.equals(">") || op.equals("<=") ? v.nanos() + resolutionNanos : v.nanos();
    TimeConstant exact = new TimeConstant(at, v.zoneKnown());
    boolean aligned = Math.floorMod(at, grainNanos) == 0 && (v.zoneKnown() || 900 % rollup.grain().toSeconds() == 0);
    String why = op.equals("<=") || op.equals(">") ? " is inclusive on a " + timeType
        + " column: rows stamped at the bound itself" : " bound is not on a rollup bucket boundary: part of a bucket";
    rawBounds.add(new RawEdges.Bound(conjunct, isLower, exact, aligned, text(conjunct) + why + " would be read whole", op,
        value, null));
    if (isLower) {
      lower = lower == null || exact.earliest() > lower.earliest() ? exact : lower;
    } else {
      upper = upper == null || exact.latest() < upper.latest() ? exact : upper;
    }
    form(id, new ArrayDeque<>(), false); // reads the bucket on the rollup
  }

  /**
   * {@code t op value} where the value moves with the server's clock: read as {@code bucket op
   * value} when every value it can take is a bucket boundary and the bound is half-open; else by the
   * union rewrite. The window's start is known no earlier than the catalog's clock reading allows.
   */
  private void moving(Expr conjunct, Expr.Identifier id, String op, Expr value, RelativeTime r) {
    boolean isLower = op.startsWith(">");
    boolean halfOpen = op.equals(">=") || op.equals("<");
    boolean aligned = halfOpen && r.alignedTo(rollup.grain().toSeconds(), serverZone);
    String why = text(conjunct) + (halfOpen ? " moves with the server's clock, off rollup bucket boundaries"
        : " is inclusive on a " + timeType + " column") + ": part of a bucket would be read whole";
    rawBounds.add(new RawEdges.Bound(conjunct, isLower, null, aligned, why, op, value, r));
    if (isLower && serverClock != null) {
      TimeConstant earliest = new TimeConstant(r.earliest(serverClock), true);
      lower = lower == null || earliest.earliest() > lower.earliest() ? earliest : lower;
    }
    form(id, new ArrayDeque<>(), false); // reads the bucket on the rollup
  }

  /** {@code bucket(t) op v} bounds the window when the bucket is a floor of t of known width. */
  private void bucketBound(Expr conjunct) {
    Expr e = conjunct;
    while (e instanceof Expr.Parens p) {
      e = p.inner();
    }
    if (!(e instanceof Expr.Binary b) || !COMPARISONS.contains(b.op())) {
      return;
    }
    Expr side = b.left();
    Optional<TimeConstant> v = constant(b.right());
    String op = b.op();
    if (v.isEmpty()) {
      side = b.right();
      v = constant(b.left());
      op = flip(op);
    }
    if (v.isEmpty()) {
      return;
    }
    TimeForm f = form(side, new ArrayDeque<>(), false);
    if (f.kind() != TimeForm.Kind.BUCKET || f.floorSeconds() <= 0) {
      return;
    }
    if (op.startsWith(">")) { // bucket(t) >= C implies t >= C
      if (lower == null || v.get().earliest() > lower.earliest()) {
        lower = v.get();
      }
    } else { // bucket(t) <= D implies t < D + width
      TimeConstant end = new TimeConstant(v.get().nanos() + f.floorSeconds() * TimeConstant.NANOS, v.get().zoneKnown());
      if (upper == null || end.latest() < upper.latest()) {
        upper = end;
      }
    }
  }

  /** The rollup holds the window completely, and every time zone a bucket uses keeps its buckets whole. */
  private void window() {
    RawEdges.Bound ragged = rawBounds.stream().filter(b -> !b.aligned()).findFirst().orElse(null);
    if (ragged == null) {
      try {
        wholeBuckets();
        return;
      } catch (Skip notCovered) {
        if (notCovered.code != RollupSkip.WINDOW_NOT_COVERED && notCovered.code != RollupSkip.NO_WINDOW) {
          throw notCovered;
        }
        union(notCovered.code, notCovered.getMessage());
        return;
      }
    }
    union(RollupSkip.WINDOW_NOT_ON_BOUNDARIES, ragged.why());
  }

  /** The union rewrite: the covered whole buckets from the rollup, the rest of the window from raw rows. */
  private void union(RollupSkip code, String why) {
    long from = rollup.coveredFrom().getEpochSecond() * TimeConstant.NANOS + rollup.coveredFrom().getNano();
    Long until = rollup.coveredUntil() == null ? null
        : rollup.coveredUntil().getEpochSecond() * TimeConstant.NANOS + rollup.coveredUntil().getNano();
    boolean moving = rawBounds.stream().anyMatch(b -> b.relative() != null);
    edges = moving ? MovingEdges.plan(rawBounds, grainNanos, resolutionNanos, from, until, timeType, code, why)
        : RawEdges.plan(rawBounds, grainNanos, from, until, code, why);
    // raw rows may come from any time before the covered range when the window has no lower bound
    long first = lower != null ? lower.earliest()
        : Instant.parse("1900-01-01T00:00:00Z").getEpochSecond() * TimeConstant.NANOS;
    // a moving upper bound has no latest value: the zones are checked up to the year 2100
    boolean movingUpper = rawBounds.stream().anyMatch(b -> !b.lower() && b.exact() == null);
    Long last = movingUpper ? null : rawBounds.stream().filter(b -> !b.lower()).map(b -> b.exact().latest())
        .min(Long::compare).orElse(null);
    zones(first, last);
  }

  /** The window is whole buckets the rollup holds. */
  private void wholeBuckets() {
    if (lower == null) {
      throw new Skip(RollupSkip.NO_WINDOW, "the level has no lower bound on " + rollup.timeColumn());
    }
    covered(lower.earliest(), upper == null ? null : upper.latest());
    zones(lower.earliest(), upper == null ? null : upper.latest());
  }

  /** The rollup holds every bucket of {@code [from, until)} (nanoseconds; until null when open). */
  private void covered(long fromNanos, Long untilNanos) {
    long from = rollup.coveredFrom().getEpochSecond() * TimeConstant.NANOS + rollup.coveredFrom().getNano();
    if (fromNanos < from) {
      throw new Skip(RollupSkip.WINDOW_NOT_COVERED, "the window starts before " + rollup.coveredFrom()
          + ", where " + rollup.key() + " starts holding every bucket");
    }
    if (rollup.coveredUntil() != null) {
      long until = rollup.coveredUntil().getEpochSecond() * TimeConstant.NANOS + rollup.coveredUntil().getNano();
      if (untilNanos == null || untilNanos > until) {
        throw new Skip(RollupSkip.WINDOW_NOT_COVERED, "the window ends after " + rollup.coveredUntil()
            + ", where " + rollup.key() + " stops holding every bucket");
      }
    }
  }

  /** Every time zone a bucket names keeps rollup buckets whole inside the window. */
  private void zones(long fromNanos, Long untilNanos) {
    Instant start = Instant.ofEpochSecond(Math.floorDiv(fromNanos, TimeConstant.NANOS));
    Instant end = untilNanos == null ? Instant.parse("2100-01-01T00:00:00Z") : Instant.ofEpochSecond(
        Math.floorDiv(untilNanos, TimeConstant.NANOS));
    long grain = rollup.grain().toSeconds();
    for (ZoneId z : zones) {
      var rules = z.getRules();
      boolean whole = rules.getOffset(start).getTotalSeconds() % grain == 0;
      for (var t = rules.nextTransition(start); whole && t != null && t.getInstant().isBefore(end);
          t = rules.nextTransition(t.getInstant())) {
        whole = t.getOffsetAfter().getTotalSeconds() % grain == 0;
      }
      if (!whole) {
        throw new Skip(RollupSkip.GRAIN_DOES_NOT_DIVIDE_BUCKET, "the time zone " + z + " is offset from UTC by a part"
            + " of a rollup bucket inside the window");
      }
    }
  }

  // ---- output ------------------------------------------------------------------------------

  /**
   * The level's PREWHERE as a WHERE: the rollup's view (or the union over it) takes no PREWHERE,
   * and both filter the same rows. With a WHERE too, {@code PREWHERE a WHERE b} becomes {@code
   * WHERE (a) AND (b)}.
   */
  private List<Edit> prewhereAsWhere() {
    Expr pre = select.prewhere();
    if (pre == null) {
      return List.of();
    }
    io.noemata.core.sql.Token keyword = word(select.from().end(), pre.start(), "PREWHERE");
    Expr where = select.where();
    if (where == null) {
      return List.of(new Edit(keyword.start(), keyword.end(), "WHERE"));
    }
    io.noemata.core.sql.Token and = word(pre.end(), where.start(), "WHERE");
    return List.of(new Edit(keyword.start(), keyword.end(), "WHERE ("), new Edit(pre.end(), pre.end(), ")"),
        new Edit(and.start(), and.end(), "AND ("), new Edit(where.end(), where.end(), ")"));
  }

  /** The keyword {@code word} between {@code from} and {@code to}, with absolute offsets. */
  private io.noemata.core.sql.Token word(int from, int to, String word) {
    for (io.noemata.core.sql.Token t : io.noemata.core.sql.Lexer.significant(sql.substring(from, to))) {
      if (t.kind() == io.noemata.core.sql.TokenKind.WORD && t.text().equalsIgnoreCase(word)) {
        return new io.noemata.core.sql.Token(t.kind(), from + t.start(), from + t.end(), t.text());
      }
    }
    throw new IllegalStateException("no " + word + " between " + from + " and " + to); // a bug, never a skip
  }

  private static boolean readsAggregate(Node n) {
    return n instanceof Expr.Call c && RollupFunctions.isAggregate(c)
        || !(n instanceof Expr.Subquery) && n.children().stream().anyMatch(RollupLevel::readsAggregate);
  }

  /** The seed's "function call over column names", such as {@code count()} or {@code toFloat64(count())}. */
  private static boolean callOverNames(Expr e) {
    if (!(e instanceof Expr.Call c) || c.distinct()) {
      return false;
    }
    if (c.params() != null && !c.params().stream().allMatch(p -> p instanceof Expr.Literal)) {
      return false;
    }
    return c.args().stream().allMatch(a -> a instanceof Expr.Identifier || a instanceof Expr.Star s
        && s.qualifier().isEmpty() || callOverNames(a));
  }

  /** The window's earliest start in nanoseconds since the epoch (null when unbounded), for the cost estimate. */
  Long windowStart() {
    edits();
    return lower == null ? null : lower.earliest();
  }

  /** The window's latest end in nanoseconds since the epoch (null when unbounded or moving). */
  Long windowEnd() {
    edits();
    return upper == null ? null : upper.latest();
  }

  /** True when the level reads the rollup's whole buckets and raw rows for the rest of the window. */
  boolean rawEdges() {
    edits();
    return edges != null;
  }

  private List<Edit> assemble() {
    String bucketAsTime = "CAST(toUnixTimestamp(" + Literals.identifier(rollup.bucketColumn()) + ") AS " + timeType + ")";
    String from = Literals.qualified(database, rollup.stableView())
        + (table.alias() != null ? " AS " + Literals.identifier(table.alias()) : "");
    if (edges != null) {
      from = edges.from(sql, table, database, rollup, bucketAsTime);
      for (RawEdges.Bound b : rawBounds) { // the union holds exactly the rows these select
        aggregateEdits.put(b.conjunct().start(), new Edit(b.conjunct().start(), b.conjunct().end(), "1"));
      }
    }
    List<Edit> out = new ArrayList<>(aggregateEdits.values());
    for (Edit leaf : leafEdits.values()) {
      boolean inside = aggregateEdits.values().stream().anyMatch(a -> a.start() <= leaf.start() && leaf.end() <= a.end());
      if (!inside) {
        out.add(leaf);
      }
    }
    out.add(new Edit(table.start(), table.end(), from));
    out.addAll(prewhereAsWhere());
    Set<String> taken = new HashSet<>(aliases.keySet());
    taken.addAll(rollup.dimensions());
    taken.addAll(generatedNames());
    List<Edit> names = new ArrayList<>();
    for (Expr item : select.items()) {
      if (item instanceof Expr.Aliased || out.stream().noneMatch(x -> item.start() <= x.start() && x.end() <= item.end())) {
        continue;
      }
      if (readsAggregate(item) && !callOverNames(item)) {
        throw new Skip(RollupSkip.UNALIASED_ITEM, "the unaliased select item " + text(item) + " holds an aggregate"
            + " and is not a function call over column names, so rewriting it would change its result-column name");
      }
      String name = ColumnNames.of(item).orElseThrow(() -> new Skip(RollupSkip.UNALIASED_ITEM, "the select item "
          + text(item) + " would change its result-column name, which the rule cannot spell"));
      if (!taken.add(name)) {
        throw new Skip(RollupSkip.UNALIASED_ITEM, "the select item " + text(item) + " is named " + name
            + ", a name the level already uses");
      }
      names.add(new Edit(item.end(), item.end(), " AS " + Literals.identifier(name)));
    }
    out.addAll(names);
    return out;
  }
}

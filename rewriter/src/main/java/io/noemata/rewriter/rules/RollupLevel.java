package io.noemata.rewriter.rules;

import io.noemata.core.catalog.Measure;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.sql.Literals;
import io.noemata.rewriter.syntax.Edit;
import io.noemata.rewriter.provenance.RollupSkip;
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
import io.noemata.rewriter.checks.Checked;
import io.noemata.rewriter.checks.DateTimeColumn;
import io.noemata.rewriter.checks.DimensionsOnly;
import io.noemata.rewriter.checks.GrainDividesBucket;
import io.noemata.rewriter.checks.NamesBound;
import io.noemata.rewriter.checks.RowCondition;
import io.noemata.rewriter.checks.Skip;
import io.noemata.rewriter.checks.StoredAggregates;
import io.noemata.rewriter.checks.TimeComparisons;
import io.noemata.rewriter.checks.UnaliasedItems;
import io.noemata.rewriter.checks.UncorrelatedSubqueries;
import io.noemata.rewriter.syntax.ColumnNames;
import io.noemata.rewriter.syntax.Inlined;
import io.noemata.rewriter.syntax.RollupFunctions;
import io.noemata.rewriter.time.RelativeTime;
import io.noemata.rewriter.time.TimeConstant;
import io.noemata.rewriter.time.TimeForm;
import io.noemata.rewriter.time.TimeKey;
import io.noemata.rewriter.time.TimeShift;
import io.noemata.rewriter.union.BareBucketBounds;
import io.noemata.rewriter.union.BucketBoundaries;
import io.noemata.rewriter.union.LevelWindow;
import io.noemata.rewriter.union.RawEdges;
import io.noemata.rewriter.union.UnionEdges;
import io.noemata.rewriter.union.WindowRead;

/**
 * One query level checked against one candidate rollup, condition by condition in the spec's
 * words. The level answers when every expression it evaluates reads only dimensions
 * ({@link DimensionsOnly}), buckets of the time column at least as coarse as the grain
 * ({@link GrainDividesBucket}), whole-bucket time bounds the rollup covers ({@link WindowCovered},
 * {@link ZonesKeepBuckets}, else the union rewrite) and aggregates with a stored state, under names
 * that mean the same on the rollup ({@link NamesBound}, {@link UnaliasedItems}); then {@link #edits()}
 * turn it into the same level over the rollup's target: the table becomes the target, the time
 * column its bucket (cast back to the column's type, so every bucket expression keeps its type and
 * value), each aggregate the read of its state, and every changed unaliased select item gets its
 * original name as an alias.
 *
 * <p>A failed condition is a {@link Skip} value. The walk over the level's expressions records the
 * first one met and stops there: every step returns at once once {@link #failed} is set, as a
 * thrown exception would unwind, but a fault of the rule stays an exception and never passes for
 * a skip.
 */
final class RollupLevel {

  private final String sql;
  private final Query.Select select;
  /** The level as written, whose text names its result columns; {@link #select} is decided. */
  private final Query.Select written;
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
  private final StoredAggregates storedAggregates;
  /** Values bound to {@code ?} parameters, by the parameter's offset, as the SQL text they are sent as. */
  private final Map<Integer, Expr> parameters;
  /** Edits by start offset: an alias expanded twice yields the same edit once. */
  private final TreeMap<Integer, Edit> leafEdits = new TreeMap<>();
  private final TreeMap<Integer, Edit> aggregateEdits = new TreeMap<>();
  /** The same aggregates read as the one rollup row each group is ({@link GroupsAreRows}), while each has such a read. */
  private final TreeMap<Integer, Edit> rowAggregateEdits = new TreeMap<>();
  private boolean rowReads = true;
  /** The GROUP BY keys as the walk read them. */
  private final List<GroupsAreRows.Key> groupKeys = new ArrayList<>();
  private Optional<List<Edit>> rowEdits = Optional.empty();
  private final GrainDividesBucket grain;
  /** The derived table the level reads, when it only filters {@link #table}; null when the level reads the table. */
  private final Inlined inlined;
  /** True while reading the inlined derived table's own filter, where the level's aliases are not in scope. */
  private boolean innerScope;
  /** Within {@link #innerScope}, the derived table the filter read reads, when not the table itself. */
  private Inlined readsBelow;
  /** The server's zone, where wall-clock buckets without a zone argument are cut; null when unknown. */
  private final ZoneId serverZone;
  /** A lower bound of the server's clock when the query runs (the catalog's reading); null when unknown. */
  private final Instant serverClock;
  private boolean aggregates;
  /** The level computes a window function over its groups ({@link #window}). */
  private boolean windows;
  private final LevelWindow window = new LevelWindow();
  private UnionEdges edges;
  /** The rollup as the union carries it: only the stored columns the level reads ({@link #carried}). */
  private Rollup unionShape;
  private Checked<List<Edit>> edits;
  /** The table's leading sorting key when it floors the time column: the raw edges restate their range on it. */
  private final Optional<TimeKey> timeKey;
  /** The first condition the walk found failed; once set, the walk stops. */
  private Skip failed;
  /** How the server names the unaliased items the level changes. */
  private final io.noemata.core.catalog.ResultNaming naming;

  /** The WHERE conjunct the rollup answers as its stored count ({@link RowCondition}), or null. */
  private Expr rowCondition;
  /** The read of that stored count, e.g. {@code sum(`ErrorCount`)}. */
  private String rowCount;

  /** The catalog's tables by how the statement names them (a subquery's own table binds its names). */
  private final java.util.function.Function<TableExpr.Table, Optional<TableInfo>> tables;
  /** The WITH constants the level sees, by name ({@link io.noemata.rewriter.checks.WithConstants}). */
  private final Map<String, Expr> withValues;

  RollupLevel(LevelContext level, Rollup rollup) {
    this.withValues = level.withValues();
    this.tables = level.statement()::table;
    this.timeKey = level.timeKey(rollup);
    this.inlined = level.inlined();
    this.parameters = level.statement().values();
    this.serverZone = level.serverZone();
    this.serverClock = level.serverClock();
    this.naming = level.statement().snapshot().naming();
    this.sql = level.sql();
    this.select = level.select();
    this.written = level.written();
    this.table = level.table();
    this.database = level.database();
    this.info = level.info();
    this.rollup = rollup;
    this.grainNanos = rollup.grain().toNanos();
    this.timeType = info.columnTypes().get(rollup.timeColumn());
    this.resolutionNanos = DateTimeColumn.resolutionNanos(timeType);
    this.storedAggregates = new StoredAggregates(sql, rollup, info, level.statement().countDistinct());
    this.grain = new GrainDividesBucket(sql, rollup, serverZone);
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

  /** The edits that make the level read the rollup, or the first condition it fails. */
  Checked<List<Edit>> edits() {
    if (edits == null) {
      edits = check();
    }
    return edits;
  }

  private Checked<List<Edit>> check() {
    Optional<Skip> notTime = DateTimeColumn.check(rollup, info);
    if (notTime.isPresent()) {
      return Checked.fails(notTime.get());
    }
    if (inlined != null && inlined.chain().stream()
        .anyMatch(i -> i.projected() != null && !info.columnTypes().keySet().containsAll(i.projected()))) {
      return Checked.fails(RollupSkip.NOT_UNDERSTOOD, "the derived table projects a name that is no column of "
          + info.name());
    }
    for (Expr e : select.ownExpressions()) {
      collectAliases(e);
    }
    Set<String> bound = new HashSet<>(aliases.keySet());
    bound.addAll(withValues.keySet());
    Optional<Skip> hidden = NamesBound.check(rollup, bound, joinedColumns);
    if (hidden.isPresent()) {
      return Checked.fails(hidden.get());
    }
    for (String name : withValues.keySet()) {
      if (info.columnTypes().containsKey(name) || aliases.containsKey(name) || joinedColumns.contains(name)) {
        return Checked.fails(RollupSkip.NAME_BOUND, "the WITH name " + name + " is also a column or an alias of the"
            + " level: which one a reference means is the server's choice");
      }
    }
    rowCondition();
    walk();
    if (failed == null && rowCondition != null && select.groupBy() != null
        && (!select.groupBy().oneGrouping() || !select.groupBy().modifiers().isEmpty())) {
      fail(RollupSkip.NOT_UNDERSTOOD, "the level groups with totals or several groupings, computed before the HAVING"
          + " that would stand for its WHERE condition " + text(rowCondition));
    }
    // SELECT DISTINCT over dimensions and buckets returns its groups: each rollup row stands for at
    // least one source row of its bucket and dimensions, so the rollup's rows hold every value that occurs
    if (failed == null && !aggregates && select.groupBy() == null && !select.distinct()) {
      fail(RollupSkip.NOT_AGGREGATING, "the level returns source rows, not groups of them");
    }
    if (failed == null && windows && !aggregates && select.groupBy() == null) {
      fail(RollupSkip.NOT_AGGREGATING, "the level's window functions run over source rows, not groups of them");
    }
    if (failed != null) {
      return Checked.fails(failed);
    }
    Checked<Optional<UnionEdges>> read = WindowRead.of(window.bounds(), window.lower(), window.upper(), grain.zones(),
        rollup, resolutionNanos, timeType);
    if (read instanceof Checked.Fails<Optional<UnionEdges>> f) {
      return Checked.fails(f.skip());
    }
    edges = ((Checked.Holds<Optional<UnionEdges>>) read).value().orElse(null);
    Checked<List<Edit>> grouped = assemble(false);
    if (grouped instanceof Checked.Holds<List<Edit>> && edges == null && !windows && GroupsAreRows.hold(select, groupKeys, rollup,
        rowReads, inlined == null && joinedAlias == null && !table.fin() && !table.sampled()) && builtOfKeys()) {
      if (assemble(true) instanceof Checked.Holds<List<Edit>> rows) {
        rowEdits = Optional.of(rows.value());
      }
    }
    return grouped;
  }

  /**
   * The edits that make the level read the rollup with {@code FINAL} and no GROUP BY, when each of
   * its groups is one rollup row ({@link GroupsAreRows}); empty otherwise. For small reads only.
   */
  Optional<List<Edit>> rowEdits() {
    edits();
    return rowEdits;
  }

  /**
   * Finds the level's WHERE conjunct over a column the rollup does not keep whose count it stores
   * ({@link RowCondition}); the level then reads row counts as that count, the conjunct as {@code 1}
   * and its groups through {@code HAVING <count> > 0}. Over a derived table that only projects, the
   * outer WHERE's (a column it does not project is no column here); not beside a join.
   */
  private void rowCondition() {
    if (select.where() == null || joinedAlias != null || select.distinct()) {
      return;
    }
    List<Expr> candidates = new ArrayList<>();
    for (Expr c : TimeComparisons.conjuncts(select.where())) {
      if (TimeComparisons.of(c, this::timeColumn, this::readable, sql) instanceof Checked.Holds<List<TimeComparisons.Comparison>> h
          && h.value().isEmpty() && TimeComparisons.truncated(c, this::timeColumn).isEmpty()) {
        candidates.add(c);
      }
    }
    java.util.function.Predicate<Expr.Identifier> column = id -> refersToTable(id) && info.columnTypes().containsKey(id.name())
        && !(id.parts().size() == 1 && (aliases.containsKey(id.name()) || withValues.containsKey(id.name())));
    Optional<Expr> found = RowCondition.of(candidates, column, id -> !column.test(id)
        || rollup.dimensions().contains(id.name()) || id.name().equals(rollup.timeColumn()));
    Optional<String> count = found.flatMap(c -> storedAggregates.storedCount(c,
        id -> column.test(id) ? Optional.of(id.name()) : Optional.empty()));
    if (count.isPresent()) {
      rowCondition = found.get();
      rowCount = count.get();
      rowReads = false; // the HAVING needs the GROUP BY
    }
  }

  /** Every expression the level evaluates, clause by clause; stops at the first failed condition. */
  private void walk() {
    boolean distinctKeys = select.distinct() && select.groupBy() == null; // the items are the keys of its groups
    for (int i = 0; i < select.items().size() && failed == null; i++) {
      TimeForm f = form(select.items().get(i), new ArrayDeque<>(), true);
      if (failed == null && distinctKeys) {
        GrainDividesBucket.notTime(f).ifPresent(this::fail);
      }
    }
    if (failed == null && select.from() instanceof TableExpr.Join j) {
      notRawTime(j.on(), new ArrayDeque<>(), false);
    }
    if (failed == null && select.where() != null) {
      where(select.where());
    }
    if (failed == null && select.prewhere() != null) {
      where(select.prewhere());
    }
    if (failed == null && inlined != null) {
      innerScope = true;
      for (Inlined link : inlined.chain()) {
        readsBelow = link.below();
        Query.Select inner = link.innerView().orElse(link.inner()); // as written: an unknown name is refused below
        for (Expr filter : new Expr[] {inner.where(), inner.prewhere()}) {
          if (filter != null && failed == null) {
            where(filter);
          }
        }
      }
      readsBelow = null;
      innerScope = false;
    }
    if (failed == null && select.groupBy() != null) {
      for (Expr e : select.groupBy().items()) {
        TimeForm f = form(e, new ArrayDeque<>(), false);
        if (failed == null) {
          GrainDividesBucket.notTime(f).ifPresent(this::fail);
        }
        if (failed != null) {
          return;
        }
        groupKeys.add(new GroupsAreRows.Key(plainDimension(e), f, GroupsAreRows.constant(e)));
      }
    }
    if (failed == null && select.having() != null) {
      notRawTime(select.having(), new ArrayDeque<>(), true);
    }
    // the WINDOW clause's keys and QUALIFY are computed over the level's groups, as its select items
    for (Clause.NamedWindow w : select.windows()) {
      for (Expr e : w.spec().expressions()) {
        if (failed != null || !notRawTime(e, new ArrayDeque<>(), true)) {
          return;
        }
      }
    }
    if (failed == null && select.qualify() != null) {
      notRawTime(select.qualify(), new ArrayDeque<>(), true);
    }
    for (Clause.OrderItem o : select.orderBy()) {
      if (failed != null || !notRawTime(o.expr(), new ArrayDeque<>(), true)) {
        return;
      }
    }
    if (failed == null && select.limitBy() != null) {
      for (Expr e : select.limitBy().by()) {
        if (!notRawTime(e, new ArrayDeque<>(), false)) {
          return;
        }
      }
    }
  }

  /**
   * A window function of a grouped level ({@code count() / sum(count()) OVER ()}): ClickHouse
   * computes it over the level's groups, after GROUP BY and HAVING, which the rollup gives alike; so
   * its arguments, partitions and order are read as select items (aggregates read from states, keys
   * from dimensions and buckets) and the window function itself is kept, never read as an aggregate
   * over source rows. A level without aggregates or GROUP BY computes it over source rows (refused
   * by {@link #check}); a named window's keys are read with the WINDOW clause ({@link #walk}).
   */
  private TimeForm window(Expr.Window w, Deque<String> expanding, boolean aggregatesAllowed) {
    boolean named = w.spec() == null && select.windows().stream().anyMatch(n -> n.name().equals(w.windowName()));
    if (!aggregatesAllowed || w.spec() == null && !named || w.function().params() != null || w.function().distinct()) {
      return fail(RollupSkip.NOT_UNDERSTOOD, "the rule reads a window function only in the select list, QUALIFY or"
          + " ORDER BY of a grouped level, written out or named in its WINDOW clause: " + text(w));
    }
    windows = true;
    for (Expr a : w.function().args()) {
      if (!notRawTime(a, expanding, true)) {
        return TimeForm.NONE;
      }
    }
    for (Expr e : named ? List.<Expr>of() : w.spec().expressions()) { // a named window's are read with its clause
      if (!notRawTime(e, expanding, true)) {
        return TimeForm.NONE;
      }
    }
    return TimeForm.NONE;
  }

  /** Records {@code skip} as the level's failed condition and stops the walk; returns a form no step reads. */
  private TimeForm fail(Skip skip) {
    if (failed != null) {
      // the walk goes on after a failed condition: a bug of this class, never a second skip
      throw new IllegalStateException("a second failed condition after " + failed + ": " + skip);
    }
    failed = skip;
    return TimeForm.NONE;
  }

  private TimeForm fail(RollupSkip code, String reason) {
    return fail(new Skip(code, reason));
  }

  /** The value of a check that computes a form, or its skip recorded. */
  private TimeForm take(Checked<TimeForm> checked) {
    if (checked instanceof Checked.Fails<TimeForm> f) {
      return fail(f.skip());
    }
    return ((Checked.Holds<TimeForm>) checked).value();
  }

  // ---- names -------------------------------------------------------------------------------

  private void collectAliases(Node n) {
    if (n instanceof Expr.Subquery) {
      return;
    }
    if (n instanceof Expr.Aliased a) {
      aliases.putIfAbsent(a.alias(), a.expr());
    }
    n.children().forEach(this::collectAliases);
  }

  // ---- expressions -------------------------------------------------------------------------

  /**
   * Reads {@code e}, which may not read the raw time column, only a bucket of it; false when a
   * condition failed. {@code expanding} as in {@link #form}.
   */
  private boolean notRawTime(Expr e, Deque<String> expanding, boolean aggregatesAllowed) {
    TimeForm f = form(e, expanding, aggregatesAllowed);
    if (failed == null) {
      GrainDividesBucket.notTime(f).ifPresent(this::fail);
    }
    return failed == null;
  }

  private String text(Node n) {
    return sql.substring(n.start(), n.end());
  }

  /**
   * How {@code e} depends on the time column; records the edits it needs. {@code expanding} holds
   * the aliases being expanded (inside its own definition a name is the column, as in ClickHouse).
   * After a failed condition the value is meaningless: every caller returns at once.
   */
  private TimeForm form(Expr e, Deque<String> expanding, boolean aggregatesAllowed) {
    if (e instanceof Expr.Filtered f) {
      if (!aggregatesAllowed || !RollupFunctions.isAggregate(f.function())) {
        return fail(RollupSkip.NOT_UNDERSTOOD, "the rule reads FILTER only on an aggregate of the select list,"
            + " HAVING or ORDER BY: " + text(f));
      }
      aggregate(f.function(), f.condition(), f, expanding);
      return TimeForm.NONE;
    }
    if (e instanceof Expr.Window w) {
      return window(w, expanding, aggregatesAllowed);
    }
    if (e instanceof Expr.Subquery sq) {
      Optional<Skip> correlated = UncorrelatedSubqueries.check(sql, sq, info, rollup, tables);
      return correlated.isPresent() ? fail(correlated.get()) : TimeForm.NONE; // a level of its own; here a constant
    }
    if (e instanceof Expr.Literal || e instanceof Expr.Parameter) {
      return TimeForm.NONE;
    }
    if (e instanceof Expr.IsNull n && neverNull(n.operand()) || e instanceof Expr.Call c && c.params() == null
        && c.args().size() == 1 && NULL_TESTS.contains(RollupFunctions.lower(c.name())) && neverNull(c.args().get(0))) {
      Expr operand = e instanceof Expr.IsNull n ? n.operand() : ((Expr.Call) e).args().get(0);
      // query engines add "t IS NOT NULL" to every filter: on a column that is not Nullable it is a
      // constant (its bucket, read in its place, is never NULL either)
      form(operand, expanding, aggregatesAllowed);
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
      if (failed != null) {
        return TimeForm.NONE;
      }
      Optional<TimeShift> shift = TimeShift.of(b).filter(s -> s.base() == b.left());
      TimeForm right = form(b.right(), expanding, aggregatesAllowed);
      if (failed != null) {
        return TimeForm.NONE;
      }
      if (left.kind() == TimeForm.Kind.PRESERVING && shift.isPresent()) {
        return take(grain.shift(b.right(), shift.get().by()));
      }
      return take(GrainDividesBucket.combine(List.of(left, right)));
    }
    if (e instanceof Expr.Cast k) {
      TimeForm operand = form(k.operand(), expanding, aggregatesAllowed);
      return failed != null ? TimeForm.NONE : take(grain.cast(k, k.type(), operand));
    }
    if (e instanceof Expr.Star) {
      return fail(DimensionsOnly.star());
    }
    if (e instanceof Expr.Lambda) {
      return fail(RollupSkip.NOT_UNDERSTOOD, "the rule does not read " + text(e));
    }
    List<Expr> children = new ArrayList<>();
    e.children().forEach(n -> children.add((Expr) n));
    return generic(children, expanding, aggregatesAllowed);
  }

  private TimeForm generic(List<Expr> children, Deque<String> expanding, boolean aggregatesAllowed) {
    List<TimeForm> forms = new ArrayList<>();
    for (Expr c : children) {
      forms.add(form(c, expanding, aggregatesAllowed));
      if (failed != null) {
        return TimeForm.NONE;
      }
    }
    return take(GrainDividesBucket.combine(forms));
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
    if (id.parts().size() == 1 && withValues.containsKey(id.name())) {
      return TimeForm.NONE; // a WITH constant: reads no row, and the rewritten query sees it too
    }
    if (joinedAlias != null && (id.parts().size() == 2 && id.parts().get(0).equals(joinedAlias)
        || id.parts().size() == 1 && joinedColumns.contains(id.name()))) {
      if (id.parts().size() == 1 && info.columnTypes().containsKey(id.name())) {
        return fail(RollupSkip.NOT_UNDERSTOOD, id.name() + " names a column of both sides of the join");
      }
      return TimeForm.NONE; // a value of the joined row, which depends on dimensions alone
    }
    if (!refersToTable(id) || joinedAlias != null && id.parts().size() == 1
        && !info.columnTypes().containsKey(id.name())) {
      return fail(RollupSkip.NOT_UNDERSTOOD, text(id) + " names no column of " + info.name());
    }
    String column = id.name();
    if (column.equals(rollup.timeColumn())) {
      leafEdits.put(id.start(), new Edit(id.start(), id.end(),
          "CAST(toUnixTimestamp(" + Literals.identifier(rollup.bucketColumn()) + ") AS " + timeType + ")"));
      return TimeForm.RAW;
    }
    Optional<Skip> notDimension = DimensionsOnly.check(column, text(id), info, rollup);
    if (notDimension.isPresent()) {
      return fail(notDimension.get());
    }
    if (id.parts().size() > 1) {
      if (aliases.containsKey(column) && !expanding.contains(column) && !sameColumn(aliases.get(column), column)) {
        return fail(RollupSkip.NAME_BOUND, "the alias " + column + " hides the dimension " + text(id) + " reads");
      }
      leafEdits.put(id.start(), new Edit(id.start(), id.end(), Literals.identifier(column)));
    }
    return TimeForm.NONE;
  }

  /** {@code x IS NULL} and {@code x IS NOT NULL} as functions (a name the server knows in this case: {@link KnownFunctions}). */
  private static final Set<String> NULL_TESTS = Set.of("isnull", "isnotnull");

  /** True when {@code e} is the time column itself, named (not through an alias), and its type is not Nullable. */
  private boolean neverNull(Expr e) {
    return Expr.unparenthesized(e) instanceof Expr.Identifier id && id.name().equals(rollup.timeColumn())
        && !(id.parts().size() == 1 && aliases.containsKey(id.name())) && refersToTable(id)
        && timeType != null && !timeType.startsWith("Nullable");
  }

  /** True when {@code e} is the table's column {@code column} itself, so a name bound to it reads the column. */
  private boolean sameColumn(Expr e, String column) {
    e = Expr.unparenthesized(e);
    return e instanceof Expr.Identifier id && id.name().equals(column) && refersToTable(id);
  }

  /** True when {@code id} names a column of the level's table: unqualified, or qualified by it. */
  boolean refersToTable(Expr.Identifier id) {
    return inlined != null && !innerScope ? inlined.holds(id)
        : readsBelow != null ? readsBelow.holds(id) : table.holds(id, database);
  }

  /** The same for {@code id} in the level as written ({@link LevelContext#written}). */
  private boolean refersToTableAsWritten(Expr.Identifier id) {
    return inlined != null ? inlined.holdsAsWritten(id) : table.holds(id, database);
  }

  private TimeForm call(Expr.Call c, Deque<String> expanding, boolean aggregatesAllowed) {
    if (RollupFunctions.isAggregate(c)) {
      if (!aggregatesAllowed) {
        return fail(RollupSkip.NOT_UNDERSTOOD, "the aggregate " + text(c) + " is nested or outside the select list,"
            + " HAVING and ORDER BY");
      }
      aggregate(c, null, c, expanding);
      return TimeForm.NONE;
    }
    if (!RollupFunctions.isScalar(c) || c.distinct()) {
      if (TimeConstant.of(c).isPresent() || RelativeTime.of(c).isPresent()) {
        return TimeForm.NONE; // a point in time spelled by a function (date_add(MINUTE, 30, ...)): reads no column
      }
      return fail(RollupSkip.NOT_UNDERSTOOD, "the function " + c.name() + " is not one the rollup rule knows");
    }
    List<TimeForm> args = new ArrayList<>();
    for (Expr a : c.args()) {
      args.add(form(a, expanding, aggregatesAllowed));
      if (failed != null) {
        return TimeForm.NONE;
      }
    }
    String name = RollupFunctions.lower(c.name());
    if ((name.equals("date_trunc") || name.equals("datetrunc")) && args.size() >= 2 && args.get(1).isTime()) {
      return take(grain.dateTrunc(c, args));
    }
    if (args.isEmpty() || !args.get(0).isTime()) {
      return take(GrainDividesBucket.combine(args));
    }
    for (int i = 1; i < args.size(); i++) {
      if (args.get(i).kind() != TimeForm.Kind.NONE) {
        return take(GrainDividesBucket.combine(args));
      }
    }
    return take(grain.timeFunction(c, args.get(0)));
  }

  // ---- aggregates --------------------------------------------------------------------------

  /**
   * The aggregate {@code c} read from a stored state ({@link StoredAggregates}), {@code filter} its
   * FILTER condition (else null), {@code whole} what the read replaces. A name an alias binds reads
   * the alias, never the column.
   */
  private void aggregate(Expr.Call c, Expr filter, Expr whole, Deque<String> expanding) {
    aggregates = true;
    if (rowCondition != null) {
      // every aggregate counts the rows the WHERE condition keeps: the stored count of them
      if (filter != null || !RowCondition.countsRows(c)) {
        fail(RollupSkip.MEASURE_NOT_STORED, "with " + text(rowCondition) + " in WHERE over a column " + rollup.key()
            + " does not keep, it reads only row counts (its stored count of that condition), not " + text(whole));
        return;
      }
      aggregateEdits.put(whole.start(), new Edit(whole.start(), whole.end(), rowCount));
      return;
    }
    java.util.function.Predicate<Expr.Identifier> bound = id -> id.parts().size() == 1
        && aliases.containsKey(id.name()) && !expanding.contains(id.name());
    Checked<String> read = storedAggregates.read(c, filter, whole,
        id -> bound.test(id) || !refersToTable(id) ? Optional.empty() : Optional.of(id.name()),
        id -> refersToTable(id) && rollup.dimensions().contains(id.name()) && !bound.test(id),
        new StoredAggregates.Inside() {
          @Override
          public Optional<Skip> read(Expr e) {
            return notRawTime(e, expanding, false) ? Optional.empty() : Optional.of(failed);
          }

          @Override
          public String text(Expr e) {
            return withEdits(e);
          }
        });
    if (failed != null) {
      return; // the walk inside the aggregate stopped at a failed condition, already recorded
    }
    if (read instanceof Checked.Fails<String> f) {
      fail(f.skip());
      return;
    }
    aggregateEdits.put(whole.start(), new Edit(whole.start(), whole.end(), ((Checked.Holds<String>) read).value()));
    Optional<String> row = rowReads ? storedAggregates.rowRead(c, filter,
        id -> bound.test(id) || !refersToTable(id) ? Optional.empty() : Optional.of(id.name())) : Optional.empty();
    if (row.isPresent()) {
      rowAggregateEdits.put(whole.start(), new Edit(whole.start(), whole.end(), row.get()));
    } else {
      rowReads = false;
    }
  }

  /**
   * True when every expression the level evaluates outside its aggregates (select list, ORDER BY,
   * LIMIT BY) is built of its GROUP BY keys as written, as ClickHouse requires of a grouped level:
   * without the GROUP BY, a level the server refuses (a column that is no key) must not start to
   * answer. Keys are compared as written, so a key spelled otherwise keeps the GROUP BY.
   */
  private boolean builtOfKeys() {
    Set<String> keys = new HashSet<>();
    for (Expr k : select.groupBy().items()) {
      keys.add(text(Expr.unparenthesized(k)));
      if (k instanceof Expr.Identifier id && id.parts().size() == 1 && aliases.containsKey(id.name())) {
        keys.add(text(Expr.unparenthesized(aliases.get(id.name()))));
      }
    }
    List<Expr> outside = new ArrayList<>(select.items());
    select.orderBy().forEach(o -> outside.add(o.expr()));
    if (select.limitBy() != null) {
      outside.addAll(select.limitBy().by());
    }
    return outside.stream().allMatch(e -> ofKeys(e, keys, new HashSet<>()));
  }

  private boolean ofKeys(Expr e, Set<String> keys, Set<String> expanded) {
    e = Expr.unparenthesized(e);
    if (e instanceof Expr.Aliased a) {
      return keys.contains(a.alias()) || ofKeys(a.expr(), keys, expanded);
    }
    if (keys.contains(text(e)) || e instanceof Expr.Literal || e instanceof Expr.Filtered
        || e instanceof Expr.Call c && RollupFunctions.isAggregate(c)) {
      return true;
    }
    if (e instanceof Expr.Identifier id) {
      return id.parts().size() == 1 && aliases.containsKey(id.name()) && !sameColumn(aliases.get(id.name()), id.name())
          && expanded.add(id.name()) && ofKeys(aliases.get(id.name()), keys, expanded);
    }
    if (e instanceof Expr.Subquery || e instanceof Expr.Window || e instanceof Expr.Lambda || e instanceof Expr.Star) {
      return false;
    }
    return e.children().stream().allMatch(n -> ofKeys((Expr) n, keys, expanded));
  }

  /**
   * The rollup dimension {@code key} is as the column itself, through the aliases it names; empty
   * for any other expression (a function of a dimension may map two groups to one value).
   */
  private Optional<String> plainDimension(Expr key) {
    Set<String> expanded = new HashSet<>();
    Expr e = key;
    while (true) {
      e = Expr.unparenthesized(e);
      if (!(e instanceof Expr.Identifier id)) {
        return Optional.empty();
      }
      if (id.parts().size() == 1 && aliases.containsKey(id.name()) && !sameColumn(aliases.get(id.name()), id.name())
          && expanded.add(id.name())) {
        e = aliases.get(id.name());
        if (e instanceof Expr.Aliased a) {
          e = a.expr();
        }
        continue;
      }
      return refersToTable(id) && rollup.dimensions().contains(id.name()) ? Optional.of(id.name()) : Optional.empty();
    }
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

  /** A WHERE (or PREWHERE), conjunct by conjunct: window bounds, else expressions over dimensions and buckets. */
  private void where(Expr where) {
    for (Expr conjunct : TimeComparisons.conjuncts(where)) {
      if (conjunct == rowCondition) {
        continue; // read as the stored count ({@link #rowCondition})
      }
      Checked<List<TimeComparisons.Comparison>> bounds = TimeComparisons.of(conjunct, this::timeColumn,
          this::readable, sql);
      if (bounds instanceof Checked.Fails<List<TimeComparisons.Comparison>> f) {
        fail(f.skip());
        return;
      }
      List<TimeComparisons.Comparison> comparisons = ((Checked.Holds<List<TimeComparisons.Comparison>>) bounds).value();
      for (TimeComparisons.Comparison c : comparisons) {
        bound(conjunct, c.column(), c.op(), c.value());
        if (failed != null) {
          return;
        }
      }
      if (comparisons.isEmpty() && truncatedBound(conjunct)) {
        if (failed != null) {
          return;
        }
        continue;
      }
      if (comparisons.isEmpty() && (!notRawTime(conjunct, new ArrayDeque<>(), false) || !bucketBound(conjunct))) {
        return;
      }
    }
  }

  /** A time constant, or a {@code ?} whose bound value is one: a decision that depends on a value waits for it. */
  private Optional<TimeConstant> constant(Expr e) {
    e = Expr.unparenthesized(e);
    for (int depth = 0; depth < 8 && e instanceof Expr.Identifier id && id.parts().size() == 1
        && withValues.containsKey(id.name()); depth++) {
      e = Expr.unparenthesized(withValues.get(id.name())); // WITH toDateTime('...') AS start
    }
    // wall clocks are read where the server reads them: a bare string in the column's zone, else its own
    ZoneId stringZone = TimeConstant.columnZone(timeType, serverZone);
    // a parameter inside a constant (HyperDX's fromUnixTimestamp64Milli({p:Int64})) is read as its value
    Expr valued = bound(e);
    return valued == null ? Optional.empty() : TimeConstant.of(valued, serverZone, stringZone);
  }

  /**
   * {@code e} with each parameter replaced by its bound value ({@link LevelContext.StatementFacts#values}),
   * through the calls, casts, operators and intervals a time constant is spelled with; null when a
   * parameter's value is not known or sits in any other expression.
   */
  private Expr bound(Expr e) {
    if (e instanceof Expr.Parameter p) {
      return parameters.get(p.start());
    }
    if (e instanceof Expr.Literal || e instanceof Expr.Identifier) {
      return e;
    }
    if (e instanceof Expr.Call c && c.params() == null) {
      List<Expr> args = new ArrayList<>();
      for (Expr a : c.args()) {
        Expr v = bound(a);
        if (v == null) {
          return null;
        }
        args.add(v);
      }
      return new Expr.Call(c.name(), null, args, c.distinct(), c.start(), c.end());
    }
    if (e instanceof Expr.Parens p) {
      Expr v = bound(p.inner());
      return v == null ? null : new Expr.Parens(v, p.start(), p.end());
    }
    if (e instanceof Expr.Cast k) {
      Expr v = bound(k.operand());
      return v == null ? null : new Expr.Cast(v, k.type(), k.operatorForm(), k.start(), k.end());
    }
    if (e instanceof Expr.Interval i) {
      Expr v = bound(i.amount());
      return v == null ? null : new Expr.Interval(v, i.unit(), i.start(), i.end());
    }
    if (e instanceof Expr.Binary b) {
      Expr l = bound(b.left());
      Expr r = bound(b.right());
      return l == null || r == null ? null : new Expr.Binary(b.op(), l, r, b.start(), b.end());
    }
    if (e instanceof Expr.Unary u) {
      Expr v = bound(u.operand());
      return v == null ? null : new Expr.Unary(u.op(), v, u.start(), u.end());
    }
    return hasParameter(e) ? null : e;
  }

  private static boolean hasParameter(Node n) {
    return n instanceof Expr.Parameter || n.children().stream().anyMatch(RollupLevel::hasParameter);
  }

  /** The raw time column as written in this conjunct, when it is not a name an alias takes. */
  private Optional<Expr.Identifier> timeColumn(Expr e) {
    e = Expr.unparenthesized(e);
    if (e instanceof Expr.Identifier id && id.name().equals(rollup.timeColumn()) && refersToTable(id)
        && !(!innerScope && id.parts().size() == 1 && aliases.containsKey(id.name()))) {
      return Optional.of(id);
    }
    return Optional.empty();
  }

  /** A bound value the rule reads: a time constant, or a time that moves with the server's clock. */
  private boolean readable(Expr value) {
    return constant(value).isPresent() || relative(value).isPresent();
  }

  /**
   * {@code value} as a time that moves with the server's clock, a named parameter inside read as its
   * bound value ({@code now() - INTERVAL {h:UInt32} HOUR}); the text keeps the parameter, which the
   * server substitutes wherever it is written, so a {@code ?} (bound once, in order) is not read so.
   */
  private Optional<RelativeTime> relative(Expr value) {
    Optional<RelativeTime> r = RelativeTime.of(value);
    if (r.isPresent() || !hasParameter(value) || positional(value)) {
      return r;
    }
    return Optional.ofNullable(bound(value)).flatMap(RelativeTime::of);
  }

  private static boolean positional(io.noemata.core.sql.Node n) {
    return n instanceof Expr.Parameter p && p.name() == null
        || n.children().stream().anyMatch(RollupLevel::positional);
  }

  /** {@code t op value}: a bound of the window, exact on the rollup only on bucket boundaries ({@link BucketBoundaries}). */
  private void bound(Expr conjunct, Expr.Identifier id, String op, Expr value) {
    Optional<TimeConstant> constant = constant(value);
    RawEdges.Bound b = constant.isPresent()
        ? BucketBoundaries.constant(conjunct, text(conjunct), op, value, constant.get(), resolutionNanos, rollup.grain(),
            timeType)
        : BucketBoundaries.moving(conjunct, text(conjunct), op, value, relative(value).orElseThrow(),
            rollup.grain(), serverZone, timeType);
    window.raw(b, serverClock);
    form(id, new ArrayDeque<>(), false); // reads the bucket on the rollup
  }

  /**
   * {@code toDateTime(t) op C}, {@code toUnixTimestamp(t) op n}: the second {@code t} lies in compared
   * with a constant is a bound on {@code t} itself ({@code floor(t) >= C} is {@code t >= ceil(C)},
   * {@code floor(t) <= C} is {@code t < floor(C) + 1s}); the raw edges filter by the conjunct as
   * written. False when the conjunct is no such comparison.
   */
  private boolean truncatedBound(Expr conjunct) {
    List<TimeComparisons.Truncated> all = TimeComparisons.truncated(conjunct, this::timeColumn);
    List<RawEdges.Bound> bounds = new ArrayList<>();
    for (TimeComparisons.Truncated t : all) {
      Expr f = t.truncating();
      // a string is read in the function's zone when it names one: only the column's zone is known here
      boolean zoned = t.zoned();
      long unit = t.truncatesTo();
      if (t.integer() && t.unitNanos() != TimeConstant.NANOS
          && (timeType == null || !timeType.replace("Nullable(", "").startsWith("DateTime64"))) {
        return false; // toUnixTimestamp64Milli and its kin take a DateTime64 alone
      }
      // an integer of units since the epoch, inside the seconds a DateTime (the rollup's bucket) holds
      long maxUnits = 4294967295L * (TimeConstant.NANOS / unit);
      Optional<TimeConstant> c = t.integer()
          ? TimeConstant.integer(t.value()).filter(n -> n >= 0 && n <= maxUnits)
              .map(n -> new TimeConstant(n * t.unitNanos(), true))
          : zoned && Expr.unparenthesized(t.value()) instanceof Expr.Literal ? Optional.empty() : constant(t.value());
      if (c.isEmpty()) {
        return false;
      }
      long nanos = c.get().nanos();
      long floor = Math.floorDiv(nanos, unit) * unit;
      long ceil = floor == nanos ? nanos : floor + unit;
      boolean halfOpen = t.op().equals(">=") || t.op().equals("<");
      TimeConstant at = new TimeConstant(halfOpen ? ceil : floor + unit, c.get().zoneKnown());
      String raw = sql.substring(f.start(), t.operand().start()) + Literals.identifier(rollup.timeColumn())
          + sql.substring(t.operand().end(), f.end()) + " " + t.op() + " " + text(t.value());
      bounds.add(BucketBoundaries.constant(conjunct, text(conjunct), t.op().startsWith(">") ? ">=" : "<", t.value(), at,
          resolutionNanos, rollup.grain(), timeType).withRawCondition(raw));
    }
    if (bounds.isEmpty()) {
      return false;
    }
    bounds.forEach(b -> window.raw(b, serverClock));
    for (TimeComparisons.Truncated t : all) {
      form(t.column(), new ArrayDeque<>(), false); // reads the bucket on the rollup
    }
    return true;
  }

  /**
   * {@code bucket(t) op v} bounds the window when the bucket is a floor of t of known width. False
   * when a condition failed.
   */
  private boolean bucketBound(Expr conjunct) {
    Optional<TimeComparisons.Constant> c = TimeComparisons.withConstant(conjunct, this::constant);
    if (c.isEmpty()) {
      return true;
    }
    TimeForm f = form(c.get().side(), new ArrayDeque<>(), false);
    if (failed != null) {
      return false;
    }
    if (f.kind() == TimeForm.Kind.BUCKET && f.floorSeconds() > 0) {
      window.bucket(c.get().op(), c.get().value(), f.floorSeconds());
    }
    return true;
  }

  /**
   * With a {@link #rowCondition}, the groups the WHERE left some rows of: {@code HAVING <count> > 0},
   * beside the level's own HAVING ({@code (h) AND <count> > 0}). A level without GROUP BY has its
   * one row either way.
   */
  private List<Edit> groupsOfTheCondition() {
    if (rowCondition == null || select.groupBy() == null) {
      return List.of();
    }
    Expr h = select.having();
    if (h == null) {
      return List.of(new Edit(select.groupBy().end(), select.groupBy().end(), " HAVING " + rowCount + " > 0"));
    }
    return List.of(new Edit(h.start(), h.start(), "("), new Edit(h.end(), h.end(), ") AND " + rowCount + " > 0"));
  }

  // ---- output ------------------------------------------------------------------------------

  /** The window's earliest start in nanoseconds since the epoch (null when unbounded), for the cost estimate. */
  Long windowStart() {
    edits();
    return window.lower() == null ? null : window.lower().earliest();
  }

  /** The window's latest end in nanoseconds since the epoch (null when unbounded or moving). */
  Long windowEnd() {
    edits();
    return window.upper() == null ? null : window.upper().latest();
  }

  /** True when the level reads the rollup's whole buckets and raw rows for the rest of the window. */
  boolean rawEdges() {
    edits();
    return edges != null;
  }

  /**
   * The rollup as a union carries it: only the stored columns the level's edits read (every read
   * of one is an edit this rule wrote, naming it quoted), so the raw edges compute no state the
   * query does not need (a count panel's edges no uniqState). All of them under a projection
   * made {@code *}, whose reader sees every column.
   */
  private Rollup carried(List<Edit> levelEdits) {
    if (inlined != null && inlined.listsColumns()) {
      return rollup;
    }
    List<Measure> read = rollup.measures().stream().filter(m -> levelEdits.stream()
        .anyMatch(e -> e.text().contains(Literals.identifier(m.stateColumn())))).toList();
    if (read.isEmpty()) { // DISTINCT over dimensions: a rollup holds at least one measure, so the cheapest
      read = List.of(rollup.measures().stream().filter(m -> m.stateType().startsWith("SimpleAggregateFunction("))
          .findFirst().orElse(rollup.measures().get(0)));
    }
    return rollup.withMeasures(read);
  }

  /** The rollup as the level's union carries it (the rollup itself without raw edges), for the cost estimate. */
  Rollup unionShape() {
    edits();
    return unionShape == null ? rollup : unionShape;
  }

  /** The level's edits: grouped as written, or ({@code rows}) as the rollup's rows read with FINAL. */
  private Checked<List<Edit>> assemble(boolean rows) {
    String bucketAsTime = "CAST(toUnixTimestamp(" + Literals.identifier(rollup.bucketColumn()) + ") AS " + timeType + ")";
    String from = Literals.qualified(database, rollup.target())
        + (table.alias() != null ? " AS " + Literals.identifier(table.alias()) : "") + (rows ? " FINAL" : "");
    if (edges != null) {
      for (RawEdges.Bound b : window.bounds()) { // the union holds exactly the rows these select
        aggregateEdits.put(b.conjunct().start(), new Edit(b.conjunct().start(), b.conjunct().end(), "1"));
      }
    } else {
      BareBucketBounds.edits(window.bounds(), rollup.bucketColumn()).forEach(e -> aggregateEdits.put(e.start(), e));
    }
    if (rowCondition != null) {
      aggregateEdits.put(rowCondition.start(), new Edit(rowCondition.start(), rowCondition.end(), "1"));
    }
    TreeMap<Integer, Edit> whole = new TreeMap<>(aggregateEdits);
    if (rows) {
      whole.putAll(rowAggregateEdits);
      Clause.GroupBy g = select.groupBy();
      whole.put(g.start(), new Edit(g.start(), g.end(), ""));
    }
    if (rollup.refreshed() && !RefreshGuard.onFirstBound(sql, rollup, info.name(), window.bounds(), whole)) {
      return Checked.fails(new Skip(RollupSkip.REFRESH_BEHIND, "the level has no time bound to carry the check that "
          + info.name() + " did not change since " + rollup.key() + "'s refresh"));
    }
    List<Edit> out = new ArrayList<>(whole.values());
    out.addAll(groupsOfTheCondition());
    for (Edit leaf : leafEdits.values()) {
      boolean inside = whole.values().stream().anyMatch(a -> a.start() <= leaf.start() && leaf.end() <= a.end());
      if (!inside) {
        out.add(leaf);
      }
    }
    if (edges != null) {
      unionShape = carried(out);
      from = edges.from(sql, table, database, unionShape, bucketAsTime, timeKey);
    }
    out.add(new Edit(table.start(), table.end(), from));
    if (inlined != null) {
      inlined.chain().forEach(link -> link.star(rollup.dimensions()).ifPresent(out::add));
    }
    out.addAll(PrewhereAsWhere.edits(sql, select));
    Set<String> taken = new HashSet<>(aliases.keySet());
    taken.addAll(NamesBound.generated(rollup));
    // named as written: the view names a renamed column by its column, the result by its new name
    Checked<List<Edit>> names = UnaliasedItems.names(sql, written.items(), out, taken, this::refersToTableAsWritten,
        Set.copyOf(rollup.dimensions()), naming);
    if (names instanceof Checked.Fails<List<Edit>> f) {
      return Checked.fails(f.skip());
    }
    out.addAll(((Checked.Holds<List<Edit>>) names).value());
    return Checked.holds(out);
  }
}

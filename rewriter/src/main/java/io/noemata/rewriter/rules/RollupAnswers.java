package io.noemata.rewriter.rules;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.catalog.TableName;
import io.noemata.core.catalog.TableRows;
import io.noemata.rewriter.cost.AggregateKind;
import io.noemata.rewriter.cost.CheapestRead;
import io.noemata.rewriter.syntax.Edit;
import io.noemata.rewriter.syntax.Parameters;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.rewriter.provenance.RollupUse;
import io.noemata.core.sql.Clause;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Node;
import io.noemata.core.sql.Query;
import io.noemata.core.sql.SqlParser;
import io.noemata.core.sql.Statement;
import io.noemata.core.sql.TableExpr;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import io.noemata.rewriter.checks.Checked;
import io.noemata.rewriter.checks.WithConstants;
import io.noemata.rewriter.checks.MeaningSettings;
import io.noemata.rewriter.checks.SameContentHash;
import io.noemata.rewriter.checks.SameRowsAndColumns;
import io.noemata.rewriter.checks.Skip;
import io.noemata.rewriter.checks.RefreshCovers;
import io.noemata.rewriter.checks.RenamedColumns;
import io.noemata.rewriter.checks.SourceKeepsRows;
import io.noemata.rewriter.checks.TableAlone;
import io.noemata.rewriter.syntax.Inlined;
import io.noemata.rewriter.syntax.NamedValues;

/**
 * The spec's "Rollups" rule: a query level reads the ready rollup that answers it at the least
 * estimated cost ({@link CheapestRead}; by grain, the coarsest, when the catalog has no row counts),
 * else the raw table, which is also read when it is estimated cheaper than every rollup. Every
 * candidate of every level is reported: the one read, and for each other the first condition it
 * failed (or, when it answers, why another read was preferred). A level is each SELECT that reads a source table (a UNION branch, a
 * subquery, a CTE); levels are decided one by one, so an outer query that only filters a
 * rewritten subquery stays as written.
 */
public final class RollupAnswers {

  /** The edits to splice and the decision for every candidate rollup. */
  public record Result(List<Edit> edits, List<RollupUse> uses) {
    public Result {
      edits = List.copyOf(edits);
      uses = List.copyOf(uses);
    }
  }

  private RollupAnswers() {}

  /** The rule as {@link io.noemata.rewriter.Rewriter} runs it. */
  public static final Rule RULE = (statement, sql, request) -> {
    Result r = apply(statement, sql, request.snapshot(), request.defaultDatabase(), request.parameters());
    return new Rule.Applied(r.edits(), List.copyOf(r.uses()));
  };

  /**
   * @param parameters the values bound to the statement's {@code ?} and {@code {name:Type}}
   *     parameters; empty when not known yet. A time bound written with one is decided from the
   *     value the server substitutes, read as its type reads it; without one the level reads the table.
   */
  public static Result apply(Statement statement, String sql, CatalogSnapshot snapshot, String defaultDatabase,
      Parameters parameters) {
    List<Query.Select> selects = new ArrayList<>();
    Set<String> cteNames = new HashSet<>();
    List<Clause.Setting> settings = new ArrayList<>();
    Map<Query.Select, Map<String, Expr>> withValues = new HashMap<>();
    collect(statement, Map.of(), selects, cteNames, settings, withValues);
    if (settings.stream().anyMatch(s -> s.name().toLowerCase(Locale.ROOT).startsWith("param_"))) {
      // the statement sets a parameter's value itself: the connection's may not be the one substituted
      parameters = Parameters.positional(parameters.positional());
    }
    Map<Integer, Expr> values = parameterValues(statement, parameters);
    selects.sort(Comparator.comparingInt(Node::start));
    Optional<Skip> meaning = MeaningSettings.check(settings);

    TableFilters filters = TableFilters.of(settings, sql);
    LevelContext.StatementFacts facts = new LevelContext.StatementFacts(sql, snapshot, values, filters, meaning,
        defaultDatabase, Set.copyOf(cteNames), io.noemata.rewriter.checks.CountDistinct.implementation(settings));
    Set<String> carried = new HashSet<>();
    List<Edit> edits = new ArrayList<>();
    List<Outcome.Read> chosenReads = new ArrayList<>();
    List<RollupUse> uses = new ArrayList<>();
    Set<Query.Select> inlinedSelects = new HashSet<>();
    // whether every table read is a rollup read with an estimate, and what their rows cost (SmallRead)
    boolean rollupReadsOnly = true;
    double rollupCost = 0;
    double unionCost = 0;
    for (int i = 0; i < selects.size(); i++) {
      Query.Select written = selects.get(i);
      int levelNumber = i + 1;
      if (inlinedSelects.contains(written)) {
        continue; // decided with the level that reads it
      }
      Set<TableName> seen = new HashSet<>();
      Optional<Inlined> found = Inlined.of(written.from())
          .or(() -> Inlined.ofCte(written.from(), written.with(), statement));
      Optional<Query.Select> view = found.flatMap(in -> in.view(written));
      Inlined inlined = view.isPresent() ? found.get() : null;
      Query.Select s = view.orElse(written); // decided with each new name read as its column
      if (inlined != null) {
        inlined.chain().forEach(link -> inlinedSelects.add(link.inner()));
      }
      for (TableExpr.Table t : inlined != null ? List.of(inlined.table()) : leaves(s.from())) {
        if (t.database() == null && cteNames.contains(t.table())) {
          continue;
        }
        TableName name = new TableName(t.database() != null ? t.database() : defaultDatabase, t.table());
        if (!seen.add(name)) {
          rollupReadsOnly = false;
          continue; // a self-join: one decision per table and level
        }
        TableInfo info = snapshot.table(name).orElse(null);
        if (info == null || info.rollups().isEmpty()) {
          rollupReadsOnly = false;
          continue;
        }
        List<Rollup> candidates = new ArrayList<>(info.rollups());
        candidates.sort(Comparator.comparing(Rollup::grain).reversed().thenComparing(Rollup::key));
        Map<String, Expr> withSeen = new LinkedHashMap<>(withValues.getOrDefault(s, Map.of()));
        if (inlined != null) {
          inlined.chain().forEach(link -> withSeen.putAll(withValues.getOrDefault(link.inner(), Map.of())));
        }
        LevelContext level = new LevelContext(facts, s, written, t, inlined, name, info, Map.copyOf(withSeen));
        List<Outcome> outcomes = new ArrayList<>();
        for (Rollup r : candidates) {
          outcomes.add(decide(level, r, edits));
        }
        List<Outcome.Read> answering = outcomes.stream().filter(Outcome.Read.class::isInstance)
            .map(Outcome.Read.class::cast).toList();
        CheapestRead.Decision cost = estimate(s, name, answering, snapshot).orElse(null);
        Outcome.Read chosen = cost == null ? choose(answering) : cost.rawIsCheaper() ? null : answering.get(cost.chosen());
        if (cost == null || chosen == null) {
          rollupReadsOnly = false;
        } else if (chosen.rawEdges()) {
          unionCost += cost.rowCosts().get(cost.chosen());
        } else {
          rollupCost += cost.rowCosts().get(cost.chosen());
        }
        for (Outcome o : outcomes) {
          Rollup r = o.rollup();
          if (o == chosen) {
            edits.addAll(chosen.edits());
            chosenReads.add(chosen);
            if (filters != null && carried.add(name + " " + r.target())) {
              filters.carry(name, r).ifPresent(edits::add);
            }
            uses.add(new ResourceUse.Rollup(levelNumber, name.toString(), r.key(), r.stableView(), chosen.rawEdges()));
          } else if (o instanceof Outcome.Read read) {
            uses.add(new ResourceUse.SkippedRollup(levelNumber, name.toString(), r.key(), r.stableView(),
                notChosen(read, chosen), notChosenWhy(read, chosen, cost == null ? null : cost.raw(), cost == null ? null
                    : cost.costs().get(answering.indexOf(read)), cost == null || chosen == null ? null
                    : cost.costs().get(answering.indexOf(chosen)), name)));
          } else if (o instanceof Outcome.Skipped skipped) {
            uses.add(new ResourceUse.SkippedRollup(levelNumber, name.toString(), r.key(), r.stableView(), skipped.code(),
                skipped.why()));
          }
        }
      }
    }
    if (!edits.isEmpty()) {
      Optional<Edit> small = SmallRead.edit(statement, rollupReadsOnly, rollupCost, unionCost,
          snapshot.changeableSettings());
      if (small.isPresent()) {
        edits.add(small.get());
        for (Outcome.Read o : chosenReads) { // a small read of groups that are rollup rows: FINAL, no GROUP BY
          if (o.rowEdits().isPresent() && holdsParts(snapshot, o.database(), o.rollup().target())) {
            edits.removeAll(o.edits());
            edits.addAll(o.rowEdits().get());
          }
        }
      }
    }
    return new Result(edits, uses);
  }

  /**
   * True when the catalog read parts of {@code target} on this server: a MergeTree table whose FINAL
   * merges every row of a key. A Distributed target has none of its own (its shards' local tables
   * do), and FINAL through it merges each shard's rows apart, so its groups keep their GROUP BY.
   */
  private static boolean holdsParts(CatalogSnapshot snapshot, String database, String target) {
    return snapshot.rows(new TableName(database, target)).map(r -> !r.partitions().isEmpty()).orElse(false);
  }

  /**
   * The cost-aware choice among the candidates that answer ({@link CheapestRead}), from the row
   * counts the catalog read; empty when it holds none for the source or a target.
   */
  private static Optional<CheapestRead.Decision> estimate(Query.Select s, TableName name,
      List<Outcome.Read> answering, CatalogSnapshot snapshot) {
    if (answering.isEmpty()) {
      return Optional.empty();
    }
    Map<String, TableRows> targets = new HashMap<>();
    for (Outcome.Read o : answering) {
      String target = o.rollup().target();
      snapshot.rows(new TableName(name.database(), target)).ifPresent(t -> targets.put(target, t));
    }
    Outcome.Read any = answering.get(0);
    return CheapestRead.choose(answering.stream().map(o -> new CheapestRead.Candidate(o.unionShape(), o.rawEdges()))
        .toList(),
        snapshot.rows(name).orElse(null), targets, any.windowStart(), any.windowEnd(), AggregateKind.of(s));
  }

  /** Why an answering candidate was not read. */
  private static RollupSkip notChosen(Outcome.Read o, Outcome.Read chosen) {
    if (chosen == null) {
      return RollupSkip.RAW_IS_CHEAPER;
    }
    if (o.rollup().grain().compareTo(chosen.rollup().grain()) <= 0) {
      return RollupSkip.COARSER_ROLLUP_READ;
    }
    return o.rawEdges() && !chosen.rawEdges() ? RollupSkip.WHOLE_BUCKETS_PREFERRED : RollupSkip.CHEAPER_ROLLUP_READ;
  }

  private static String notChosenWhy(Outcome.Read o, Outcome.Read chosen, Double raw, Double mine, Double theirs,
      TableName name) {
    String key = o.rollup().key();
    if (chosen == null) {
      return String.format(Locale.ROOT, "reading %s is estimated cheaper: %,.0f against %,.0f for %s (rows read,"
          + " weighted by what their aggregates cost per row, and each table read's and part's fixed cost)", name, raw, mine, key);
    }
    String estimates = mine == null ? "" : String.format(Locale.ROOT, " (estimated %,.0f against %,.0f)", mine, theirs);
    return switch (notChosen(o, chosen)) {
      case WHOLE_BUCKETS_PREFERRED -> key + " answers only with raw rows for part of the window, while "
          + chosen.rollup().key() + " answers from whole buckets alone" + estimates;
      case COARSER_ROLLUP_READ -> "the coarser rollup " + chosen.rollup().key() + " answers this level" + estimates;
      default -> chosen.rollup().key() + " answers this level at a lower estimated cost" + estimates;
    };
  }

  /**
   * The candidate the level reads: the coarsest that answers from whole buckets alone, else the
   * coarsest that answers with raw rows for part of the window (raw rows cost a scan of the source
   * table, more than finer rollup rows); null when none answers. {@code answering} run coarsest first.
   */
  private static Outcome.Read choose(List<Outcome.Read> answering) {
    return answering.stream().filter(o -> !o.rawEdges()).findFirst()
        .orElse(answering.isEmpty() ? null : answering.get(0));
  }

  private static Outcome decide(LevelContext level, Rollup r, List<Edit> earlierEdits) {
    Outcome o;
    Query.Select s = level.select();
    TableExpr.Table t = level.table();
    Inlined inlined = level.inlined();
    TableName name = level.name();
    TableInfo info = level.info();
    CatalogSnapshot snapshot = level.statement().snapshot();
    TableFilters filters = level.statement().filters();
    try {
      // the conditions decided without reading the level's expressions, in the order they are reported
      Optional<Skip> skip = SourceKeepsRows.check(info, r)
          .or(() -> RefreshCovers.check(info, r, s, t))
          .or(() -> SameContentHash.check(r))
          .or(() -> SameRowsAndColumns.rollup(snapshot, name, r, level.selects()))
          .or(() -> TableAlone.check(s, t, inlined, r.refreshed()))
          .or(() -> RenamedColumns.check(level.written(), inlined, level.withValues().keySet(), info, r))
          .or(() -> level.statement().meaning())
          .or(() -> WithConstants.check(level.withValues()))
          .or(() -> Optional.ofNullable(filters == null ? null : filters.blocks(name, r))
              .map(why -> new Skip(RollupSkip.TABLE_FILTER_SETTING, why)));
      if (skip.isPresent()) {
        o = new Outcome.Skipped(r, skip.get());
      } else {
        RollupLevel answer = new RollupLevel(level, r);
        Checked<List<Edit>> read = answer.edits();
        if (read instanceof Checked.Fails<List<Edit>> failed) {
          o = new Outcome.Skipped(r, failed.skip());
        } else {
          o = new Outcome.Read(r, ((Checked.Holds<List<Edit>>) read).value(), answer.rowEdits(), level.database(),
              answer.rawEdges(), answer.windowStart(), answer.windowEnd(), answer.unionShape());
        }
      }
    } catch (RuntimeException bug) {
      // a fault in this rule must cost the query its rollup, never its answer, and never pass for a skip
      o = new Outcome.Skipped(r, RollupSkip.RULE_FAILED, "the rollup rule failed on this level (" + bug
          + "); it reads the table");
    }
    if (o instanceof Outcome.Read read && overlaps(earlierEdits, read.edits())) {
      o = new Outcome.Skipped(r, RollupSkip.NOT_UNDERSTOOD,
          "the level sits inside an aggregate that an enclosing level reads from a rollup");
    }
    return o;
  }

  private static boolean overlaps(List<Edit> accepted, List<Edit> next) {
    for (Edit a : accepted) {
      for (Edit b : next) {
        if (a.start() < b.end() && b.start() < a.end() || a.start() == b.start() && a.end() == b.end()) {
          return true;
        }
      }
    }
    return false;
  }

  /** Each known parameter's value by the parameter's offset; a value that is not one expression is left out. */
  private static Map<Integer, Expr> parameterValues(Node statement, Parameters values) {
    List<Expr.Parameter> marks = new ArrayList<>();
    parameters(statement, marks);
    marks.sort(Comparator.comparingInt(Node::start));
    Map<Integer, Expr> out = new HashMap<>();
    for (int i = 0, q = 0; i < marks.size(); i++) {
      Expr.Parameter mark = marks.get(i);
      String text = null;
      if (!mark.positional()) { // bound by name on the server, never by position
        String value = values.named().get(mark.name());
        text = value == null ? null : NamedValues.asExpression(mark.type(), value);
      } else if (q < values.positional().size()) {
        text = values.positional().get(q++);
      } else {
        q++;
      }
      var parsed = text == null ? null : SqlParser.parseExpression(text);
      if (parsed != null && parsed.understood()) {
        out.put(mark.start(), parsed.node());
      }
    }
    return out;
  }

  private static void parameters(Node n, List<Expr.Parameter> out) {
    if (n instanceof Expr.Parameter p) {
      out.add(p);
    }
    n.children().forEach(c -> parameters(c, out));
  }

  private static List<TableExpr.Table> leaves(TableExpr t) {
    List<TableExpr.Table> out = new ArrayList<>();
    if (t instanceof TableExpr.Table table) {
      out.add(table);
    } else if (t instanceof TableExpr.Join j) {
      out.addAll(leaves(j.left()));
      out.addAll(leaves(j.right()));
    }
    return out;
  }

  /** Every select, CTE name and setting; {@code withValues}, the WITH expressions each select sees. */
  private static void collect(Node n, Map<String, Expr> visible, List<Query.Select> selects, Set<String> cteNames,
      List<Clause.Setting> settings, Map<Query.Select, Map<String, Expr>> withValues) {
    Map<String, Expr> inner = visible;
    if (n instanceof Query.Select s) {
      selects.add(s);
      if (s.with().stream().anyMatch(w -> w.query() == null)) {
        inner = new LinkedHashMap<>(visible);
        for (Clause.With w : s.with()) {
          if (w.query() == null) {
            inner.put(w.name(), w.expr());
          }
        }
      }
      withValues.put(s, inner);
      s.with().stream().filter(w -> w.query() != null).forEach(w -> cteNames.add(w.name()));
    }
    if (n instanceof Clause.Setting setting) {
      settings.add(setting);
    }
    for (Node c : n.children()) {
      collect(c, inner, selects, cteNames, settings, withValues);
    }
  }
}

package io.noemata.cli.advise;

import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.core.ledger.LedgerReader;
import io.noemata.installer.plan.Accelerator;
import io.noemata.installer.steps.Progress;
import io.noemata.resources.model.PhysicalName;
import io.noemata.resources.model.Project;
import io.noemata.rewriter.provenance.RollupSkip;
import java.nio.file.Path;
import io.noemata.core.system.SourceEngines;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;

/**
 * {@code noemata advise}'s work, nothing installed: read what each workload query needs, propose
 * accelerators ({@link Proposer}), replay the workload through the rewriter against them as if
 * installed ({@link Hypothesis}), keep what some query reads, add skip indexes for point filters no
 * rollup answers, replay again, and size it all with cheap queries ({@link Estimates}).
 */
public final class Advisor {

  private Advisor() {}

  /**
   * @param project the user's project (its frames say which tables, time columns and measures exist)
   * @param defaultDatabase the database unqualified table names resolve in
   */
  public static Advice run(Path project, Project read, List<WorkloadQuery> workload, Connection c,
      String defaultDatabase, Progress progress) throws SQLException {
    FrameIndex frames = new FrameIndex(read);
    TimeBounds bounds = new TimeBounds(serverZone(c));
    Map<PhysicalName, Set<String>> columns = new HashMap<>();
    List<QueryNeeds> needs = new ArrayList<>();
    List<Proposer.Labeled> labeled = new ArrayList<>();
    for (WorkloadQuery q : workload) {
      QueryNeeds n = QueryNeeds.read(q.sql(), defaultDatabase, frames, t -> columns.computeIfAbsent(t, x -> columnsOf(c, x)),
          bounds);
      needs.add(n);
      n.levels().forEach(l -> labeled.add(new Proposer.Labeled(q.label(), l)));
    }
    progress.step("advise: " + workload.size() + " queries read; proposing and replaying them against it");
    Set<PhysicalName> rewriting = rewriting(c, labeled);
    Proposal first = Proposer.refreshed(Proposer.propose(labeled), rewriting);
    // each rollup shape sized once (a scan of its table), for every proposal tried and the report
    Map<String, Estimates.RollupSize> sized = new HashMap<>();
    Hypothesis h = Hypothesis.of(project, ProposalJson.text(first), c, sized);
    if (h.report().exitCode() != 0) {
      return size(first, h, workload, needs, c, defaultDatabase, progress, Set.of(), Map.of(), sized); // the findings say why
    }
    List<Replay> replays = replay(workload, h, defaultDatabase, progress);
    Set<String> fedFromTable = wholeBucketsPreferred(replays, first);
    if (!fedFromTable.isEmpty()) {
      first = Proposer.refreshed(Proposer.propose(labeled, fedFromTable), rewriting);
      h = Hypothesis.of(project, ProposalJson.text(first), c, sized);
      replays = replay(workload, h, defaultDatabase, progress);
    }
    Set<String> readRollups = new LinkedHashSet<>();
    Set<String> readColumns = new LinkedHashSet<>();
    replays.forEach(r -> {
      readRollups.addAll(r.rollupsRead());
      readColumns.addAll(r.columnsRead());
    });
    List<Proposer.Labeled> unanswered = new ArrayList<>();
    for (int i = 0; i < workload.size(); i++) {
      if (replays.get(i).rollupsRead().isEmpty()) {
        for (LevelNeed l : needs.get(i).levels()) {
          unanswered.add(new Proposer.Labeled(workload.get(i).label(), l));
        }
      }
    }
    List<PhysicalName> tables = labeled.stream().map(l -> l.need().view().table().table()).distinct().toList();
    Set<String> leaders = new LinkedHashSet<>();
    Estimates.sortingLeaders(c, tables).forEach((t, col) -> leaders.add(t + "." + col));
    Proposal last = Proposer.withIndexes(Proposer.pruned(first, readRollups, readColumns), unanswered, leaders);
    Map<String, String> dropped = dropped(first, last, replays);
    if (!last.equals(first)) {
      h = Hypothesis.of(project, ProposalJson.text(last), c, sized);
    }
    return size(last, h, workload, needs, c, defaultDatabase, progress, fedFromTable, dropped, sized);
  }

  /**
   * The tables of {@code labeled} that do not keep their inserted rows ({@link SourceEngines}): their
   * rollups are proposed refreshed. Unreadable, none is.
   */
  private static Set<PhysicalName> rewriting(Connection c, List<Proposer.Labeled> labeled) {
    Set<io.noemata.core.catalog.TableName> tables = new LinkedHashSet<>();
    labeled.forEach(l -> tables.add(new io.noemata.core.catalog.TableName(l.need().view().table().table().database(),
        l.need().view().table().table().table())));
    Set<PhysicalName> out = new LinkedHashSet<>();
    try {
      SourceEngines.of(c, tables).forEach((t, rows) -> {
        if (rows.rewritesFor(null).isPresent()) {
          out.add(new PhysicalName(t.database(), t.table()));
        }
      });
    } catch (SQLException unreadable) {
      // taken as keeping their rows: publish refuses an insert-fed rollup over one that does not
    }
    return out;
  }

  /** Each rollup considered and left out, with why the rewriter did not read it for the queries it was for. */
  private static Map<String, String> dropped(Proposal first, Proposal last, List<Replay> replays) {
    Map<String, String> out = new LinkedHashMap<>();
    Set<String> kept = new LinkedHashSet<>();
    last.rollups().forEach(r -> kept.add(r.key()));
    for (Proposal.Rollup r : first.rollups()) {
      if (kept.contains(r.key())) {
        continue;
      }
      String why = "no query would read it";
      for (Replay q : replays) {
        if (!r.why().contains(q.query().label())) {
          continue;
        }
        for (ResourceUse.SkippedRollup u : q.skipped()) {
          if (u.rollup().equals(r.key())) {
            why = q.query().label() + ": " + u.code() + ", " + u.reason();
            break;
          }
        }
        if (!why.startsWith("no query")) {
          break;
        }
      }
      out.put(r.key() + " (" + Proposal.grainText(r.grainSeconds()) + " by " + String.join(", ", r.dimensions()) + ")", why);
    }
    return out;
  }

  /**
   * The laddered rollups a query skipped because a finer one answers it from whole buckets
   * ({@link RollupSkip#WHOLE_BUCKETS_PREFERRED}): the finer one answers it only because the ladder
   * made it store the coarse one's measures, so these are fed from the table instead.
   */
  private static Set<String> wholeBucketsPreferred(List<Replay> replays, Proposal p) {
    Set<String> laddered = new LinkedHashSet<>();
    p.rollups().stream().filter(r -> r.from() != null).forEach(r -> laddered.add(r.key()));
    Set<String> out = new java.util.TreeSet<>();
    for (Replay r : replays) {
      for (ResourceUse.SkippedRollup u : r.skipped()) {
        if (u.code() == RollupSkip.WHOLE_BUCKETS_PREFERRED && laddered.contains(u.rollup())) {
          out.add(u.rollup());
        }
      }
    }
    return out;
  }

  private static List<Replay> replay(List<WorkloadQuery> workload, Hypothesis h, String db, Progress progress) {
    Map<String, String> columnKeys = columnKeys(h);
    List<Replay> out = new ArrayList<>();
    for (WorkloadQuery q : workload) {
      out.add(Replay.of(q, h.snapshot(), db, columnKeys));
      progress.advance("replaying", out.size(), workload.size());
    }
    return out;
  }

  private static Map<String, String> columnKeys(Hypothesis h) {
    Map<String, String> out = new HashMap<>();
    for (Accelerator a : h.accelerators()) {
      if (a instanceof Accelerator.StoredColumn s) {
        out.put(s.object(), s.key());
      }
    }
    return out;
  }

  private static Advice size(Proposal p, Hypothesis h, List<WorkloadQuery> workload, List<QueryNeeds> needs,
      Connection c, String db, Progress progress, Set<String> fedFromTable, Map<String, String> dropped,
      Map<String, Estimates.RollupSize> sized) throws SQLException {
    List<Replay> replays = replay(workload, h, db, progress);
    Map<String, String> stored = new HashMap<>();
    Map<String, Long> columnBytes = new LinkedHashMap<>();
    for (Accelerator a : h.accelerators()) {
      if (a instanceof Accelerator.StoredColumn s) {
        if (!s.existing()) {
          stored.put(s.object(), s.expression());
        }
        columnBytes.put(s.key(), s.existing() ? 0 : Estimates.columnBytes(c, s.table(), s.expression()));
      }
    }
    List<Accelerator.Rollup> rollups = h.accelerators().stream().filter(a -> a instanceof Accelerator.Rollup)
        .map(a -> (Accelerator.Rollup) a).toList();
    int total = rollups.size() + workload.size();
    int done = 0;
    Map<String, Estimates.RollupSize> sizes = new LinkedHashMap<>();
    for (Accelerator.Rollup r : rollups) {
      sizes.put(r.key(), Estimates.rollup(c, r, stored, sized));
      progress.advance("sizing", ++done, total);
    }
    Map<String, Long> grains = new HashMap<>();
    rollups.forEach(r -> grains.put(r.key(), r.grainSeconds()));
    List<RowsRead> rowsRead = new ArrayList<>();
    for (int i = 0; i < workload.size(); i++) {
      OptionalLong raw = Estimates.rowsRead(c, workload.get(i).sql());
      rowsRead.add(RowsRead.of(replays.get(i), needs.get(i), raw, sizes, grains, (l, g) -> Estimates.edgeRows(c, l, g)));
      progress.advance("sizing", ++done, total);
    }
    return new Advice(p, ProposalJson.text(p), h, replays, needs, rowsRead, sizes, columnBytes, fedFromTable,
        dropped);
  }

  private static Set<String> columnsOf(Connection c, PhysicalName t) {
    try {
      return LedgerReader.columnTypes(c, t.database(), t.table()).keySet();
    } catch (SQLException e) {
      return Set.of();
    }
  }

  private static ZoneId serverZone(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT timezone()")) {
      rs.next();
      return ZoneId.of(rs.getString(1));
    } catch (DateTimeException unknown) {
      return null; // wall-clock strings are then not read as instants
    }
  }
}

package io.noemata.installer.steps;

import io.noemata.core.ledger.LedgerReader;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerState;
import io.noemata.installer.ddl.Placement;
import io.noemata.installer.grants.GrantCheck;
import io.noemata.core.ledger.LedgerWriter;
import io.noemata.core.ledger.LockHeldException;
import io.noemata.core.ledger.NamespaceLock;
import io.noemata.installer.plan.Accelerator;
import io.noemata.installer.plan.Change;
import io.noemata.installer.plan.ClusterDetection;
import io.noemata.installer.plan.Declarations;
import io.noemata.installer.plan.Plan;
import io.noemata.installer.plan.PlanException;
import io.noemata.installer.plan.Planner;
import io.noemata.installer.plan.ServerState;
import io.noemata.resources.parse.ReadResult;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The seed's Installing section in its order: plan, grants, install and backfill, serve, retire and
 * converge. A failure stops before anything is served that is not ready; the ledger lets the next
 * run resume.
 */
public final class Publish {

  private Publish() {}

  /**
   * Plans and, unless {@code dryRun}, installs. Returns the plan that was carried out (for a dry run,
   * the one that would be).
   */
  public static Plan run(ReadResult read, Connection c, InstallOptions options, boolean dryRun)
      throws PlanException, InstallException, LockHeldException, SQLException {
    Plan plan = plan(read, c, options);
    if (dryRun) {
      return plan;
    }
    checkGrants(c, plan);
    if (plan.isNoop() && !MirrorPolicies.pending(c, plan) && !lateRowsPending(c, plan)) {
      return plan;
    }
    checkOperatorReadsEveryRow(c, plan, options.progress());
    try (NamespaceLock lock = lock(c, plan, options)) {
      options.checkpoints().reached(Checkpoints.Point.AFTER_PLAN);
      Plan locked = plan(read, c, options); // another installation may have finished meanwhile
      Session s = new Session(c, locked, options, lock);
      install(s);
      recordRevision(s);
      return locked;
    }
  }

  /**
   * {@code noemata repair}: under the namespace lock, re-aggregates exactly the days the ready
   * rollups the project declares have late rows in ({@link Repair#late}), and the days of the
   * quarantined ones; installs nothing else. Killed midway, the next run finishes: a day's
   * watermark moves only after its data was swapped in. Returns the days repaired by rollup key.
   */
  public static java.util.Map<String, List<java.time.LocalDate>> repair(ReadResult read, Connection c,
      InstallOptions options) throws PlanException, InstallException, LockHeldException, SQLException {
    Plan plan = plan(read, c, options);
    checkGrants(c, plan);
    try (NamespaceLock lock = lock(c, plan, options)) {
      Session s = new Session(c, plan(read, c, options), options, lock);
      java.util.Map<String, List<java.time.LocalDate>> out = new java.util.LinkedHashMap<>();
      for (Accelerator a : s.plan.declared().stream().sorted(java.util.Comparator.comparingInt(a -> depth(s, a)))
          .toList()) {
        LedgerRow row = a instanceof Accelerator.Rollup ? s.ledger.get(Planner.identity(a)) : null;
        if (row != null && row.state() == LedgerState.QUARANTINED) {
          out.put(a.key(), row.quarantine().days());
          Repair.run(s, (Accelerator.Rollup) a);
        }
      }
      repairLateRows(s).forEach((k, days) -> out.merge(k, days, (x, y) -> java.util.stream.Stream.concat(x.stream(),
          y.stream()).distinct().sorted().toList()));
      return out;
    }
  }

  /**
   * Plan, the first step: reads the declarations (validated online), where statements run, the
   * ledger and what the server has installed, and hands them to the {@link Planner}. Reads only.
   * The options' cluster (the CLI's {@code --cluster}) replaces noemata.json's when present; the
   * plan shows the cutovers the installation takes: from the options' clock and cutover delay, as
   * every step reads them.
   */
  public static Plan plan(ReadResult read, Connection c, InstallOptions options) throws PlanException, SQLException {
    Optional<String> cluster = options.cluster();
    Declarations.Result declared = Declarations.resolve(read, c);
    Set<String> databases = declared.databases();
    Placement placement = ClusterDetection.detect(c, cluster.or(() -> read.project().settings().cluster()), databases);
    // the plan's scope is the databases the project names: another database's ledger may belong to
    // another deployment sharing the namespace, and is never retired from here
    List<LedgerRow> ledger = new ArrayList<>();
    for (String db : LedgerReader.ledgerDatabases(c, declared.namespace())) {
      if (databases.contains(db)) {
        ledger.addAll(LedgerReader.rows(c, db, declared.namespace()));
      }
    }
    ServerState server = ServerState.read(c, databases, declared.namespace(), placement);
    return Planner.plan(declared, server, ledger, options.clock().instant(), options.cutoverDelay());
  }

  /** "Missing grants fail publication before installation starts. The error lists each missing grant." */
  static void checkGrants(Connection c, Plan plan) throws SQLException, InstallException {
    List<String> missing = GrantCheck.missing(c, plan.databases());
    if (!missing.isEmpty()) {
      throw new InstallException("the ClickHouse user lacks " + missing.size() + " grant" + (missing.size() == 1 ? "" : "s")
          + " needed to install; nothing was changed; ask an administrator to run: " + String.join("; ", missing));
    }
  }

  /**
   * The operator must read every row of a source whose rollup it fills: a backfill is an INSERT ...
   * SELECT run as the operator, and a row policy that filters the operator's reads would leave the
   * rows it hides out of the rollup for good (the materialized view, fed by the inserted blocks, is
   * not filtered). Where the server's plan shows a filter on the operator's reads (a condition it
   * does not fold, such as one true for the operator's role, still shows), the rows the operator
   * counts are compared with those the table's parts hold: fewer fails before anything changes.
   */
  static void checkOperatorReadsEveryRow(Connection c, Plan plan, Progress progress) throws SQLException, InstallException {
    Set<io.noemata.core.catalog.TableName> sources = new java.util.LinkedHashSet<>();
    for (Change ch : plan.changes()) {
      if (ch.acts() && ch.accelerator() instanceof Accelerator.Rollup r && r.from() == null) {
        sources.add(new io.noemata.core.catalog.TableName(r.source().database(), r.source().table()));
      }
    }
    for (io.noemata.core.catalog.TableName source : sources) {
      io.noemata.core.catalog.RowFilter f = io.noemata.core.system.AccessProbe.probe(c, source, List.of()).rowFilter();
      if (f instanceof io.noemata.core.catalog.RowFilter.None) {
        continue;
      }
      OptionalLong hidden = io.noemata.core.system.AccessProbe.rowsHidden(c, source);
      if (hidden.isPresent() && hidden.getAsLong() > 0) {
        throw new InstallException("a row policy hides " + hidden.getAsLong() + " rows of " + source + " from this"
            + " ClickHouse user: a backfill would leave them out of the rollups for good; nothing was changed; publish as"
            + " a user no policy filters, or have an administrator give this user a permissive policy USING 1 on " + source);
      }
      if (hidden.isEmpty()) {
        progress.step("warning: a row policy may filter the rows of " + source + " this user reads, and its parts do"
            + " not tell how many (lightweight deletes, or a Distributed table); a backfill reads only what the server shows it");
      }
    }
  }

  static NamespaceLock lock(Connection c, Plan plan, InstallOptions options) throws SQLException, LockHeldException {
    LedgerWriter writer = new LedgerWriter(c, plan.namespace(), plan.placement());
    for (String db : plan.databases()) {
      writer.ensureTables(db);
    }
    return NamespaceLock.acquire(c, plan.namespace(), List.copyOf(plan.databases()), options.holder(),
        options.lockTtl(), options.clock());
  }

  private static void install(Session s) throws SQLException, InstallException {
    List<Change> acting = s.plan.changes().stream().filter(Change::acts).toList();
    for (Change ch : acting) {
      if (ch.accelerator() != null) {
        Install.run(s, ch.accelerator());
      }
    }
    // finer rollups first: a coarser one is repaired from its finer target's repaired days
    for (Change ch : acting.stream().sorted(java.util.Comparator.comparingInt(ch -> depth(s, ch))).toList()) {
      if (ch.accelerator() instanceof Accelerator.Rollup r) {
        Repair.run(s, r);
      }
    }
    repairLateRows(s);
    for (Change ch : acting) {
      if (ch.accelerator() instanceof Accelerator.Rollup r && !effectivelyAsync(s, r)) {
        Backfill.run(s, r);
      }
    }
    s.options.checkpoints().reached(Checkpoints.Point.BEFORE_SERVE);
    for (Accelerator a : s.plan.declared()) { // every target, so a policy made since the last publish is mirrored too
      if (a instanceof Accelerator.Rollup r) {
        MirrorPolicies.run(s, r);
      }
    }
    for (Change ch : acting) {
      if (ch.accelerator() instanceof Accelerator.Rollup r) {
        Serve.run(s, r);
      }
    }
    for (Change ch : acting) {
      if (ch.verb() == Change.Verb.RETIRE) {
        Retire.run(s, ch);
      }
    }
    for (Change ch : acting) {
      if (ch.accelerator() != null) {
        Converge.run(s, ch.accelerator());
      }
    }
  }

  /**
   * "Each publish records a revision": the revision (a hash of the declarations) in the objects
   * table of every database of the plan. The same files give the same revision, so a publish that
   * only repairs drift creates none.
   */
  private static void recordRevision(Session s) throws SQLException {
    java.util.Map<String, Object> settings = new java.util.LinkedHashMap<>();
    settings.put("revision", s.plan.revision());
    settings.put("published_at", s.now().toString());
    settings.put("declared", s.plan.declared().stream().map(Planner::identity).toList());
    for (String db : s.plan.databases()) {
      s.writer.recordObject(db, "", s.plan.revision(), "revision", "", settings, false);
    }
  }

  /** How many {@code from} steps a rollup is from its source table (0 for anything else). */
  private static int depth(Session s, Change ch) {
    return depth(s, ch.accelerator());
  }

  private static int depth(Session s, Accelerator from) {
    int d = 0;
    for (Accelerator a = from; a instanceof Accelerator.Rollup r && r.from() != null; a = Install.finer(s, r)) {
      d++;
    }
    return d;
  }

  /**
   * Every declared ready rollup's days with late rows, re-aggregated (finer rollups first: a
   * coarser one reads the finer target's repaired days). Returns the days by rollup key.
   */
  static java.util.Map<String, List<java.time.LocalDate>> repairLateRows(Session s) throws SQLException {
    java.util.Map<String, List<java.time.LocalDate>> out = new java.util.LinkedHashMap<>();
    List<Accelerator.Rollup> rollups = s.plan.declared().stream().filter(a -> a instanceof Accelerator.Rollup)
        .map(a -> (Accelerator.Rollup) a).sorted(java.util.Comparator.comparingInt(r -> depth(s, r))).toList();
    for (Accelerator.Rollup r : rollups) {
      List<java.time.LocalDate> days = Repair.late(s, r);
      if (!days.isEmpty()) {
        out.put(r.key(), days);
      }
    }
    return out;
  }

  /** Whether a declared ready rollup has days with late rows (a publish without changes still repairs them). */
  static boolean lateRowsPending(Connection c, Plan plan) throws SQLException {
    java.util.Map<String, LedgerRow> rows = new java.util.HashMap<>();
    plan.ledger().forEach(r -> rows.put(r.identity().text(), r));
    for (Accelerator a : plan.declared()) {
      LedgerRow row = rows.get(Planner.identity(a));
      if (a instanceof Accelerator.Rollup r && row != null && row.state() == LedgerState.READY
          && row.watermarks().recorded() && !io.noemata.core.ledger.BlockWatermarks.lateDays(row,
              io.noemata.core.system.SystemTables.activeParts(c, new io.noemata.core.system.Scope.Table(
                  r.table().database(), r.table().table()))).isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /** An async rollup, or one fed from an async rollup, is backfilled by converge after serving. */
  private static boolean effectivelyAsync(Session s, Accelerator.Rollup r) {
    return r.async() || (r.from() != null && effectivelyAsync(s, Install.finer(s, r)));
  }

  /** The current ledger rows, for status. */
  public static List<LedgerRow> activeRows(List<LedgerRow> rows) {
    return rows.stream().filter(r -> r.state() != LedgerState.PRUNED).toList();
  }
}

package io.noemata.installer.steps;

import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerState;
import io.noemata.installer.ddl.ColumnDdl;
import io.noemata.installer.ddl.IndexDdl;
import io.noemata.core.naming.Names;
import io.noemata.installer.ddl.Placement;
import io.noemata.installer.ddl.ProjectionDdl;
import io.noemata.installer.ddl.RollupDdl;
import io.noemata.core.ledger.LockHeldException;
import io.noemata.core.ledger.NamespaceLock;
import io.noemata.installer.plan.Change;
import io.noemata.installer.plan.Plan;
import io.noemata.installer.plan.PlanException;
import io.noemata.resources.model.PhysicalName;
import io.noemata.resources.parse.ReadResult;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code noemata resources prune}: "retire undeclared rollups and __nm_* objects. Drop retired
 * objects after seven days." Only objects noemata created are dropped: {@code __nm_*} columns,
 * indexes and projections, and rollup targets, views and stable views of the namespace; a column
 * that merely satisfied an entry (such as the exporter's) stays.
 */
public final class Prune {

  /**
   * What prune retires and drops (or would, with --dry-run), and {@code __nm_*} objects in the
   * project's databases that no ledger knows (another deployment's, or older): listed for review,
   * never dropped.
   */
  public record Result(List<String> retired, List<String> dropped, List<String> waiting, List<String> untracked) {}

  private Prune() {}

  public static Result run(ReadResult read, Connection c, InstallOptions options, boolean dryRun)
      throws PlanException, InstallException, LockHeldException, SQLException {
    Plan plan = Publish.plan(read, c, options);
    Instant now = options.clock().instant();
    List<String> retired = new ArrayList<>();
    List<String> dropped = new ArrayList<>();
    List<String> waiting = new ArrayList<>();
    for (Change ch : plan.changes()) {
      if (ch.verb() == Change.Verb.RETIRE) {
        retired.add(ch.kind() + " " + ch.key() + " on " + ch.table() + ": " + ch.object());
      }
    }
    for (LedgerRow r : plan.ledger()) {
      if (r.state() == LedgerState.RETIRED) {
        (r.retirement().pruneAfter() != null && !now.isBefore(r.retirement().pruneAfter()) ? dropped : waiting)
            .add(describe(r) + (r.retirement().pruneAfter() == null ? "" : " (prune after "
                + r.retirement().pruneAfter() + ")"));
      }
    }
    List<String> untracked = untracked(c, plan);
    if (dryRun || (retired.isEmpty() && dropped.isEmpty())) {
      return new Result(retired, dropped, waiting, untracked);
    }
    Publish.checkGrants(c, plan);
    try (NamespaceLock lock = Publish.lock(c, plan, options)) {
      Session s = new Session(c, Publish.plan(read, c, options), options, lock);
      for (Change ch : s.plan.changes()) {
        if (ch.verb() == Change.Verb.RETIRE) {
          Retire.run(s, ch);
        }
      }
      for (LedgerRow r : List.copyOf(s.ledger.values())) {
        if (r.state() == LedgerState.RETIRED && r.retirement().pruneAfter() != null
            && !now.isBefore(r.retirement().pruneAfter())) {
          drop(s, r);
          s.record(r.withRetirement(LedgerState.PRUNED, r.retirement().retiredAt(), r.retirement().pruneAfter(), now,
              now, Install.next()));
        }
      }
    }
    return new Result(retired, dropped, waiting, untracked);
  }

  /** {@code __nm_*} columns, indexes and projections in the plan's databases that the ledger does not name. */
  private static List<String> untracked(Connection c, Plan plan) throws SQLException {
    java.util.Set<String> known = new java.util.HashSet<>();
    plan.ledger().forEach(r -> known.add(r.identity().table() + "." + r.identity().object()));
    plan.declared().forEach(a -> known.add(a.table().database() + "." + a.table().table() + "." + a.object()));
    List<String> out = new ArrayList<>();
    java.util.Map<String, String[]> all = new java.util.TreeMap<>();
    plan.server().columns().keySet().forEach(k -> all.put(k, new String[] {"column"}));
    plan.server().indexes().keySet().forEach(k -> all.put(k, new String[] {"index"}));
    plan.server().projections().forEach(k -> all.put(k, new String[] {"projection"}));
    for (var e : all.entrySet()) {
      String name = e.getKey().substring(e.getKey().lastIndexOf('.') + 1);
      if (name.startsWith(Names.PREFIX) && !known.contains(e.getKey())) {
        out.add(e.getValue()[0] + " " + e.getKey());
      }
    }
    return out;
  }

  private static String describe(LedgerRow r) {
    return r.identity().kind() + " " + r.identity().key() + " on " + r.identity().table() + ": "
        + r.identity().object();
  }

  private static void drop(Session s, LedgerRow r) throws SQLException {
    String db = r.identity().tableDatabase();
    Placement p = s.placement();
    s.options.progress().step("prune " + describe(r));
    // over a Distributed table, columns, indexes and projections are stored on its local table
    PhysicalName table = new PhysicalName(db, r.identity().tableName());
    PhysicalName storage = s.plan.server().distributedOver(db, r.identity().tableName()).orElse(table);
    switch (r.identity().kind()) {
      case ROLLUP -> {
        s.execute(RollupDdl.dropMaterializedView(db, Names.materializedView(r.identity().object()), p));
        boolean viewInUse = s.ledger.values().stream().anyMatch(o -> o != r
            && o.shape().stableView().equals(r.shape().stableView())
            && o.identity().tableDatabase().equals(db) && o.state() != LedgerState.RETIRED
            && o.state() != LedgerState.PRUNED);
        if (!viewInUse) {
          s.execute(RollupDdl.dropMaterializedView(db, r.shape().stableView(), p));
        }
        MirrorPolicies.dropAll(s, db, r.identity().object());
        MirrorPolicies.dropAll(s, db, Names.localTarget(r.identity().object()));
        s.execute(RollupDdl.dropTable(db, r.identity().object(), p));
        // a Distributed rollup's, if any
        s.execute(RollupDdl.dropTable(db, Names.localTarget(r.identity().object()), p));
      }
      case COLUMN -> {
        if (r.identity().object().startsWith(Names.PREFIX)) {
          if (!storage.equals(table)) {
            s.execute(ColumnDdl.drop(db, r.identity().tableName(), r.identity().object(), p)); // first where it is read
          }
          s.execute(ColumnDdl.drop(storage.database(), storage.table(), r.identity().object(), p));
        }
      }
      case INDEX -> s.execute(IndexDdl.drop(storage.database(), storage.table(), r.identity().object(), p));
      case PROJECTION -> s.execute(ProjectionDdl.drop(storage.database(), storage.table(), r.identity().object(), p));
    }
    s.writer.recordObject(db, r.identity().tableName(), r.identity().object(), r.identity().kind().text(),
        r.identity().key(), java.util.Map.of("pruned_at",
        s.now().toString()), true);
  }
}

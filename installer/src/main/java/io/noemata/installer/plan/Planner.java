package io.noemata.installer.plan;

import io.noemata.core.ledger.LedgerReader;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerState;
import io.noemata.installer.ddl.ColumnDdl;
import io.noemata.installer.ddl.IndexDdl;
import io.noemata.installer.ddl.Names;
import io.noemata.installer.ddl.Placement;
import io.noemata.installer.ddl.ProjectionDdl;
import io.noemata.installer.ddl.RollupDdl;
import io.noemata.installer.plan.Change.Verb;
import io.noemata.core.expr.Canonical;
import io.noemata.core.expr.ExprException;
import io.noemata.core.expr.ExprParser;
import io.noemata.resources.parse.ReadResult;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * "Plan. The installer compares declarations with each physical table." and with the ledger: what
 * is added, changed (a new rollup shape), repaired (drift: missing or changed on the server),
 * resumed (a previous run stopped), kept, and retired (no longer declared). Reads only.
 */
public final class Planner {

  private Planner() {}

  public static Plan plan(ReadResult read, Connection c) throws PlanException, SQLException {
    return plan(read, c, Optional.empty());
  }

  /** The plan with {@code cluster} (the CLI's {@code --cluster}) in place of noemata.json's, when present. */
  public static Plan plan(ReadResult read, Connection c, Optional<String> cluster) throws PlanException, SQLException {
    String ns = read.project().settings().namespace();
    Declarations.Result declared = Declarations.resolve(read, c);
    Set<String> databases = new TreeSet<>();
    declared.accelerators().forEach(a -> databases.add(a.table().database()));
    Placement placement = ClusterDetection.detect(c, cluster.or(() -> read.project().settings().cluster()), databases);
    // the plan's scope is the databases the project names: another database's ledger may belong to
    // another deployment sharing the namespace, and is never retired from here
    List<LedgerRow> ledger = new ArrayList<>();
    for (String db : LedgerReader.ledgerDatabases(c, ns)) {
      if (databases.contains(db)) {
        ledger.addAll(LedgerReader.rows(c, db, ns));
      }
    }
    ServerState server = ServerState.read(c, databases, ns, placement);
    Map<String, LedgerRow> byIdentity = new HashMap<>();
    ledger.forEach(r -> byIdentity.put(r.identity(), r));
    List<Change> changes = new ArrayList<>();
    Set<String> declaredIdentities = new LinkedHashSet<>();
    Instant cutoverShown = Instant.now();
    for (Accelerator a : declared.accelerators()) {
      String identity = identity(a);
      declaredIdentities.add(identity);
      LedgerRow row = byIdentity.get(identity);
      changes.add(change(a, row, ledger, server, cutoverShown, placement));
    }
    for (LedgerRow r : ledger) {
      LedgerState s = r.parsedState();
      if (!declaredIdentities.contains(r.identity()) && s != LedgerState.RETIRED && s != LedgerState.PRUNED) {
        changes.add(new Change(Verb.RETIRE, r.kind(), r.key(), r.tableDatabase() + "." + r.tableName(), r.object(),
            "no longer declared; kept for 7 days" + (r.kind().equals(LedgerRow.KIND_ROLLUP)
                ? ", its materialized view keeps writing" : ""), List.of(), null));
      }
    }
    String revision = Names.sha256Hex(String.join("\n", declared.accelerators().stream()
        .map(a -> identity(a) + "=" + a.declaration()).sorted().toList())).substring(0, 12);
    return new Plan(ns, revision, declared.accelerators(), changes, declared.warnings(), databases, ledger, server,
        placement);
  }

  /** The ledger identity of a declaration (see {@link LedgerRow#identity()}). */
  public static String identity(Accelerator a) {
    return a.table().database() + "." + a.table().table() + "/" + a.kind() + "/" + a.key() + "/" + a.object();
  }

  private static Change change(Accelerator a, LedgerRow row, List<LedgerRow> ledger, ServerState server,
      Instant cutover, Placement placement) {
    String table = a.table().toString();
    List<String> ddl = ddl(a, cutover, placement);
    String drift = drift(a, server, placement);
    Verb verb;
    String reason;
    LedgerState state = row == null ? null : row.parsedState();
    if (row == null || state == LedgerState.PRUNED) {
      boolean replaces = ledger.stream().anyMatch(r -> r.kind().equals(a.kind()) && r.key().equals(a.key())
          && r.tableDatabase().equals(a.table().database()) && r.tableName().equals(a.table().table())
          && !r.object().equals(a.object()) && active(r.parsedState()));
      verb = replaces ? Verb.CHANGE : Verb.ADD;
      reason = replaces ? "the declaration changed; the previous object retires" : "";
    } else if (state == LedgerState.RETIRED) {
      verb = Verb.CANCEL_RETIREMENT;
      reason = "declared again" + (drift == null ? "" : "; " + drift);
    } else if (state == LedgerState.QUARANTINED) {
      verb = Verb.REPAIR;
      reason = "quarantined (" + row.quarantine() + "): re-backfills " + row.quarantineDays();
      ddl = List.of("-- repair: each quarantined day aggregated again from the source, then"
          + " ALTER TABLE ... REPLACE PARTITION");
    } else if (state != LedgerState.READY) {
      verb = Verb.RESUME;
      reason = "a previous installation stopped while " + row.state();
    } else if (drift != null) {
      verb = Verb.REPAIR;
      reason = drift;
    } else if (a instanceof Accelerator.Rollup r && r.retentionSeconds() != row.retentionSeconds()) {
      verb = Verb.CHANGE;
      reason = "retention " + seconds(row.retentionSeconds()) + " -> " + seconds(r.retentionSeconds())
          + ": the TTL is updated in place";
      ddl = List.of(RollupDdl.modifyTtl(r, placement));
    } else {
      verb = Verb.KEEP;
      reason = "";
      ddl = List.of();
    }
    return new Change(verb, a.kind(), a.key(), table, a.object(), reason, ddl, a);
  }

  private static String seconds(long s) {
    return s == 0 ? "the table's" : s + "s";
  }

  static boolean active(LedgerState s) {
    return s == LedgerState.INSTALLING || s == LedgerState.BACKFILLING || s == LedgerState.READY
        || s == LedgerState.QUARANTINED;
  }

  /** What is missing or different on the server (on any server of the cluster), or null when it is as installed. */
  static String drift(Accelerator a, ServerState server, Placement placement) {
    String db = a.table().database();
    String t = a.storage().table();
    String everywhere = placement.cluster().map(c -> " on some server of cluster " + c).orElse("");
    if (a instanceof Accelerator.StoredColumn c) {
      List<String> tables = c.spread().isPresent() && !c.existing() ? List.of(t, a.table().table()) : List.of(t);
      for (String table : tables) {
        String[] col = server.columns().get(db + "." + table + "." + c.object());
        if (col == null) {
          return "column " + c.object() + " is missing" + (table.equals(t) ? "" : " on the Distributed table " + table);
        }
        if (!c.existing() && (!col[1].equals("MATERIALIZED") || !c.expression().equals(canonical(col[2])))) {
          return "column " + c.object() + " of " + table + " is " + (col[1].isEmpty() ? "not MATERIALIZED"
              : col[1] + " " + col[2]);
        }
        if (server.unevenOnCluster(db + "." + table + "." + c.object())) {
          return "column " + c.object() + " of " + table + " is missing or different" + everywhere;
        }
      }
      return null;
    }
    String key = db + "." + t + "." + a.object();
    if (a instanceof Accelerator.SkipIndex i) {
      return !server.indexes().containsKey(key) ? "index " + i.object() + " is missing"
          : server.unevenOnCluster(key) ? "index " + i.object() + " is missing or different" + everywhere : null;
    }
    if (a instanceof Accelerator.Projection p) {
      return !server.projections().contains(key) ? "projection " + p.object() + " is missing"
          : server.unevenOnCluster(key) ? "projection " + p.object() + " is missing or different" + everywhere : null;
    }
    Accelerator.Rollup r = (Accelerator.Rollup) a;
    Map<String, String> objects = new java.util.LinkedHashMap<>();
    objects.put(r.storageTarget(), r.spread().isPresent() ? "local target " : "target ");
    objects.putIfAbsent(r.object(), "Distributed target ");
    objects.put(r.materializedView(), "materialized view ");
    objects.put(r.stableView(), "stable view ");
    for (Map.Entry<String, String> o : objects.entrySet()) {
      if (!server.hasTable(db, o.getKey())) {
        return o.getValue() + o.getKey() + " is missing";
      }
      if (server.unevenOnCluster(db + "." + o.getKey())) {
        return o.getValue() + o.getKey() + " is missing or written differently" + everywhere;
      }
    }
    if (server.changedSinceRecorded(db, r.materializedView())) {
      return "materialized view " + r.materializedView() + " changed on the server";
    }
    if (!server.statement(db, r.stableView()).contains(r.object())) {
      return "stable view " + r.stableView() + " does not read " + r.object();
    }
    return null;
  }

  private static String canonical(String expression) {
    try {
      return Canonical.text(ExprParser.parse(expression, ExprParser.Mode.ROW));
    } catch (ExprException e) {
      return expression;
    }
  }

  /** The statements installing {@code a} would run (rollup views shown with a cutover of {@code cutover}). */
  static List<String> ddl(Accelerator a, Instant cutover, Placement placement) {
    if (a instanceof Accelerator.StoredColumn c) {
      return c.existing() ? List.of() : ColumnDdl.statements(c, placement, false);
    }
    if (a instanceof Accelerator.SkipIndex i) {
      return IndexDdl.statements(i, placement);
    }
    if (a instanceof Accelerator.Projection p) {
      return ProjectionDdl.statements(p, placement);
    }
    Accelerator.Rollup r = (Accelerator.Rollup) a;
    List<String> out = new ArrayList<>(RollupDdl.createTargets(r, placement));
    out.add(RollupDdl.createMaterializedView(r, cutover, placement));
    out.add("-- backfill: one-day chunks from the cutover back to " + (r.retentionSeconds() > 0
        ? "the retention bound" : "the oldest row") + ", newest first" + (r.spread().isPresent()
        ? ", each shard over its own rows into its local target" : ""));
    out.add(RollupDdl.pointStableView(r, placement));
    return out;
  }
}

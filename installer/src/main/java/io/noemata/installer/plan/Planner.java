package io.noemata.installer.plan;

import io.noemata.core.ledger.LedgerKind;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerState;
import io.noemata.installer.ddl.ColumnDdl;
import io.noemata.installer.ddl.IndexDdl;
import io.noemata.core.naming.Names;
import io.noemata.installer.ddl.Placement;
import io.noemata.installer.ddl.ProjectionDdl;
import io.noemata.installer.ddl.RollupDdl;
import io.noemata.installer.plan.Change.Verb;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * "Plan. The installer compares declarations with each physical table." and with the ledger: what
 * is added, changed (a new rollup shape), repaired (drift: missing or changed on the server),
 * resumed (a previous run stopped), kept, and retired (no longer declared). A pure function of what
 * was read ({@code Publish} reads it), so every verb is testable without a server.
 */
public final class Planner {

  private Planner() {}

  /**
   * The plan for {@code declared}, given what the server reported and the current ledger rows of
   * the declarations' databases. Rollup views are shown with the cutover an installation starting
   * at {@code now} with {@code cutoverDelay} takes ({@link Cutovers}, in the order it installs
   * them), or the one the ledger already holds.
   */
  public static Plan plan(Declarations.Result declared, ServerState server, List<LedgerRow> ledger,
      Instant now, Duration cutoverDelay) {
    Placement placement = server.placement();
    Map<String, LedgerRow> byIdentity = new HashMap<>();
    ledger.forEach(r -> byIdentity.put(r.identity().text(), r));
    // the backfill columns as the installation will have written them by each rollup's turn
    Map<String, LedgerRow.Backfill> planned = new HashMap<>();
    byIdentity.forEach((id, r) -> planned.put(id, r.backfill()));
    Cutovers.Ledger cutovers = new Cutovers.Ledger(planned::get, Cutovers.Ledger.of(byIdentity::get, byIdentity::get).atStart());
    List<Change> changes = new ArrayList<>();
    Set<String> declaredIdentities = new LinkedHashSet<>();
    for (Accelerator a : declared.accelerators()) {
      String identity = identity(a);
      declaredIdentities.add(identity);
      LedgerRow row = byIdentity.get(identity);
      Instant cutover = null;
      if (a instanceof Accelerator.Rollup r) {
        if (Cutovers.takesNew(row)) {
          cutover = Cutovers.choose(now, cutoverDelay, r, declared.accelerators(), cutovers);
          planned.put(identity, new LedgerRow.Backfill(cutover, null, null));
        } else {
          cutover = row.backfill().cutover();
        }
      }
      changes.add(change(a, row, ledger, server, cutover, placement));
    }
    for (LedgerRow r : ledger) {
      LedgerState s = r.state();
      if (!declaredIdentities.contains(r.identity().text()) && s != LedgerState.RETIRED && s != LedgerState.PRUNED) {
        LedgerRow.Identity id = r.identity();
        changes.add(new Change(Verb.RETIRE, id.kind(), id.key(), id.table().toString(), id.object(),
            "no longer declared; kept for 7 days" + (id.kind() == LedgerKind.ROLLUP
                ? ", its materialized view keeps writing" : ""), List.of(), null));
      }
    }
    String revision = Names.sha256Hex(String.join("\n", declared.accelerators().stream()
        .map(a -> identity(a) + "=" + a.declaration()).sorted().toList())).substring(0, 12);
    return new Plan(declared.namespace(), revision, declared.accelerators(), changes, declared.warnings(),
        declared.databases(), ledger, server);
  }

  /** The ledger identity of a declaration (see {@link LedgerRow.Identity#text()}). */
  public static String identity(Accelerator a) {
    return a.table().database() + "." + a.table().table() + "/" + a.kind().text() + "/" + a.key() + "/" + a.object();
  }

  private static Change change(Accelerator a, LedgerRow row, List<LedgerRow> ledger, ServerState server,
      Instant cutover, Placement placement) {
    String table = a.table().toString();
    List<String> ddl = ddl(a, cutover, placement);
    Optional<String> drift = Drift.of(a, server);
    Verb verb;
    String reason;
    LedgerState state = row == null ? null : row.state();
    if (row == null || state == LedgerState.PRUNED) {
      boolean replaces = ledger.stream().anyMatch(r -> r.identity().kind() == a.kind()
          && r.identity().key().equals(a.key()) && r.identity().tableDatabase().equals(a.table().database())
          && r.identity().tableName().equals(a.table().table()) && !r.identity().object().equals(a.object())
          && active(r.state()));
      verb = replaces ? Verb.CHANGE : Verb.ADD;
      reason = replaces ? "the declaration changed; the previous object retires" : "";
    } else if (state == LedgerState.RETIRED) {
      verb = Verb.CANCEL_RETIREMENT;
      reason = "declared again" + drift.map(d -> "; " + d).orElse("");
    } else if (state == LedgerState.QUARANTINED) {
      verb = Verb.REPAIR;
      reason = "quarantined (" + row.quarantine().reason() + "): re-backfills " + row.quarantine().days();
      ddl = List.of("-- repair: each quarantined day aggregated again from the source, then"
          + " ALTER TABLE ... REPLACE PARTITION");
    } else if (state != LedgerState.READY) {
      verb = Verb.RESUME;
      reason = "a previous installation stopped while " + row.state();
    } else if (drift.isPresent()) {
      verb = Verb.REPAIR;
      reason = drift.get();
    } else if (a instanceof Accelerator.Rollup r && r.retentionSeconds() != row.shape().retentionSeconds()) {
      verb = Verb.CHANGE;
      reason = "retention " + seconds(row.shape().retentionSeconds()) + " -> " + seconds(r.retentionSeconds())
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
    if (r.refresh().isPresent()) {
      out.add(RollupDdl.createRefreshedView(r, placement));
      out.add(RollupDdl.waitForRefresh(r) + " -- the first refresh fills the target; no cutover, no backfill");
      out.add(RollupDdl.pointStableView(r, placement));
      return out;
    }
    out.add(RollupDdl.createMaterializedView(r, cutover, placement));
    out.add("-- backfill: one-day chunks from the cutover back to " + (r.retentionSeconds() > 0
        ? "the retention bound" : "the oldest row") + ", newest first" + (r.spread().isPresent()
        ? ", each shard over its own rows into its local target" : ""));
    out.add(RollupDdl.pointStableView(r, placement));
    return out;
  }
}

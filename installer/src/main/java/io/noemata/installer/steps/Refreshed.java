package io.noemata.installer.steps;

import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerState;
import io.noemata.installer.ddl.RollupDdl;
import io.noemata.installer.ledger.Rows;
import io.noemata.installer.plan.Accelerator;
import io.noemata.installer.plan.Planner;
import java.sql.SQLException;
import java.time.Instant;

/**
 * Install for a refreshed rollup ({@code "refresh"} declared): the target, the refreshable view, and
 * its first refresh waited for. No cutover and no backfill: each refresh aggregates the whole source
 * (within retention) and replaces the target's rows, so the ledger records the rollup as covering
 * every bucket ({@code backfilled_from} = {@code backfill_floor} = the epoch, the cutover the first
 * fill's time) and Serve makes it ready. Whether a query may read it is the driver's question at
 * each query: its last successful refresh must be newer than the source's last change
 * ({@code system.view_refreshes}, {@code system.parts}).
 *
 * <p>A view on the server that is not the declared one (fed by inserts, another schedule, FINAL
 * missing) is dropped and created again: the new view's refresh replaces whatever the target held.
 */
final class Refreshed {

  private Refreshed() {}

  static void run(Session s, Accelerator.Rollup r) throws SQLException, InstallException {
    String db = r.table().database();
    LedgerRow row = s.ledger.get(Planner.identity(r));
    if (row == null || row.state() == LedgerState.PRUNED || row.state() == LedgerState.RETIRED) {
      row = Rows.of(r, s.plan.namespace(), s.plan.revision(), LedgerState.INSTALLING, s.now());
      s.record(row);
    }
    for (String sql : RollupDdl.createTargets(r, s.placement())) {
      s.execute(sql);
    }
    boolean retention = row.shape().retentionSeconds() != r.retentionSeconds();
    if (retention) {
      s.execute(RollupDdl.modifyTtl(r, s.placement()));
    }
    String mv = Install.statement(s, db, r.materializedView());
    if (mv != null && (retention || RollupDdl.refreshDrift(r, mv).isPresent())) {
      // its query reads within the old retention, or it is not the declared view
      s.options.progress().step("  " + r.key() + ": recreating " + r.materializedView() + " as REFRESH "
          + r.refresh().orElseThrow().clause());
      s.execute(RollupDdl.dropMaterializedView(db, r.materializedView(), s.placement()));
      mv = null;
    }
    if (mv == null) {
      s.execute(RollupDdl.createRefreshedView(r, s.placement())); // its first refresh starts now
    } else {
      s.execute(RollupDdl.refreshNow(r));
    }
    Instant refreshed = s.now();
    s.options.progress().step("  " + r.key() + ": waiting for the refresh of " + r.materializedView());
    try {
      s.execute(RollupDdl.waitForRefresh(r));
    } catch (SQLException failed) {
      throw new InstallException("the refresh of " + r.materializedView() + " failed: " + failed.getMessage()
          + "; fix the cause and publish again");
    }
    Install.objectRecorded(s, r);
    LedgerRow fresh = Rows.of(r, s.plan.namespace(), s.plan.revision(), row.state(), s.now());
    // covered from the first bucket on (every refresh reads every bucket); fed since this refresh
    s.record(fresh.withBackfill(refreshed, Instant.EPOCH, Instant.EPOCH, s.now(), Install.next())
        .withRetirement(row.state() == LedgerState.READY ? LedgerState.READY : LedgerState.BACKFILLING, null, null,
            null, s.now(), Install.next()));
  }
}

package io.noemata.installer.steps;

import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerState;
import io.noemata.installer.ddl.RollupDdl;
import io.noemata.installer.plan.Accelerator;
import io.noemata.installer.plan.Planner;
import java.sql.SQLException;

/**
 * "Serve. Publication points the stable views at their targets." A rollup whose backfill is done
 * becomes ready (queries may read it); an async one stays backfilling until converge finishes it.
 */
final class Serve {

  private Serve() {}

  static void run(Session s, Accelerator.Rollup r) throws SQLException {
    s.options.progress().step("serve " + r.stableView() + " -> " + r.object());
    s.execute(RollupDdl.pointStableView(r, s.placement()));
    ready(s, r);
  }

  static void ready(Session s, Accelerator.Rollup r) throws SQLException {
    LedgerRow row = s.ledger.get(Planner.identity(r));
    if (Backfill.done(row) && row.state() != LedgerState.READY
        && row.state() != LedgerState.QUARANTINED) { // only Repair lifts a quarantine
      s.record(row.withState(LedgerState.READY, s.now(), Install.next()));
    }
  }
}

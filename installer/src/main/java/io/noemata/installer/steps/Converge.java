package io.noemata.installer.steps;

import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerState;
import io.noemata.installer.plan.Accelerator;
import io.noemata.installer.plan.Planner;
import java.sql.SQLException;

/** "Publication then finishes asynchronous entries": their mutations and backfills, then ready. */
final class Converge {

  private Converge() {}

  static void run(Session s, Accelerator a) throws SQLException, InstallException {
    LedgerRow row = s.ledger.get(Planner.identity(a));
    if (row == null || row.state() == LedgerState.READY || row.state() == LedgerState.QUARANTINED) {
      return;
    }
    s.options.progress().step("converge " + a.kind() + " " + a.key());
    if (a instanceof Accelerator.Rollup r) {
      Backfill.run(s, r);
      Serve.ready(s, r);
    } else {
      Mutations.await(s, a.storage(), a.kind() + " " + a.key());
      s.record(row.withState(LedgerState.READY, s.now(), Install.next()));
    }
  }
}

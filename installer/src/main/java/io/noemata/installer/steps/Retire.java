package io.noemata.installer.steps;

import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerState;
import io.noemata.installer.plan.Change;
import java.sql.SQLException;
import java.time.Instant;

/**
 * "Resources the revision no longer declares are retired for seven days. Rollup materialized views
 * keep writing during this period. A later revision can declare an accelerator again and cancel its
 * retirement." Retiring only writes the ledger; prune drops.
 */
final class Retire {

  private Retire() {}

  static void run(Session s, Change c) throws SQLException {
    LedgerRow row = s.ledger.values().stream().filter(r -> r.identity().kind() == c.kind()
        && r.identity().key().equals(c.key())
        && r.identity().object().equals(c.object()) && r.identity().table().toString().equals(c.table()))
        .findFirst().orElse(null);
    if (row == null) {
      return;
    }
    Instant now = s.now();
    s.options.progress().step("retire " + c.kind() + " " + c.key() + ": " + c.object() + " until "
        + now.plus(s.options.retirement()));
    s.record(row.withRetirement(LedgerState.RETIRED, now, now.plus(s.options.retirement()), null, now,
        Install.next()));
  }
}

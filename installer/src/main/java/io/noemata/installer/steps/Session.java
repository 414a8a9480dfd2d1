package io.noemata.installer.steps;

import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerWriter;
import io.noemata.core.ledger.NamespaceLock;
import io.noemata.installer.plan.Plan;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * One installation under the namespace lock: the connection, the plan, the ledger as it is being
 * written, and the options. Steps read the ledger from here and write every change through it.
 */
public final class Session {

  final Connection connection;
  final Plan plan;
  final InstallOptions options;
  final LedgerWriter writer;
  final NamespaceLock lock;
  final Map<String, LedgerRow> ledger = new HashMap<>();
  /** The ledger as this run found it: what earlier runs planned. */
  private final Map<String, LedgerRow> atStart = new HashMap<>();

  Session(Connection connection, Plan plan, InstallOptions options, NamespaceLock lock) {
    this.connection = connection;
    this.plan = plan;
    this.options = options;
    this.writer = new LedgerWriter(connection, plan.namespace(), plan.placement());
    this.lock = lock;
    plan.ledger().forEach(r -> ledger.put(r.identity().text(), r));
    atStart.putAll(ledger);
  }

  /** The ledger row of {@code identity} as this run found it; null when it had none. */
  LedgerRow atStart(String identity) {
    return atStart.get(identity);
  }

  /** Where statements run (ON CLUSTER or here). */
  io.noemata.installer.ddl.Placement placement() {
    return plan.placement();
  }

  Instant now() {
    return options.clock().instant();
  }

  void execute(String sql) throws SQLException {
    lock.renew();
    try (Statement s = connection.createStatement()) {
      s.execute(sql);
    }
  }

  /** Writes a ledger row and remembers it as current. */
  void record(LedgerRow row) throws SQLException {
    writer.write(row.identity().tableDatabase(), row);
    ledger.put(row.identity().text(), row);
  }
}

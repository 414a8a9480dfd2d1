package io.noemata.installer.plan;

import io.noemata.core.ledger.LedgerRow;
import java.util.List;
import java.util.Set;

/**
 * The first step of installing: declarations compared with each physical table and the ledger.
 *
 * @param revision 12 hex digits of the declarations' content: the same files give the same revision
 * @param databases every database the plan touches (grants and the lock are taken on them)
 * @param ledger the current ledger rows of those databases
 * @param server what the server reported when planning, with where the statements run
 */
public record Plan(String namespace, String revision, List<Accelerator> declared, List<Change> changes,
    List<String> warnings, Set<String> databases, List<LedgerRow> ledger, ServerState server) {

  public Plan {
    declared = List.copyOf(declared);
    changes = List.copyOf(changes);
    warnings = List.copyOf(warnings);
    databases = Set.copyOf(databases);
    ledger = List.copyOf(ledger);
  }

  /** Where the statements run: this server, ON CLUSTER, Replicated databases. */
  public io.noemata.installer.ddl.Placement placement() {
    return server.placement();
  }

  /** Whether {@code db.table}'s current statement {@code now} differs from the one recorded at install. */
  public boolean changed(String db, String table, String now) {
    String recorded = server.recordedDigests().get(db + "." + table);
    return recorded != null && !recorded.equals(io.noemata.core.naming.Names.sha256Hex(now));
  }

  /** Nothing to install, repair or retire. */
  public boolean isNoop() {
    return changes.stream().noneMatch(Change::acts);
  }

  /** The plan as a diff: one line per change, its DDL indented below. */
  public String text() {
    StringBuilder b = new StringBuilder();
    b.append("Plan for namespace '").append(namespace).append("', revision ").append(revision).append('\n');
    b.append("Statements run ").append(placement().describe()).append('\n');
    for (String w : warnings) {
      b.append("warning: ").append(w).append('\n');
    }
    for (Change c : changes) {
      b.append(c.verb().mark()).append(' ').append(c.verb().word()).append(' ').append(c.kind()).append(' ')
          .append(c.key()).append(" on ").append(c.table()).append(": ").append(c.object());
      if (!c.reason().isEmpty()) {
        b.append(" (").append(c.reason()).append(')');
      }
      b.append('\n');
      for (String sql : c.ddl()) {
        b.append("    ").append(sql.replace("\n", "\n    ")).append(";\n");
      }
    }
    if (isNoop()) {
      b.append("Nothing to do: every declared accelerator is installed and ready.\n");
    }
    return b.toString();
  }
}

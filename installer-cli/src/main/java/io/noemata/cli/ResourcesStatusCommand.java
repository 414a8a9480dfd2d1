package io.noemata.cli;

import io.noemata.core.ledger.LedgerReader;
import io.noemata.core.ledger.LedgerRow;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/** {@code noemata resources status}: "print the ledger", as a table or {@code --json}. */
@Command(name = "status", description = "Print the resource ledger.")
final class ResourcesStatusCommand implements Callable<Integer> {

  @Mixin ProjectOptions options;

  @Override
  public Integer call() {
    var project = options.read().project();
    String namespace = project.settings().namespace();
    var databases = io.noemata.installer.plan.Declarations.databases(project);
    try (Connection c = options.connect()) {
      // the ledgers of the databases this project installs into; others may be another deployment's
      List<LedgerRow> rows = LedgerReader.allRows(c, namespace).stream()
          .filter(r -> databases.contains(r.identity().tableDatabase())).toList();
      System.out.print(options.json ? PlanJson.ledger(rows) + "\n" : table(namespace, rows, lateDays(c, rows)));
      return 0;
    } catch (SQLException e) {
      throw ChConnection.failure("reading the ledger", e);
    }
  }

  /** The days with late rows of each ready rollup that records watermarks, by ledger identity. */
  static java.util.Map<String, List<java.time.LocalDate>> lateDays(Connection c, List<LedgerRow> rows)
      throws SQLException {
    java.util.Map<String, List<java.time.LocalDate>> out = new java.util.HashMap<>();
    java.util.Map<io.noemata.core.catalog.TableName, List<io.noemata.core.system.SystemPart>> parts = new java.util.HashMap<>();
    for (LedgerRow r : rows) {
      if (r.identity().kind() == io.noemata.core.ledger.LedgerKind.ROLLUP
          && r.state() == io.noemata.core.ledger.LedgerState.READY && r.watermarks().recorded()) {
        var table = r.identity().table();
        if (!parts.containsKey(table)) {
          parts.put(table, io.noemata.core.system.SystemTables.activeParts(c,
              new io.noemata.core.system.Scope.Table(table.database(), table.table())));
        }
        out.put(r.identity().text(), io.noemata.core.ledger.BlockWatermarks.lateDays(r, parts.get(table)));
      }
    }
    return out;
  }

  static String table(String namespace, List<LedgerRow> rows) {
    return table(namespace, rows, java.util.Map.of());
  }

  static String table(String namespace, List<LedgerRow> rows, java.util.Map<String, List<java.time.LocalDate>> late) {
    if (rows.isEmpty()) {
      return "No resources installed in namespace '" + namespace + "'.\n";
    }
    StringBuilder b = new StringBuilder(String.format("%-10s %-18s %-26s %-12s %-20s %-20s %s%n", "KIND", "KEY",
        "TABLE", "STATE", "CUTOVER", "BACKFILLED FROM", "OBJECT / RETIREMENT"));
    for (LedgerRow r : rows) {
      LedgerRow.Retirement ret = r.retirement();
      String tail = r.identity().object()
          + (ret.retiredAt() == null ? "" : "  retired " + ret.retiredAt() + ", prune after " + ret.pruneAfter())
          + (ret.prunedAt() == null ? "" : ", pruned " + ret.prunedAt())
          + (r.quarantine().reason().isEmpty() ? "" : "  quarantined: " + r.quarantine().reason() + "; days "
              + r.quarantine().days()
              + "; `noemata publish` repairs it")
          + (late.getOrDefault(r.identity().text(), List.of()).isEmpty() ? "" : "  late rows on "
              + late.get(r.identity().text()) + "; `noemata repair` re-aggregates them");
      // a refreshed rollup has no cutover or backfill: its schedule stands in their columns
      java.util.Optional<String> refresh = r.declared().refresh();
      b.append(String.format("%-10s %-18s %-26s %-12s %-20s %-20s %s%n", r.identity().kind(), r.identity().key(),
          r.identity().table(), r.state(), refresh.isPresent() ? "refreshed" : r.backfill().cutover() == null ? "-"
              : r.backfill().cutover(), refresh.isPresent() ? refresh.get() : r.backfill().backfilledFrom() == null
              ? "-" : r.backfill().backfilledFrom(), tail));
    }
    return b.toString();
  }
}

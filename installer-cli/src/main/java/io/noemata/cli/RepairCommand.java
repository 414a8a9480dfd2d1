package io.noemata.cli;

import io.noemata.installer.steps.InstallOptions;
import io.noemata.installer.steps.Publish;
import io.noemata.resources.parse.ReadResult;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code noemata repair}: re-aggregates exactly the days whose rows arrived late (after the
 * rollup read them) and the days of quarantined rollups, with no project change and nothing else
 * installed. Safe to kill: the next run finishes. Exit 0 done, 1 refused or failed, 2 usage or
 * connection, 3 locked by another run.
 */
@Command(name = "repair", description = "Re-aggregate the rollup days that late rows reached (and quarantined days); install nothing else.")
final class RepairCommand implements Callable<Integer> {

  @Mixin ProjectOptions options;

  @Option(names = "--lock-ttl", hidden = true, defaultValue = "60s",
      description = "How long the namespace lock lives without renewal (tests shorten it).")
  String lockTtl;

  @Override
  public Integer call() {
    ReadResult read = options.read();
    InstallOptions io = options.install(System.err).withLockTtl(PublishCommand.duration(lockTtl));
    try (Connection c = options.connect()) {
      Map<String, List<LocalDate>> repaired = ProjectOptions.userErrors("repair", () -> Publish.repair(read, c, io));
      if (options.json) {
        StringBuilder b = new StringBuilder("{\"outcome\":\"" + (repaired.isEmpty() ? "nothing to do" : "repaired")
            + "\",\"repaired\":{");
        int i = 0;
        for (Map.Entry<String, List<LocalDate>> e : repaired.entrySet()) {
          b.append(i++ == 0 ? "" : ",").append('"').append(e.getKey()).append("\":[")
              .append(String.join(",", e.getValue().stream().map(d -> "\"" + d + "\"").toList())).append(']');
        }
        System.out.println(b.append("}}"));
      } else if (repaired.isEmpty()) {
        System.out.println("Nothing to repair: no rollup has days with late rows or is quarantined.");
      } else {
        repaired.forEach((key, days) -> System.out.println("Repaired " + key + ": " + days.size() + " day(s) " + days));
      }
      return 0;
    } catch (SQLException e) {
      throw ChConnection.failure("closing the connection", e);
    }
  }
}

package io.noemata.cli;

import io.noemata.core.ledger.Json;
import io.noemata.installer.steps.Prune;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code noemata resources prune [--dry-run]}: retire undeclared accelerators and drop those retired
 * seven days ago. Review {@code --dry-run} before pruning shared tables.
 */
@Command(name = "prune", description = "Retire undeclared accelerators; drop those retired seven days ago.")
final class ResourcesPruneCommand implements Callable<Integer> {

  @Mixin ProjectOptions options;

  @Option(names = "--dry-run", description = "List what would be retired and dropped; change nothing.")
  boolean dryRun;

  @Override
  public Integer call() {
    var read = options.read();
    try (Connection c = options.connect()) {
      Prune.Result r = ProjectOptions.userErrors("prune", () -> Prune.run(read, c, options.install(System.err), dryRun));
      if (options.json) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("dry_run", dryRun);
        m.put("retire", r.retired());
        m.put("drop", r.dropped());
        m.put("retired_waiting", r.waiting());
        m.put("untracked", r.untracked());
        System.out.println(Json.write(m));
      } else {
        String verb = dryRun ? "would " : "";
        print(verb + "retire", r.retired());
        print(verb + "drop", r.dropped());
        print("retired, kept until their prune time", r.waiting());
        print("__nm_ objects no ledger names (review; prune leaves them)", r.untracked());
        if (dryRun) {
          System.out.println("Dry run: nothing was changed.");
        }
      }
      return 0;
    } catch (SQLException e) {
      throw ChConnection.failure("closing the connection", e);
    }
  }

  private static void print(String what, List<String> items) {
    System.out.println(what + ": " + (items.isEmpty() ? "none" : ""));
    items.forEach(i -> System.out.println("  " + i));
  }
}

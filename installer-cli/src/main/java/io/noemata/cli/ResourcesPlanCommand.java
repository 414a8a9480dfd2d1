package io.noemata.cli;

import io.noemata.installer.plan.Plan;
import io.noemata.installer.steps.Publish;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * {@code noemata resources plan}: the steps publish would take for the project as it is on disk,
 * including drift (objects missing or changed on the server). Changes nothing.
 */
@Command(name = "plan", description = "Print the resource steps publish would take, drift included.")
final class ResourcesPlanCommand implements Callable<Integer> {

  @Mixin ProjectOptions options;

  @picocli.CommandLine.Option(names = "--revision", description = "The revision to plan. Revisions are content hashes"
      + " of the project's declarations; only the one on disk can be planned (check another out to plan it).")
  String revision;

  @Override
  public Integer call() {
    var read = options.read();
    try (Connection c = options.connect()) {
      Plan plan = ProjectOptions.userErrors("plan", () -> Publish.plan(read, c, options.install(System.err)));
      if (revision != null && !revision.equals(plan.revision())) {
        throw new UserError("revision " + revision + " is not the project on disk (revision " + plan.revision()
            + "); check out that revision's files and run noemata resources plan again", 2);
      }
      System.out.print(options.json ? PlanJson.plan(plan, "planned") + "\n" : plan.text());
      return 0;
    } catch (SQLException e) {
      throw ChConnection.failure("closing the connection", e);
    }
  }
}

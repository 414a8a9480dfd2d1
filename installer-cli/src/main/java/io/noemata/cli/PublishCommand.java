package io.noemata.cli;

import io.noemata.installer.plan.Plan;
import io.noemata.installer.steps.InstallOptions;
import io.noemata.installer.steps.Publish;
import io.noemata.resources.parse.ReadResult;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code noemata publish}: plan, grants, install and backfill, serve, retire and converge the
 * project's resources. With {@code --dry-run} it prints the plan and changes nothing. Exit 0 done,
 * 1 refused or failed (resume by running it again), 2 usage or connection, 3 locked by another run.
 */
@Command(name = "publish", description = "Install the project's resources: plan, grants, install, backfill, serve, retire, converge.")
final class PublishCommand implements Callable<Integer> {

  @Mixin ProjectOptions options;

  @Option(names = "--dry-run", description = "Print the planned resource steps; change nothing.")
  boolean dryRun;

  static final class Install {
    @Option(names = "--install-resources", description = "Install resources even if noemata.json disables it.")
    boolean on;

    @Option(names = "--no-install-resources", description = "Do not install resources this time.")
    boolean off;
  }

  @ArgGroup(exclusive = true)
  Install install;

  @Option(names = "--cutover-delay", hidden = true, defaultValue = "30s",
      description = "How long after the plan rollup views start writing (tests shorten it).")
  String cutoverDelay;

  @Option(names = "--lock-ttl", hidden = true, defaultValue = "60s",
      description = "How long the namespace lock lives without renewal (tests shorten it).")
  String lockTtl;

  @Override
  public Integer call() {
    ReadResult read = options.read();
    boolean enabled = install != null ? install.on : read.project().settings().installOnPublish();
    if (!enabled) {
      System.out.println(options.json ? "{\"outcome\":\"resources not installed\"}"
          : "Resources are not installed on publish (resources.install_on_publish is false; --install-resources enables it once).");
      return 0;
    }
    InstallOptions io = options.install(System.err).withCutoverDelay(duration(cutoverDelay))
        .withLockTtl(duration(lockTtl));
    try (Connection c = options.connect()) {
      Plan plan = ProjectOptions.userErrors("publish", () -> Publish.run(read, c, io, dryRun));
      String outcome = dryRun ? "planned" : plan.isNoop() ? "nothing to do" : "installed";
      System.out.print(options.json ? PlanJson.plan(plan, outcome) + "\n" : plan.text()
          + (dryRun ? "Dry run: nothing was changed.\n" : plan.isNoop() ? "" : "Published revision " + plan.revision() + ".\n"));
      return 0;
    } catch (SQLException e) {
      throw ChConnection.failure("closing the connection", e);
    }
  }

  static Duration duration(String text) {
    io.noemata.resources.model.Interval i = io.noemata.resources.model.Interval.parse(text);
    if (text.equals("0s") || text.equals("0")) {
      return Duration.ZERO;
    }
    if (i == null) {
      throw new UserError(text + " is not a duration such as 30s or 1m", 2);
    }
    return Duration.ofSeconds(i.seconds());
  }
}

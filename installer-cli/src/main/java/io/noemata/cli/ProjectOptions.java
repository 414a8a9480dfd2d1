package io.noemata.cli;

import io.noemata.core.ledger.LockHeldException;
import io.noemata.core.ledger.NamespaceLock;
import io.noemata.installer.plan.PlanException;
import io.noemata.installer.steps.InstallException;
import io.noemata.installer.steps.InstallOptions;
import io.noemata.resources.parse.NotAProjectException;
import io.noemata.resources.parse.ProjectReader;
import io.noemata.resources.parse.ReadResult;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import picocli.CommandLine.Option;

/** What every installer command takes: the project, the connection, JSON output. */
final class ProjectOptions {

  @Option(names = "--project", defaultValue = ".", description = "Project directory (holds noemata.json). Default: the current directory.")
  Path project;

  @Option(names = "--url", description = "ClickHouse: jdbc:clickhouse://host:8123/db or http://host:8123. Default: NOEMATA_CH_URL.")
  String url;

  @Option(names = "--json", description = "Print the result as JSON on stdout.")
  boolean json;

  @Option(names = "--cluster", description = "Run every statement ON CLUSTER this cluster (over noemata.json's"
      + " \"cluster\"). A cluster whose every server is this one (system.clusters is_local on every row, as the embedded"
      + " engine's --cluster) runs them here without ON CLUSTER.")
  String cluster;

  /** The CLI's cluster, over noemata.json's. */
  java.util.Optional<String> cluster() {
    return java.util.Optional.ofNullable(cluster);
  }

  ReadResult read() {
    try {
      return ProjectReader.read(project);
    } catch (NotAProjectException e) {
      throw new UserError(e.getMessage(), 2);
    }
  }

  Connection connect() {
    return ChConnection.open(ChConnection.target(url));
  }

  @Option(names = "--clock-offset", hidden = true, defaultValue = "0s",
      description = "Shifts the installer's clock (tests prune as if days had passed, and so take over a dead lock).")
  String clockOffset;

  InstallOptions install(PrintStream progressTo) {
    return InstallOptions.defaults(NamespaceLock.describeThisProcess(ChConnection.user()),
        json ? io.noemata.installer.steps.Progress.QUIET : new CliProgress(progressTo))
        .withClock(java.time.Clock.offset(java.time.Clock.systemUTC(), PublishCommand.duration(clockOffset)))
        .withCluster(cluster);
  }

  /** A library failure as the one line a user sees, with its exit code. */
  interface Action<T> {
    T run() throws PlanException, InstallException, LockHeldException, SQLException;
  }

  static <T> T userErrors(String doing, Action<T> action) {
    try {
      return action.run();
    } catch (PlanException | InstallException e) {
      throw new UserError(e.getMessage(), 1);
    } catch (LockHeldException e) {
      throw new UserError(e.getMessage(), 3);
    } catch (SQLException e) {
      throw ChConnection.failure(doing, e);
    }
  }
}

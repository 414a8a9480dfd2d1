package io.noemata.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code noemata resources plan|status|prune}. */
@Command(name = "resources", description = "Plan, inspect and prune installed resources.",
    subcommands = {ResourcesPlanCommand.class, ResourcesStatusCommand.class, ResourcesPruneCommand.class})
final class ResourcesCommand implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }
}

package io.noemata.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code noemata} command. Each subcommand is a small class of its own (Flyway's habit);
 * this class only lists them and turns failures into one clear line and an exit code.
 */
@Command(
    name = "noemata",
    mixinStandardHelpOptions = true,
    // every subcommand, present and future, inherits --help (and --version)
    scope = CommandLine.ScopeType.INHERIT,
    versionProvider = VersionProvider.class,
    description = "ClickHouse accelerators: validate, install and serve them; run the embedded engine and the demo.",
    subcommands = {
      ValidateCommand.class,
      AdviseCommand.class,
      ServeCommand.class,
      ProxyCommand.class,
      DemoCommand.class,
      PublishCommand.class,
      RepairCommand.class,
      ResourcesCommand.class,
      BenchCommand.class,
      CommandLine.HelpCommand.class,
    })
public final class Main implements Runnable {

  @CommandLine.Spec CommandLine.Model.CommandSpec spec;

  public static void main(String[] args) {
    System.exit(run(args));
  }

  /** Runs the command line and returns the exit code; tests call this instead of {@link #main}. */
  public static int run(String... args) {
    CommandLine cli = new CommandLine(new Main());
    cli.setExecutionExceptionHandler(new UserErrorHandler());
    return cli.execute(args);
  }

  @Override
  public void run() {
    spec.commandLine().usage(System.out);
  }
}

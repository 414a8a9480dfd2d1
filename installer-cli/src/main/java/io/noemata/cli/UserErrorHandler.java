package io.noemata.cli;

import picocli.CommandLine;

/**
 * Prints a {@link UserError} (or an engine failure that carries a user-facing message) as one line
 * on stderr. Anything else is a bug in noemata: it still prints one line, plus where to look.
 */
final class UserErrorHandler implements CommandLine.IExecutionExceptionHandler {

  @Override
  public int handleExecutionException(Exception e, CommandLine cli, CommandLine.ParseResult parsed) {
    if (e instanceof UserError user) {
      cli.getErr().println("noemata: " + user.getMessage());
      return user.exitCode();
    }
    if (e instanceof io.noemata.embedded.EngineException engine) {
      cli.getErr().println("noemata: " + engine.getMessage());
      return 2;
    }
    cli.getErr().println("noemata: internal error: " + e + " (set NOEMATA_DEBUG=1 for the stack trace)");
    if (System.getenv("NOEMATA_DEBUG") != null) {
      e.printStackTrace(cli.getErr());
    }
    return 70;
  }
}

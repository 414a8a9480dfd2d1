package io.noemata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command and subcommand, found by walking the command tree, answers --help and -h. */
class HelpTest {

  @Test
  void everyCommandAnswersHelp() {
    List<List<String>> paths = new ArrayList<>();
    walk(new CommandLine(new Main()), new ArrayList<>(), paths);
    assertTrue(paths.size() >= 10, "commands found: " + paths);
    for (List<String> path : paths) {
      for (String flag : List.of("--help", "-h")) {
        List<String> args = new ArrayList<>(path);
        args.add(flag);
        CliRun r = CliRun.of(args.toArray(String[]::new));
        String line = String.join(" ", args);
        assertEquals(0, r.exit(), line + ": " + r.err());
        assertTrue(r.out().startsWith("Usage: noemata" + (path.isEmpty() ? "" : " " + String.join(" ", path))),
            line + ": " + r.out() + r.err());
        assertTrue(r.out().contains("-h, --help"), line + ": " + r.out());
      }
    }
  }

  @Test
  void demoHelpListsItsOptions() {
    CliRun r = CliRun.of("demo", "--help");
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("--rows") && r.out().contains("--report"), r.out());
  }

  private static void walk(CommandLine cli, List<String> path, List<List<String>> out) {
    if (cli.getCommandSpec().helpCommand()) {
      return; // `help` shows the others' help; `help --help` is picocli's own
    }
    out.add(List.copyOf(path));
    for (var sub : cli.getSubcommands().entrySet()) {
      if (sub.getValue().getCommandName().equals(sub.getKey())) { // skip aliases
        List<String> next = new ArrayList<>(path);
        next.add(sub.getKey());
        walk(sub.getValue(), next, out);
      }
    }
  }
}

package io.noemata.cli;

import java.io.PrintStream;

/**
 * A one-line progress bar per task. On a terminal it redraws in place; elsewhere (CI logs) it
 * prints one line per update, which stays readable because updates come per chunk.
 */
final class ProgressBar {

  private static final int WIDTH = 30;

  private final PrintStream out;
  private final boolean inPlace = System.console() != null;

  ProgressBar(PrintStream out) {
    this.out = out;
  }

  void update(String task, long done, long total) {
    int filled = total == 0 ? WIDTH : (int) (WIDTH * done / total);
    String line = String.format("  %-12s [%s%s] %,d / %,d", task, "#".repeat(filled), ".".repeat(WIDTH - filled), done, total);
    if (inPlace) {
      out.print("\r" + line + (done >= total ? "\n" : ""));
    } else {
      out.println(line);
    }
    out.flush();
  }
}

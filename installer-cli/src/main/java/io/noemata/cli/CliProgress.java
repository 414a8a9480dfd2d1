package io.noemata.cli;

import io.noemata.installer.steps.Progress;
import java.io.PrintStream;

/** Installer progress on the terminal: a line per step, a bar per mutation or backfill. */
final class CliProgress implements Progress {

  private final PrintStream out;
  private final ProgressBar bar;

  CliProgress(PrintStream out) {
    this.out = out;
    this.bar = new ProgressBar(out);
  }

  @Override
  public void step(String line) {
    out.println(line);
  }

  @Override
  public void advance(String task, long done, long total) {
    bar.update(task, done, total);
  }
}

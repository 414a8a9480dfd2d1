package io.noemata.cli;

import io.noemata.installer.steps.Progress;
import java.io.Console;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Installer progress on stderr: a line per step, and per mutation or backfill either a progress bar
 * (me.tongfei:progressbar, redrawn with carriage returns) on a terminal, or, when the output goes to
 * a file or a pipe, one line per tenth of the work, so {@code noemata demo > log} stays readable.
 */
final class CliProgress implements Progress {

  private final PrintStream out;
  private final boolean terminal;
  private final Map<String, ProgressBar> bars = new HashMap<>();
  private final Map<String, Long> printedTenth = new HashMap<>();

  /** Bars when this process runs in a terminal, lines otherwise. */
  CliProgress(PrintStream out) {
    this(out, inTerminal());
  }

  CliProgress(PrintStream out, boolean terminal) {
    this.out = out;
    this.terminal = terminal;
  }

  @Override
  public void step(String line) {
    out.println(line);
  }

  @Override
  public void advance(String task, long done, long total) {
    if (terminal) {
      bar(task, done, total);
    } else {
      line(task, done, total);
    }
  }

  private void bar(String task, long done, long total) {
    ProgressBar bar = bars.computeIfAbsent(task, t -> new ProgressBarBuilder().setTaskName(t).setInitialMax(total)
        .setStyle(ProgressBarStyle.ASCII).setConsumer(new ConsoleProgressBarConsumer(out)).setUpdateIntervalMillis(250)
        .build());
    bar.maxHint(total);
    bar.stepTo(done);
    if (done >= total) {
      bar.close();
      bars.remove(task);
    }
  }

  /** A line when the work crosses into a new tenth, and one when it is done. */
  private void line(String task, long done, long total) {
    long tenth = total <= 0 ? 10 : Math.min(10, done * 10 / total);
    Long printed = printedTenth.get(task);
    if (printed == null || tenth > printed) {
      out.println(task + ": " + done + "/" + total + " (" + (total <= 0 ? 100 : done * 100 / total) + "%)");
      printedTenth.put(task, tenth);
    }
    if (done >= total) {
      printedTenth.remove(task);
    }
  }

  /**
   * Whether stdin and stdout are a terminal: {@code System.console()} is null otherwise; on Java
   * 22 to 24 it may not be, and {@code Console.isTerminal()} (22+, called reflectively as the CLI
   * compiles for 17) tells.
   */
  static boolean inTerminal() {
    Console console = System.console();
    if (console == null) {
      return false;
    }
    try {
      return (Boolean) Console.class.getMethod("isTerminal").invoke(console);
    } catch (ReflectiveOperationException e) {
      return true; // Java 17 to 21: a console is a terminal
    }
  }
}

package io.noemata.cli;

import io.noemata.installer.steps.Progress;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/** Installer progress on stderr: a line per step, a progress bar (me.tongfei:progressbar) per mutation or backfill. */
final class CliProgress implements Progress {

  private final PrintStream out;
  private final Map<String, ProgressBar> bars = new HashMap<>();

  CliProgress(PrintStream out) {
    this.out = out;
  }

  @Override
  public void step(String line) {
    out.println(line);
  }

  @Override
  public void advance(String task, long done, long total) {
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
}

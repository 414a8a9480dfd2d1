package io.noemata.installer.steps;

/** Where an installation reports what it does; the CLI draws bars, tests stay quiet. */
public interface Progress {

  Progress QUIET = new Progress() {
    @Override
    public void step(String line) {}

    @Override
    public void advance(String task, long done, long total) {}
  };

  /** One step begins or ends, e.g. {@code install rollup logs_1m}. */
  void step(String line);

  /** Work measured in units: mutation parts or backfill chunks. */
  void advance(String task, long done, long total);
}

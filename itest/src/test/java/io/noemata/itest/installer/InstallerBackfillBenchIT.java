package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.installer.steps.InstallOptions;
import io.noemata.installer.steps.Progress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Benchmark, not a timed test: the backfill's rows per second against a bare
 * {@code INSERT ... SELECT ... GROUP BY} of the same rows into a table of the same shape, in the same
 * run. Prints the ratio (goal >= 0.5); asserts only that the rollup is right. The default run
 * fills 200,000 rows; {@code -Psoak} (or {@code -Dnoemata.bench.rows=N}) the 1,000,000 of the figure.
 */
class InstallerBackfillBenchIT {

  @TempDir Path dir;

  @Test
  void backfillThroughputAgainstABareInsertSelect() throws Exception {
    long rows = Long.getLong("noemata.bench.rows", 200_000);
    InstallerFixture fx = new InstallerFixture("it_bench", dir, rows);
    Path resources = fx.project.resolve("@frames/opentelemetry/views/otel.resources.json");
    Files.writeString(resources, """
        {"resources": {"logs_1m": {"rollup": {"table": "@opentelemetry/views/logs#logs", "grain": "1m",
          "dimensions": ["ServiceName", "SeverityText"], "measures": ["LogCount", "ErrorCount", "UniqTraces"],
          "retention": "30d"}}}}
        """);
    long[] backfill = new long[2];
    Progress timing = new Progress() {
      @Override
      public void step(String line) {
        if (line.startsWith("backfill logs_1m")) {
          backfill[0] = System.nanoTime();
        }
      }

      @Override
      public void advance(String task, long done, long total) {
        if (task.equals("backfill logs_1m") && done == total) {
          backfill[1] = System.nanoTime();
        }
      }
    };
    fx.publish(InstallOptions.defaults("bench", timing).withCutoverDelay(Duration.ZERO));
    String target = InstallerRetireIT.target(fx, "logs_1m");
    long source = fx.count("SELECT count() FROM " + fx.db + ".otel_logs");
    fx.execute("CREATE TABLE " + fx.db + ".bare AS " + fx.db + "." + target);
    long t0 = System.nanoTime();
    fx.execute("INSERT INTO " + fx.db + ".bare SELECT ServiceName, SeverityText, toStartOfMinute(Timestamp) AS bucket,"
        + " count() AS LogCount, countIf(SeverityNumber >= 17) AS ErrorCount, uniqState(TraceId) AS UniqTraces"
        + " FROM " + fx.db + ".otel_logs GROUP BY ServiceName, SeverityText, bucket");
    long bare = System.nanoTime() - t0;
    long filled = backfill[1] - backfill[0];
    double backfillRate = source / (filled / 1e9);
    double bareRate = source / (bare / 1e9);
    System.err.printf("noemata bench: %,d rows; backfill %.0f rows/s (%.2f s), bare INSERT SELECT %.0f rows/s (%.2f s);"
        + " ratio %.2f (goal >= 0.5)%n", source, backfillRate, filled / 1e9, bareRate, bare / 1e9, backfillRate / bareRate);
    assertTrue(filled > 0);
    InstallerFixture.assertSameRows(fx.logs1mRaw(), fx.logs1mRollup());
  }
}

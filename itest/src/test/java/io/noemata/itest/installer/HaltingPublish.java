package io.noemata.itest.installer;

import io.noemata.installer.steps.Checkpoints;
import io.noemata.installer.steps.InstallOptions;
import io.noemata.installer.steps.Progress;
import io.noemata.installer.steps.Publish;
import io.noemata.resources.parse.ProjectReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.Properties;

/**
 * The kill tests' child process: {@code publish} with the CLI's short test timings that halts at
 * one checkpoint as SIGKILL would (exit 137, no cleanup, the lock left behind). Arguments: the
 * checkpoint, the project, the JDBC URL; credentials from NOEMATA_CH_USER / NOEMATA_CH_PASSWORD.
 */
public final class HaltingPublish {

  private HaltingPublish() {}

  public static void main(String[] args) throws Exception {
    Checkpoints.Point at = Checkpoints.Point.valueOf(args[0]);
    Properties credentials = new Properties();
    credentials.setProperty("user", System.getenv().getOrDefault("NOEMATA_CH_USER", "default"));
    credentials.setProperty("password", System.getenv().getOrDefault("NOEMATA_CH_PASSWORD", ""));
    InstallOptions options = InstallOptions.defaults("kill-test", Progress.QUIET)
        .withCutoverDelay(Duration.ofSeconds(1)).withLockTtl(Duration.ofSeconds(3))
        .withCheckpoints(point -> {
          if (point == at) {
            System.out.flush();
            Runtime.getRuntime().halt(137);
          }
        });
    try (Connection c = DriverManager.getConnection(args[2], credentials)) {
      Publish.run(ProjectReader.read(Path.of(args[1])), c, options, false);
    }
    System.out.println("passed every checkpoint without halting at " + at);
    System.exit(0);
  }
}

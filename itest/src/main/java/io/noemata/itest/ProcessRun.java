package io.noemata.itest;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A child process started by a test, with its output collected and a bound on how long the test
 * waits for it: a probe that hangs must fail the test, not the build's time limit.
 */
public record ProcessRun(int exitCode, String stdout, String stderr) {

  /** The java launcher of this JVM. */
  public static String java() {
    return ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
  }

  /** The repository root (the itest module's parent folder). */
  public static Path repositoryRoot() {
    return Path.of(System.getProperty("user.dir")).toAbsolutePath().getParent();
  }

  /** The shaded CLI jar the reactor built before the integration tests. */
  public static Path cliJar() {
    return repositoryRoot().resolve("installer-cli/target/noemata-cli.jar");
  }

  /** The self-contained driver jar ({@code jdbc-bundle}) the reactor built before the integration tests. */
  public static Path bundleJar() throws IOException {
    Path target = repositoryRoot().resolve("jdbc-bundle/target");
    try (Stream<Path> files = Files.list(target)) {
      return files.filter(p -> p.getFileName().toString().matches("noemata-jdbc-.*-all\\.jar")).findFirst()
          .orElseThrow(() -> new AssertionError("no noemata-jdbc-*-all.jar in " + target + " (./mvnw verify builds it first)"));
    }
  }

  /** The agent jar the reactor built before the integration tests. */
  public static Path agentJar() {
    Path jar = repositoryRoot().resolve("agent/target/noemata-agent.jar");
    if (!Files.isRegularFile(jar)) {
      throw new AssertionError(jar + " is built by the reactor before the integration tests (./mvnw verify)");
    }
    return jar;
  }

  /** An unchanged application's class path: this JVM's (clickhouse-jdbc, HikariCP, the probes) without noemata's driver. */
  public static String applicationClassPath() {
    return java.util.Arrays.stream(System.getProperty("java.class.path").split(java.io.File.pathSeparator))
        .filter(entry -> !entry.contains("noemata-driver") && !entry.contains("noemata-rewriter")
            && !entry.contains("noemata-core") && !entry.contains("/driver/target/") && !entry.contains("/rewriter/target/")
            && !entry.contains("/core/target/"))
        .collect(java.util.stream.Collectors.joining(java.io.File.pathSeparator));
  }

  /**
   * The options of a child JVM a test starts (the CLI, a halting publish): the C1 compiler alone. A
   * child lives seconds and spends them starting up, where C2's compilations only take CPU from the
   * tests on two cores; what the child does is the same.
   */
  static final List<String> CHILD_JVM = List.of("--enable-native-access=ALL-UNNAMED", "-XX:TieredStopAtLevel=1");

  /** A java command line running {@code mainClass} on this JVM's class path. */
  public static List<String> javaMain(String mainClass, String... args) {
    List<String> cmd = new ArrayList<>(List.of(java()));
    cmd.addAll(CHILD_JVM);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
    cmd.addAll(List.of(args));
    return cmd;
  }

  /** A java command line running the CLI jar with {@code args}. */
  public static List<String> cli(String... args) {
    List<String> cmd = new ArrayList<>(List.of(java()));
    cmd.addAll(CHILD_JVM);
    cmd.addAll(List.of("-jar", cliJar().toString()));
    cmd.addAll(List.of(args));
    return cmd;
  }

  /** Runs {@code command} to its end, killing it and failing after {@code timeoutSeconds}. */
  public static ProcessRun run(List<String> command, Map<String, String> env, long timeoutSeconds) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(command);
    pb.environment().putAll(env);
    Process p = pb.start();
    p.getOutputStream().close();
    CompletableFuture<String> out = drain(p.getInputStream());
    CompletableFuture<String> err = drain(p.getErrorStream());
    if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      p.destroyForcibly().waitFor();
      throw new AssertionError("process did not finish in " + timeoutSeconds + " s (hung?): " + command
          + "\nstdout: " + out.join() + "\nstderr: " + err.join());
    }
    return new ProcessRun(p.exitValue(), out.join(), err.join());
  }

  /**
   * Reads {@code in} to its end on a thread of its own: the common pool may have a single worker on
   * two cores, and a child that fills one pipe while the other is drained would never finish.
   */
  static CompletableFuture<String> drain(InputStream in) {
    CompletableFuture<String> result = new CompletableFuture<>();
    Thread reader = new Thread(() -> {
      try (in) {
        result.complete(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      } catch (IOException e) {
        result.complete("<unreadable: " + e + ">");
      }
    }, "process-output");
    reader.setDaemon(true);
    reader.start();
    return result;
  }

  /** The non-empty lines of stderr. */
  public List<String> stderrLines() {
    return stderr.lines().filter(l -> !l.isBlank()).toList();
  }
}

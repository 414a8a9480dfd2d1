package io.noemata.cli.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * A front (the proxy, or the byte relay it is measured against) in a JVM of its own, started from
 * this JVM's class path with the flags it is deployed with: {@value #HEAP_MB} MiB of heap and of
 * direct memory, and native access enabled as {@code ./noemata} and the CLI jar's manifest enable it
 * (without it Netty on Java 22+ frees each buffer through a shared-arena handshake with every thread,
 * eight per 100,000-row answer, which a deployed proxy never pays). Ready when it prints {@code ready URL}.
 */
record OwnJvm(Process process, Path stderr, String url) implements AutoCloseable {

  static final int HEAP_MB = 64;

  static OwnJvm start(String mainClass, String... args) throws Exception {
    String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    Path err = Files.createTempFile("noemata-bench-front", ".err");
    List<String> command = new ArrayList<>(List.of(java, "-Xmx" + HEAP_MB + "m", "-XX:MaxDirectMemorySize=" + HEAP_MB + "m",
        "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"), mainClass));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectError(err.toFile()).start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    String line = CompletableFuture.supplyAsync(() -> {
      try {
        return out.readLine();
      } catch (IOException e) {
        return null;
      }
    }).get(120, TimeUnit.SECONDS);
    if (line == null || !line.startsWith("ready ")) {
      p.destroyForcibly();
      throw new IllegalStateException(mainClass + " did not start: " + line + " " + Files.readString(err));
    }
    return new OwnJvm(p, err, line.substring("ready ".length()));
  }

  /** Stops it with SIGTERM and returns what it wrote to stderr. */
  String stop() throws Exception {
    process.destroy();
    if (!process.waitFor(60, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new IllegalStateException("the front did not stop within 60 s of SIGTERM");
    }
    return Files.readString(stderr);
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      process.destroyForcibly();
    }
  }
}

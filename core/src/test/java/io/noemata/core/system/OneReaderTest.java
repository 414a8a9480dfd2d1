package io.noemata.core.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * "One class family reads system.columns/system.tables for all modules": no main code outside
 * {@code core/system} names one of the installed-object system tables in its SQL, nor
 * {@code system.databases} / {@code system.clusters} (where the installer's statements run).
 */
class OneReaderTest {

  /** A system table of installed objects in SQL text: after FROM, a comma or a parenthesis, or opening a string. */
  private static final Pattern READS = Pattern.compile(
      "(?i)(\\bFROM\\s+|\"|[(,]\\s*)system\\.(tables|columns|data_skipping_indices|projections)\\b(?!/)"
          // where statements run: read after FROM or opening a string (prose names them in parentheses)
          + "|(\\bFROM\\s+|\")system\\.(databases|clusters)\\b");

  static boolean reads(String line) {
    String code = line.strip();
    return !code.startsWith("*") && !code.startsWith("//") && !code.startsWith("/*") && READS.matcher(code).find();
  }

  @Test
  void theDetectorSeesSqlNotProse() {
    assertTrue(reads("String sql = \"SELECT name FROM system.tables WHERE database = 'otel'\";"));
    assertTrue(reads("query(c, everyServer(p, \"system.columns\", \"table, name\"));"));
    assertTrue(reads("\"SELECT count() FROM clusterAllReplicas('c', system.projections)\""));
    assertTrue(reads("\"SELECT name FROM system.databases WHERE engine = 'Replicated'\""));
    assertTrue(reads("+ \" FROM system.clusters WHERE cluster = \" + name"));
    assertEquals(false, reads("+ \" the server: system.clusters has no such cluster; name one\""));
    assertEquals(false, reads("\"a cluster of the server's remote_servers (system.clusters), such as\""));
    assertEquals(false, reads(" * reads {@code system.tables} and {@code system.columns}"));
    assertEquals(false, reads("throw new CatalogException(\"cannot read system.tables/system.columns for \" + name);"));
  }

  @Test
  void onlyCoreSystemReadsWhatTheServerHasInstalled() throws IOException {
    Path root = Path.of("").toAbsolutePath().getParent();
    List<String> found = new java.util.ArrayList<>();
    try (Stream<Path> modules = Files.list(root)) {
      for (Path main : modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory).toList()) {
        try (Stream<Path> walk = Files.walk(main)) {
          walk.filter(p -> p.toString().endsWith(".java") && !p.toString().contains("/io/noemata/core/system/"))
              .forEach(p -> lines(p).stream().filter(OneReaderTest::reads)
                  .forEach(l -> found.add(root.relativize(p) + ": " + l.strip())));
        }
      }
    }
    assertEquals(List.of(), found, "read them with io.noemata.core.system.SystemTables");
  }

  private static List<String> lines(Path p) {
    try {
      return Files.readAllLines(p);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}

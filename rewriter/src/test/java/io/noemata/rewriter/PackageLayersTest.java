package io.noemata.rewriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The rewriter's packages import only those below them (docs/architecture.md, the query path):
 * a maintainer finds a check in {@code checks}, and a check never reaches up into the rule that
 * calls it. Read from the sources, so a new import that breaks the layering fails here.
 */
class PackageLayersTest {

  private static final Path SOURCES = Path.of(System.getProperty("noemata.root", ".."))
      .resolve("rewriter/src/main/java/io/noemata/rewriter").normalize();

  /** Each package and the rewriter packages it may import; the root package ({@code Rewriter}) may import all. */
  private static final Map<String, Set<String>> MAY_IMPORT = Map.of(
      "provenance", Set.of(),
      "syntax", Set.of(),
      "time", Set.of("syntax"),
      "cost", Set.of("time"),
      "checks", Set.of("syntax", "time", "provenance"),
      "union", Set.of("syntax", "time", "checks", "provenance"),
      "rules", Set.of("syntax", "time", "checks", "union", "cost", "provenance"));

  private static final Pattern IMPORT = Pattern.compile("^import (?:static )?io\\.noemata\\.rewriter\\.([a-z]+|[A-Z]\\w*)",
      Pattern.MULTILINE);

  @Test
  void everyPackageImportsOnlyThePackagesBelowIt() throws IOException {
    List<String> upward = new ArrayList<>();
    Set<String> packages = new TreeSet<>();
    try (Stream<Path> dirs = Files.list(SOURCES)) {
      for (Path dir : dirs.filter(Files::isDirectory).toList()) {
        String pkg = dir.getFileName().toString();
        packages.add(pkg);
        try (Stream<Path> files = Files.list(dir)) {
          for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
            Matcher m = IMPORT.matcher(Files.readString(file));
            while (m.find()) {
              String imported = Character.isUpperCase(m.group(1).charAt(0)) ? "(root)" : m.group(1);
              if (!imported.equals(pkg) && !MAY_IMPORT.getOrDefault(pkg, Set.of()).contains(imported)) {
                upward.add(pkg + "/" + file.getFileName() + " imports " + imported);
              }
            }
          }
        }
      }
    }
    assertEquals(new TreeSet<>(MAY_IMPORT.keySet()), packages, "a new package needs its place in the layers");
    assertTrue(upward.isEmpty(), String.join("\n", upward));
  }
}

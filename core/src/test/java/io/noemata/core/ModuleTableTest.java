package io.noemata.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * "README's module table matches the folders": one row per module of the build, and every package
 * folder a row names ({@code core/naming}, {@code rewriter/provenance}, ...) exists.
 */
class ModuleTableTest {

  private static final Path ROOT = Path.of("").toAbsolutePath().getParent();

  /** The rows of the table under {@code | module | what it does | Java |}. */
  static List<String> rows(List<String> readme) {
    List<String> out = new ArrayList<>();
    int start = readme.indexOf("| module | what it does | Java |");
    assertTrue(start >= 0, "README has the module table");
    for (int i = start + 2; i < readme.size() && readme.get(i).startsWith("|"); i++) {
      out.add(readme.get(i));
    }
    return out;
  }

  @Test
  void everyModuleHasOneRowAndEveryNamedFolderExists() throws IOException {
    List<String> rows = rows(Files.readAllLines(ROOT.resolve("README.md")));
    Set<String> modules = new TreeSet<>();
    Matcher m = Pattern.compile("<module>([^<]+)</module>").matcher(Files.readString(ROOT.resolve("pom.xml")));
    while (m.find()) {
      modules.add(m.group(1));
    }
    Set<String> named = new TreeSet<>();
    List<String> missing = new ArrayList<>();
    Pattern folder = Pattern.compile("`([a-z-]+)/([a-z]+)`");
    for (String row : rows) {
      named.add(row.substring(3, row.indexOf('`', 3)));
      Matcher f = folder.matcher(row);
      while (f.find()) {
        Path dir = ROOT.resolve(f.group(1)).resolve("src/main/java/io/noemata").resolve(f.group(1)).resolve(f.group(2));
        if (modules.contains(f.group(1)) && !Files.isDirectory(dir)) {
          missing.add(f.group());
        }
      }
    }
    assertEquals(modules, named, "one row per <module> of pom.xml");
    assertEquals(List.of(), missing, "folders the table names");
  }
}

package io.noemata.core.corpus;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads the shared corpora (../shared/corpus from the project root) into labelled statements. */
public final class Corpus {

  /** One statement: its id, its label ({@code rollup}, {@code column}, {@code passthrough}, or the title), its text. */
  public record Entry(String id, String label, String notes, String sql) {}

  private Corpus() {}

  public static Path directory() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("shared").resolve("corpus");
      if (Files.isDirectory(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException("shared/corpus not found above " + Path.of("").toAbsolutePath());
  }

  /** queries_shared.sql: "-- id: x | tool-shape: .. | expect: y", note lines, then lines up to one ending in ';'. */
  public static List<Entry> shared() {
    List<String> lines = read("queries_shared.sql");
    List<Entry> out = new ArrayList<>();
    int i = 0;
    while (i < lines.size()) {
      String line = lines.get(i);
      if (!line.startsWith("-- id: ")) {
        i++;
        continue;
      }
      String id = line.substring(7, line.indexOf('|')).strip();
      String label = line.substring(line.indexOf("expect:") + 7).strip();
      StringBuilder notes = new StringBuilder();
      i++;
      while (lines.get(i).startsWith("-- note:") || lines.get(i).startsWith("-- params:")) {
        notes.append(lines.get(i)).append('\n');
        i++;
      }
      StringBuilder sql = new StringBuilder();
      while (true) {
        String l = lines.get(i++);
        sql.append(l);
        if (l.stripTrailing().endsWith(";")) {
          break;
        }
        sql.append('\n');
      }
      out.add(new Entry(id, label, notes.toString(), sql.toString()));
    }
    return out;
  }

  /** parse_corpus.txt: "#### qNN title" followed by the statement's lines. */
  public static List<Entry> parseCorpus() {
    List<Entry> out = new ArrayList<>();
    String id = null;
    String title = null;
    StringBuilder sql = new StringBuilder();
    for (String line : read("parse_corpus.txt")) {
      if (line.startsWith("#### ")) {
        if (id != null) {
          out.add(new Entry(id, title, "", sql.toString().stripTrailing()));
        }
        String head = line.substring(5);
        int space = head.indexOf(' ');
        id = head.substring(0, space);
        title = head.substring(space + 1);
        sql.setLength(0);
      } else {
        sql.append(line).append('\n');
      }
    }
    if (id != null) {
      out.add(new Entry(id, title, "", sql.toString().stripTrailing()));
    }
    return out;
  }

  public static Optional<Entry> byId(List<Entry> entries, String id) {
    return entries.stream().filter(e -> e.id().equals(id)).findFirst();
  }

  private static List<String> read(String name) {
    try {
      return Files.readAllLines(directory().resolve(name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

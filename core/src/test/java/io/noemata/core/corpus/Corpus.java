package io.noemata.core.corpus;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The repository's corpora ({@code corpus/} at its root, on the test class path of core's test jar
 * as {@code io/noemata/core/corpus/}) read into labelled statements: the labelled queries
 * ({@code queries.sql}) and the parse corpus ({@code parse.sql}). Their format and labels are in
 * {@code corpus/README.md}.
 *
 * <p>An outside corpus in the same format may be added with {@code -Dnoemata.corpus.extra=FILE}:
 * {@link #everyQuery()} then holds its statements too. It is an extra, never required; tests that
 * count statements count {@link #queries()} alone.
 */
public final class Corpus {

  /** The system property naming an extra labelled corpus file. */
  public static final String EXTRA = "noemata.corpus.extra";

  private static final String ROOT = "/io/noemata/core/corpus/";

  /**
   * One statement: its id, its label ({@code rollup}, {@code column}, {@code passthrough}; for the
   * parse corpus its title), its note and params lines, and its text up to and with the {@code ;}
   * that ends it (the parse corpus's statements as written, without one).
   */
  public record Entry(String id, String label, String notes, String sql) {

    /** The values of its {@code -- params:} line, as a client binds them: without their quotes. */
    public List<String> params() {
      List<String> out = new ArrayList<>();
      for (String line : notes.split("\n")) {
        if (line.startsWith("-- params:")) {
          for (String p : line.substring("-- params:".length()).split(",")) {
            out.add(p.strip().replaceAll("^'|'$", ""));
          }
        }
      }
      return List.copyOf(out);
    }

    /** The text without the {@code ;} that ends it, as a JDBC client sends it. */
    public String statement() {
      String s = sql.stripTrailing();
      return s.endsWith(";") ? s.substring(0, s.length() - 1) : sql;
    }
  }

  private Corpus() {}

  /** {@code queries.sql}: the repository's labelled queries. */
  public static List<Entry> queries() {
    return labelled(resource("queries.sql"));
  }

  /** The statements of the file {@code -Dnoemata.corpus.extra} names; none without it. */
  public static List<Entry> extra() {
    String file = System.getProperty(EXTRA, "");
    if (file.isBlank()) {
      return List.of();
    }
    try {
      return labelled(Files.readAllLines(Path.of(file)));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the extra corpus " + file + " (-D" + EXTRA + ")", e);
    }
  }

  /** {@link #queries()} and then {@link #extra()}. */
  public static List<Entry> everyQuery() {
    List<Entry> out = new ArrayList<>(queries());
    out.addAll(extra());
    return out;
  }

  /**
   * The statements of a labelled corpus file: {@code -- id: x | tool-shape: .. | expect: y}, then
   * {@code -- note:} and {@code -- params:} lines, then the lines up to one ending in {@code ;}.
   * Everything else (the header, blank lines) is commentary.
   */
  public static List<Entry> labelled(List<String> lines) {
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

  /** {@code parse.sql}: {@code -- #### qNN title} followed by the statement's lines. */
  public static List<Entry> parseCorpus() {
    List<Entry> out = new ArrayList<>();
    String id = null;
    String title = null;
    StringBuilder sql = new StringBuilder();
    for (String line : resource("parse.sql")) {
      if (line.startsWith("-- #### ")) {
        if (id != null) {
          out.add(new Entry(id, title, "", sql.toString().stripTrailing()));
        }
        String head = line.substring(8);
        int space = head.indexOf(' ');
        id = head.substring(0, space);
        title = head.substring(space + 1);
        sql.setLength(0);
      } else if (id != null) {
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

  private static List<String> resource(String name) {
    try (InputStream in = Corpus.class.getResourceAsStream(ROOT + name)) {
      if (in == null) {
        throw new IllegalStateException("corpus/" + name + " is not on the test class path as " + ROOT + name
            + " (core's pom.xml copies the repository's corpus/ there)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

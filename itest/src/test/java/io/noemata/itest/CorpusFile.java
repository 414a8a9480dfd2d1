package io.noemata.itest;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The statements of a corpus file (shared/corpus/queries_shared.sql, or one in its format) with their id, label and bound values. */
public final class CorpusFile {

  public record Query(String id, String expect, List<String> params, String sql) {}

  private CorpusFile() {}

  public static List<Query> queries(Path shared) {
    return read(shared.resolve("corpus/queries_shared.sql"));
  }

  /** The statements of a corpus file in the shared corpus's format. */
  public static List<Query> read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<Query> out = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i);
      if (!line.startsWith("-- id: ")) {
        continue;
      }
      String id = line.substring(7, line.indexOf('|')).strip();
      String expect = line.substring(line.indexOf("expect:") + 7).strip();
      List<String> params = new ArrayList<>();
      i++;
      while (lines.get(i).startsWith("-- note:") || lines.get(i).startsWith("-- params:")) {
        if (lines.get(i).startsWith("-- params:")) {
          for (String p : lines.get(i).substring(10).split(",")) {
            params.add(p.strip().replaceAll("^'|'$", ""));
          }
        }
        i++;
      }
      StringBuilder sql = new StringBuilder();
      while (true) {
        String l = lines.get(i);
        if (l.stripTrailing().endsWith(";")) {
          sql.append(l, 0, l.lastIndexOf(';'));
          break;
        }
        sql.append(l).append('\n');
        i++;
      }
      out.add(new Query(id, expect, List.copyOf(params), sql.toString()));
    }
    return out;
  }
}

package io.noemata.itest;

import io.noemata.core.corpus.Corpus;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Labelled corpus statements as these tests run them: id, label, bound values and the text without
 * its closing {@code ;}. The repository's corpus ({@code corpus/queries.sql}, read by core's
 * {@link Corpus}) or any file in its format, such as {@code src/test/resources/corpus/clients.sql}.
 */
public final class CorpusFile {

  public record Query(String id, String expect, List<String> params, String sql) {}

  private CorpusFile() {}

  /** {@code corpus/queries.sql}, and the extra corpus {@code -Dnoemata.corpus.extra} names, if any. */
  public static List<Query> queries() {
    return of(Corpus.everyQuery());
  }

  /** The statements of a corpus file in the format of {@code corpus/queries.sql}. */
  public static List<Query> read(Path file) {
    try {
      return of(Corpus.labelled(Files.readAllLines(file)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Query> of(List<Corpus.Entry> entries) {
    return entries.stream().map(e -> new Query(e.id(), e.label(), e.params(), e.statement())).toList();
  }
}

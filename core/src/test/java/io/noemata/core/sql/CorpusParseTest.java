package io.noemata.core.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.corpus.Corpus;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every corpus statement parses with exact spans, or is refused; the counts are asserted. */
class CorpusParseTest {

  /** parse_corpus.txt statements that are not one SELECT, so must be refused. */
  private static final Set<String> NOT_A_SELECT = Set.of("q39", "q41", "q42", "q43", "q44", "q45");

  @Test
  void everySharedQueryParsesWithExactSpans() {
    List<Corpus.Entry> entries = Corpus.shared();
    assertEquals(50, entries.size());
    List<String> refused = new ArrayList<>();
    int nodes = 0;
    for (Corpus.Entry e : entries) {
      ParseResult<Statement> r = SqlParser.parse(e.sql());
      if (!r.understood()) {
        refused.add(e.id() + ": " + r.refusal());
        continue;
      }
      nodes += SpanChecks.check(e.sql(), r.node());
    }
    System.out.printf("queries_shared.sql: %d of %d parsed (%d nodes checked), refused %s%n",
        entries.size() - refused.size(), entries.size(), nodes, refused);
    assertEquals(List.of(), refused, "all 50 shared queries are SELECTs and must parse");
  }

  @Test
  void parseCorpusParsesEverySelectAndRefusesTheRest() {
    List<Corpus.Entry> entries = Corpus.parseCorpus();
    assertEquals(56, entries.size());
    List<String> refused = new ArrayList<>();
    int parsed = 0;
    for (Corpus.Entry e : entries) {
      ParseResult<Statement> r = SqlParser.parse(e.sql());
      if (r.understood()) {
        SpanChecks.check(e.sql(), r.node());
        parsed++;
      } else {
        refused.add(e.id());
        assertTrue(r.refusalOffset() >= 0 && r.refusalOffset() <= e.sql().length());
      }
    }
    System.out.printf("parse_corpus.txt: %d of %d parsed, refused %s%n", parsed, entries.size(), refused);
    assertEquals(NOT_A_SELECT, Set.copyOf(refused));
  }
}

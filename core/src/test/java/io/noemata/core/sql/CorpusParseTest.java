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

  /** parse.sql statements that are not one SELECT, so must be refused. */
  private static final Set<String> NOT_A_SELECT = Set.of("q38", "q41", "q42", "q43", "q44", "q45");

  @Test
  void everyLabelledQueryParsesWithExactSpans() {
    assertEquals(50, Corpus.queries().size());
    List<Corpus.Entry> entries = Corpus.everyQuery();
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
    System.out.printf("labelled queries: %d of %d parsed (%d nodes checked), refused %s%n",
        entries.size() - refused.size(), entries.size(), nodes, refused);
    assertEquals(List.of(), refused, "every labelled query is a SELECT and must parse");
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
    System.out.printf("parse.sql: %d of %d parsed, refused %s%n", parsed, entries.size(), refused);
    assertEquals(NOT_A_SELECT, Set.copyOf(refused));
  }
}

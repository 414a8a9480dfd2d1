package io.noemata.core.sql;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.noemata.core.corpus.Corpus;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Damaged corpus text is refused or parsed, never an exception: the driver must always get an answer. */
class RobustnessTest {

  @Test
  void everyTruncationAndTokenDeletionOfTheCorpusIsAnsweredWithoutThrowing() {
    List<Corpus.Entry> all = new ArrayList<>(Corpus.queries());
    all.addAll(Corpus.parseCorpus());
    Random random = new Random(42);
    int tried = 0;
    int understood = 0;
    for (Corpus.Entry e : all) {
      List<Token> tokens = Lexer.tokenize(e.sql());
      for (Token t : tokens) {
        understood += answer(e.sql().substring(0, t.end())) ? 1 : 0;
        tried++;
      }
      for (int i = 0; i < 20; i++) {
        Token cut = tokens.get(random.nextInt(tokens.size()));
        understood += answer(e.sql().substring(0, cut.start()) + e.sql().substring(cut.end())) ? 1 : 0;
        tried++;
      }
    }
    System.out.printf("damaged statements: %d tried, %d still understood%n", tried, understood);
  }

  private static boolean answer(String sql) {
    ParseResult<Statement> r = SqlParser.parse(sql);
    assertNotNull(r);
    if (r.understood()) {
      SpanChecks.check(sql, r.node());
    }
    return r.understood();
  }
}

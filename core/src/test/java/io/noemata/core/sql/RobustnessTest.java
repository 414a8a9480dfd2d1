package io.noemata.core.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.corpus.Corpus;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Damaged corpus text is refused or parsed, never an exception: the driver must always get an
 * answer. And it is refused where a user would: text that leaves a bracket open is no statement.
 */
class RobustnessTest {

  private static final int DELETIONS = 20;
  /**
   * The damaged statements the two corpora give (every prefix plus {@link #DELETIONS} seeded
   * deletions of each statement), and how many of them the parser understood when this was last
   * set: a parser that understands fewer is a regression. Both are this corpus's counts; a change
   * to queries.sql or parse.sql (or to the seed) changes both, and both are then set from the
   * test's printed line.
   */
  private static final int DAMAGED = 9285;
  private static final int UNDERSTOOD_FLOOR = 3093;

  @Test
  void everyTruncationAndTokenDeletionOfTheCorpusIsAnsweredWithoutThrowing() {
    List<Corpus.Entry> all = new ArrayList<>(Corpus.queries());
    all.addAll(Corpus.parseCorpus());
    Random random = new Random(42);
    int expected = 0;
    int tried = 0;
    int understood = 0;
    int unbalanced = 0;
    int unbalancedUnderstood = 0;
    for (Corpus.Entry e : all) {
      List<Token> tokens = Lexer.tokenize(e.sql());
      expected += tokens.size() + DELETIONS;
      List<String> damaged = new ArrayList<>();
      for (Token t : tokens) {
        damaged.add(e.sql().substring(0, t.end()));
      }
      for (int i = 0; i < DELETIONS; i++) {
        Token cut = tokens.get(random.nextInt(tokens.size()));
        damaged.add(e.sql().substring(0, cut.start()) + e.sql().substring(cut.end()));
      }
      for (String sql : damaged) {
        boolean ok = answer(sql);
        tried++;
        understood += ok ? 1 : 0;
        if (bracketDepth(sql) != 0) {
          unbalanced++;
          unbalancedUnderstood += ok ? 1 : 0;
        }
      }
    }
    System.out.printf("damaged statements: %d tried, %d still understood, %d with a bracket open or extra%n",
        tried, understood, unbalanced);
    assertEquals(expected, tried, "every prefix and deletion of every statement of both corpora");
    assertEquals(DAMAGED, tried, "the corpora changed: set DAMAGED and UNDERSTOOD_FLOOR from the printed line");
    assertTrue(unbalanced > tried / 10, "the damage opens brackets often: " + unbalanced);
    assertEquals(0, unbalancedUnderstood, "text with an unmatched bracket is never understood");
    // whole statements and many harmless cuts (a dropped LIMIT, ORDER BY) still parse; most do not
    assertTrue(understood >= UNDERSTOOD_FLOOR, "understood " + understood + " of " + tried + ", fewer than "
        + UNDERSTOOD_FLOOR + " of " + DAMAGED + " before");
    assertTrue(understood < tried / 2, "most damage leaves no statement: " + understood + " of " + tried);
  }

  /** Opening minus closing parentheses and square brackets, outside strings and comments. */
  private static int bracketDepth(String sql) {
    int depth = 0;
    for (Token t : Lexer.tokenize(sql)) {
      if (t.isSymbol("(") || t.isSymbol("[")) {
        depth++;
      } else if (t.isSymbol(")") || t.isSymbol("]")) {
        depth--;
      }
    }
    return depth;
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

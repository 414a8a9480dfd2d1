package io.noemata.rewriter.rules;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Lexer;
import io.noemata.core.sql.Query;
import io.noemata.core.sql.Token;
import io.noemata.core.sql.TokenKind;
import io.noemata.rewriter.syntax.Edit;
import java.util.List;

/** A PREWHERE is a WHERE for a level that reads its table alone: it only filters the same rows earlier. */
final class PrewhereAsWhere {

  private PrewhereAsWhere() {}

  /**
   * The level's PREWHERE as a WHERE: the rollup's view (or the union over it) takes no PREWHERE,
   * and both filter the same rows. With a WHERE too, {@code PREWHERE a WHERE b} becomes {@code
   * WHERE (a) AND (b)}.
   */
  static List<Edit> edits(String sql, Query.Select select) {
    Expr pre = select.prewhere();
    if (pre == null) {
      return List.of();
    }
    Token keyword = word(sql, select.from().end(), pre.start(), "PREWHERE");
    Expr where = select.where();
    if (where == null) {
      return List.of(new Edit(keyword.start(), keyword.end(), "WHERE"));
    }
    Token and = word(sql, pre.end(), where.start(), "WHERE");
    return List.of(new Edit(keyword.start(), keyword.end(), "WHERE ("), new Edit(pre.end(), pre.end(), ")"),
        new Edit(and.start(), and.end(), "AND ("), new Edit(where.end(), where.end(), ")"));
  }

  /** The keyword {@code word} between {@code from} and {@code to}, with absolute offsets. */
  private static Token word(String sql, int from, int to, String word) {
    for (Token t : Lexer.significant(sql.substring(from, to))) {
      if (t.kind() == TokenKind.WORD && t.text().equalsIgnoreCase(word)) {
        return new Token(t.kind(), from + t.start(), from + t.end(), t.text());
      }
    }
    throw new IllegalStateException("no " + word + " between " + from + " and " + to); // a bug, never a skip
  }
}

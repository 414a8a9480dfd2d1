package io.noemata.core.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;

/**
 * Checks that every node's span is exactly its source text: spans nest and do not overlap, leaves
 * equal their token, and every expression or query sliced out of the text parses again to the same
 * tree. Returns the number of nodes checked.
 */
final class SpanChecks {

  private SpanChecks() {}

  static int check(String sql, Node node) {
    assertTrue(node.start() >= 0 && node.start() <= node.end() && node.end() <= sql.length(),
        () -> "span out of text: " + node);
    String slice = sql.substring(node.start(), node.end());
    assertEquals(slice, slice.strip(), () -> "span has surrounding blanks: [" + slice + "]");
    int count = 1;
    int previousEnd = node.start();
    for (Node child : node.children()) {
      assertTrue(child.start() >= previousEnd && child.end() <= node.end(),
          () -> "child " + child.getClass().getSimpleName() + " outside or overlapping in " + slice);
      previousEnd = child.end();
      count += check(sql, child);
    }
    if (node instanceof Expr.Literal l) {
      assertEquals(l.text(), slice);
    } else if (node instanceof Expr.Parameter p) {
      assertEquals(p.text(), slice);
    } else if (node instanceof Expr.Identifier id) {
      assertEquals(id.parts(), names(slice));
    }
    if (node instanceof Expr.Aliased a) {
      Token alias = Lexer.significant(sql.substring(a.aliasStart(), a.aliasEnd())).get(0);
      assertEquals(a.alias(), alias.identifier());
      if (hasAs(sql.substring(a.expr().end(), a.aliasStart()))) {
        reparseExpression(slice, a);
      }
    } else if (node instanceof Expr e) {
      reparseExpression(slice, e);
    } else if (node instanceof Query q) {
      ParseResult<Statement> again = SqlParser.parse(slice);
      assertTrue(again.understood(), () -> "query slice not understood: " + slice + ": " + again.refusal());
      assertEquals(Shapes.of(q), Shapes.of(again.node().query()), () -> "query slice differs: " + slice);
    }
    return count;
  }

  private static void reparseExpression(String slice, Expr e) {
    ParseResult<Expr> again = SqlParser.parseExpression(slice);
    assertTrue(again.understood(), () -> "expression slice not understood: " + slice + ": " + again.refusal());
    assertEquals(Shapes.of(e), Shapes.of(again.node()), () -> "expression slice differs: " + slice);
  }

  private static boolean hasAs(String between) {
    return Lexer.significant(between).stream().anyMatch(t -> t.isWord("AS"));
  }

  private static List<String> names(String slice) {
    return Lexer.significant(slice).stream()
        .filter(t -> t.kind() == TokenKind.WORD || t.kind() == TokenKind.QUOTED_IDENTIFIER)
        .map(Token::identifier)
        .toList();
  }

  static String lower(String s) {
    return s.toLowerCase(Locale.ROOT);
  }
}

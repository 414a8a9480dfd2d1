package io.noemata.driver.catalog;

import io.noemata.core.sql.Lexer;
import io.noemata.core.sql.Token;
import java.util.ArrayList;
import java.util.List;

/**
 * The columns a projection stores, from {@code system.projections.query} (e.g.
 * {@code SELECT a, b ORDER BY b}): the plain column names of its select list, or null for
 * {@code SELECT *}. Expression items store no column a query could name, so they are left out.
 */
final class ProjectionColumns {

  private ProjectionColumns() {}

  static List<String> of(String query) {
    List<Token> tokens = Lexer.significant(query == null ? "" : query);
    List<String> out = new ArrayList<>();
    int i = 0;
    while (i < tokens.size() && !tokens.get(i).isWord("SELECT")) {
      i++;
    }
    i++;
    int depth = 0;
    List<Token> item = new ArrayList<>();
    for (; i <= tokens.size(); i++) {
      Token t = i < tokens.size() ? tokens.get(i) : null;
      boolean end = t == null || depth == 0 && (t.isWord("ORDER") || t.isWord("GROUP") || t.isSymbol(","));
      if (end) {
        if (item.size() == 1 && item.get(0).isSymbol("*")) {
          return null;
        }
        if (item.size() == 1 && item.get(0).identifier() != null) {
          out.add(item.get(0).identifier());
        }
        item.clear();
        if (t == null || !t.isSymbol(",")) {
          break;
        }
        continue;
      }
      if (t.isSymbol("(") || t.isSymbol("[")) {
        depth++;
      } else if (t.isSymbol(")") || t.isSymbol("]")) {
        depth--;
      }
      item.add(t);
    }
    return out;
  }
}

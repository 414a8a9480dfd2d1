package io.noemata.embedded;

import java.util.List;

import io.noemata.core.sql.Lexer;
import io.noemata.core.sql.Token;

/** Finds a query's own {@code FORMAT <name>} clause, which wins over the format a client asks for. */
public final class OutputFormat {

  private OutputFormat() {}

  /**
   * The format named by a top-level {@code FORMAT <name>} that ends the statement (optionally
   * followed by SETTINGS or ';'), or null. INSERT statements name their input format, not an output one.
   */
  public static String explicit(String sql) {
    List<Token> tokens = Lexer.significant(sql);
    if (tokens.isEmpty() || tokens.get(0).isWord("INSERT")) {
      return null;
    }
    int depth = 0;
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (t.isSymbol("(")) {
        depth++;
      } else if (t.isSymbol(")")) {
        depth--;
      } else if (depth == 0 && t.isWord("FORMAT") && i + 1 < tokens.size() && tokens.get(i + 1).identifier() != null) {
        boolean ends = i + 2 == tokens.size() || tokens.get(i + 2).isWord("SETTINGS") || tokens.get(i + 2).isSymbol(";");
        if (ends) {
          return tokens.get(i + 1).identifier();
        }
      }
    }
    return null;
  }
}

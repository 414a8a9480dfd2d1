package io.noemata.embedded;

import java.util.List;

import io.noemata.core.sql.Lexer;
import io.noemata.core.sql.Literals;
import io.noemata.core.sql.Token;

/**
 * {@code INSERT INTO t [(cols)] ... FORMAT <name>} with where its FORMAT clause starts, so that
 * {@code FROM INFILE '<file>'} can be spliced in before it, and where inline data (if the text
 * carries any) begins.
 */
public record InsertStatement(String sql, int formatStart, String format, int dataStart) {

  /**
   * Reads the statement at the start of {@code text}; null when it is not an INSERT with a FORMAT
   * clause (VALUES inserts and other statements are run as they are). Only a prefix is lexed: the
   * data after the format name may be binary.
   */
  public static InsertStatement parse(String text) {
    String head = text.length() > 65536 ? text.substring(0, 65536) : text;
    List<Token> tokens = Lexer.tokenize(head);
    int i = nextSignificant(tokens, 0);
    if (i < 0 || !tokens.get(i).isWord("INSERT")) {
      return null;
    }
    int depth = 0;
    for (i = i + 1; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (t.isSymbol("(")) {
        depth++;
      } else if (t.isSymbol(")")) {
        depth--;
      } else if (depth == 0 && (t.isWord("VALUES") || t.isWord("SELECT") || t.isWord("WITH"))) {
        return null;
      } else if (depth == 0 && t.isWord("FORMAT")) {
        int n = nextSignificant(tokens, i + 1);
        if (n < 0 || tokens.get(n).identifier() == null) {
          return null;
        }
        Token name = tokens.get(n);
        if (name.isWord("Values")) {
          return null;
        }
        return new InsertStatement(text.substring(0, name.end()), t.start(), name.identifier(), dataStart(text, name.end()));
      }
    }
    return null;
  }

  /** The statement reading its rows from {@code file} instead of the request body. */
  public String fromInfile(String file) {
    return sql.substring(0, formatStart) + "FROM INFILE " + Literals.string(file) + " " + sql.substring(formatStart);
  }

  /** Data follows the format name after spaces and at most one line break. */
  private static int dataStart(String text, int afterName) {
    int p = afterName;
    while (p < text.length() && (text.charAt(p) == ' ' || text.charAt(p) == '\t')) {
      p++;
    }
    if (p < text.length() && text.charAt(p) == '\r') {
      p++;
    }
    if (p < text.length() && text.charAt(p) == '\n') {
      p++;
    }
    return p;
  }

  private static int nextSignificant(List<Token> tokens, int from) {
    for (int i = from; i < tokens.size(); i++) {
      if (!tokens.get(i).isTrivia()) {
        return i;
      }
    }
    return -1;
  }
}

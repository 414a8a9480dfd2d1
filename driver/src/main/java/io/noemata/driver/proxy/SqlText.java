package io.noemata.driver.proxy;

import io.noemata.core.sql.Lexer;
import io.noemata.core.sql.Token;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The few facts the proxy reads from statement text before (or instead of) the rewriter: the
 * leading keyword and the per-query off switch. Cheap on purpose: it runs for every statement.
 * Public for the HTTP proxy (module {@code proxy}), which reads the same facts from a request.
 */
public final class SqlText {

  // DELETE and UPDATE (lightweight) make their table one that rewrites rows: its rollups are no longer read
  private static final Set<String> DDL = Set.of("CREATE", "ALTER", "DROP", "RENAME", "EXCHANGE", "ATTACH",
      "DETACH", "UNDROP", "GRANT", "REVOKE", "DELETE", "UPDATE");
  private static final Pattern OFF = Pattern.compile("/\\*\\s*noemata:off\\s*\\*/");

  private SqlText() {}

  /** The first keyword, upper case, skipping whitespace, comments and opening parentheses; "" if none. */
  public static String firstWord(String sql) {
    int i = 0;
    int n = sql.length();
    while (i < n) {
      char c = sql.charAt(i);
      if (Character.isWhitespace(c) || c == '(') {
        i++;
      } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-' || c == '#') {
        while (i < n && sql.charAt(i) != '\n') {
          i++;
        }
      } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
        i = endOfBlockComment(sql, i);
      } else {
        break;
      }
    }
    int start = i;
    while (i < n && (Character.isLetterOrDigit(sql.charAt(i)) || sql.charAt(i) == '_')) {
      i++;
    }
    return sql.substring(start, i).toUpperCase(Locale.ROOT);
  }

  /** Index after the (possibly nested) block comment starting at {@code start}. */
  private static int endOfBlockComment(String sql, int start) {
    int depth = 0;
    int i = start;
    while (i < sql.length()) {
      if (sql.startsWith("/*", i)) {
        depth++;
        i += 2;
      } else if (sql.startsWith("*/", i)) {
        depth--;
        i += 2;
        if (depth == 0) {
          return i;
        }
      } else {
        i++;
      }
    }
    return i;
  }

  /** Statements that can change what is installed or who may read it. */
  public static boolean isDdl(String firstWord) {
    return DDL.contains(firstWord);
  }

  /** Statements the rewriter may change. */
  public static boolean isQuery(String firstWord) {
    return firstWord.equals("SELECT") || firstWord.equals("WITH");
  }

  /** The database of a {@code USE db} statement, or null for any other statement. */
  public static String useDatabase(String sql) {
    if (!firstWord(sql).equals("USE")) {
      return null;
    }
    List<Token> tokens = Lexer.significant(sql);
    int i = 0;
    while (i < tokens.size() && !tokens.get(i).isWord("USE")) {
      i++;
    }
    return i + 1 < tokens.size() ? tokens.get(i + 1).identifier() : null;
  }

  /** True when the text holds {@code /* noemata:off *}{@code /}. */
  static boolean switchedOff(String sql) {
    return sql.contains("noemata:off") && OFF.matcher(sql).find();
  }
}

package io.noemata.embedded;

import io.noemata.core.sql.Lexer;
import io.noemata.core.sql.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What one request's own statement may leave in chDB's single shared session, which ClickHouse's
 * HTTP interface never keeps: a request without {@code session_id} runs in a context of its own, so
 * a {@code SET}, {@code SET ROLE} or {@code USE} it sends ends with it, and a body of several
 * statements is refused before any runs. chDB, measured: {@code SET max_result_rows = 7} from one
 * JDBC connection was still in force for every later request of every connection, and {@code
 * SELECT 1; SELECT 2} ran both. Either would let one client change another's answers.
 *
 * @param refusal the server's refusal of a body holding more than one statement (code 62, as
 *     ClickHouse's parser gives it before running anything); trailing {@code ;} are allowed
 * @param settingsSet the settings a top-level {@code SET a = 1, b = 'x'} sets, to be put back to
 *     their defaults once it has run; query parameters ({@code param_*}) have no default and stay
 * @param setsRole a {@code SET ROLE}: the role is the request's alone
 * @param changesDatabase a {@code USE}: the next request names its own database again
 */
record RequestScope(Optional<String> refusal, List<String> settingsSet, boolean setsRole, boolean changesDatabase) {

  private static final RequestScope NONE = new RequestScope(Optional.empty(), List.of(), false, false);

  RequestScope {
    settingsSet = List.copyOf(settingsSet);
  }

  /**
   * The scope of {@code sql}, lexed once. INSERT statements are left alone unlexed: what follows
   * their VALUES or FORMAT is data, not SQL, and may be large.
   */
  static RequestScope of(String sql) {
    if (sql.stripLeading().regionMatches(true, 0, "INSERT", 0, 6)) {
      return NONE;
    }
    List<Token> tokens = Lexer.significant(sql);
    if (tokens.isEmpty() || tokens.get(0).isWord("INSERT")) {
      return NONE;
    }
    boolean set = tokens.get(0).isWord("SET");
    boolean role = set && tokens.size() >= 2 && tokens.get(1).isWord("ROLE");
    return new RequestScope(refusal(sql, tokens), set && !role ? settings(tokens) : List.of(), role,
        tokens.get(0).isWord("USE"));
  }

  private static Optional<String> refusal(String sql, List<Token> tokens) {
    for (int i = 0; i < tokens.size(); i++) {
      if (tokens.get(i).isSymbol(";")) {
        for (int j = i + 1; j < tokens.size(); j++) {
          if (!tokens.get(j).isSymbol(";")) {
            Token t = tokens.get(i);
            String rest = sql.substring(t.start(), Math.min(sql.length(), t.start() + 40));
            return Optional.of("Code: 62. DB::Exception: Syntax error (Multi-statements are not allowed): failed at"
                + " position " + (t.start() + 1) + " (';'): " + rest + ". (SYNTAX_ERROR)");
          }
        }
        return Optional.empty();
      }
    }
    return Optional.empty();
  }

  private static List<String> settings(List<Token> tokens) {
    List<String> names = new ArrayList<>();
    if (tokens.size() < 2 || tokens.get(1).isWord("DEFAULT")) {
      return names;
    }
    int depth = 0;
    boolean expectName = true;
    for (int i = 1; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (t.isSymbol("(") || t.isSymbol("[") || t.isSymbol("{")) {
        depth++;
      } else if (t.isSymbol(")") || t.isSymbol("]") || t.isSymbol("}")) {
        depth--;
      } else if (depth == 0 && t.isSymbol(",")) {
        expectName = true;
      } else if (expectName) {
        String name = t.identifier();
        if (name != null && !name.startsWith("param_")) {
          names.add(name);
        }
        expectName = false;
      }
    }
    return names;
  }
}

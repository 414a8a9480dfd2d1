package io.noemata.rewriter.syntax;

import io.noemata.core.sql.Lexer;
import io.noemata.core.sql.Literals;
import io.noemata.core.sql.Token;
import io.noemata.core.sql.TokenKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The table a statement names with {@code {name:Identifier}} parameters, as HyperDX writes every
 * query ({@code FROM {HYPERDX_PARAM_1544803905:Identifier}.{HYPERDX_PARAM_129845054:Identifier}},
 * the values sent as {@code param_<name>}): the server puts each value in the statement as the
 * identifier it names before it reads anything else, so the statement with those identifiers
 * written in their place is the one the server runs. Only parameters that name a table or its
 * database (right after FROM or JOIN, or after the database before them) are written in; one
 * anywhere else, one without a value or with a value that is no plain name, or a statement that
 * sets a {@code param_} itself, leaves the statement as it is.
 */
public final class IdentifierParameters {

  private static final Pattern IDENTIFIER_PARAMETER = Pattern.compile("\\{\\s*([A-Za-z_][A-Za-z0-9_]*)\\s*:\\s*Identifier\\s*}");
  private static final Pattern PLAIN_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  private IdentifierParameters() {}

  /** {@code sql} with its table's identifier parameters written as their values; empty when it has none to write. */
  public static Optional<String> inline(String sql, Parameters parameters) {
    if (parameters.named().isEmpty()) {
      return Optional.empty();
    }
    List<Token> tokens = Lexer.significant(sql);
    List<int[]> spans = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < tokens.size(); i++) {
      Token t = tokens.get(i);
      if (t.kind() == TokenKind.WORD && t.text().toLowerCase(Locale.ROOT).startsWith("param_")) {
        return Optional.empty(); // a SETTINGS param_...: the server may substitute another value
      }
      if (t.kind() != TokenKind.PARAMETER) {
        continue;
      }
      Matcher m = IDENTIFIER_PARAMETER.matcher(t.text());
      if (!m.matches()) {
        continue;
      }
      String value = parameters.named().get(m.group(1));
      if (value == null || !PLAIN_NAME.matcher(value).matches() || !namesATable(tokens, i)) {
        return Optional.empty();
      }
      spans.add(new int[] {t.start(), t.end()});
      names.add(Literals.identifier(value));
    }
    if (spans.isEmpty()) {
      return Optional.empty();
    }
    StringBuilder out = new StringBuilder(sql.length());
    int at = 0;
    for (int i = 0; i < spans.size(); i++) {
      out.append(sql, at, spans.get(i)[0]).append(names.get(i));
      at = spans.get(i)[1];
    }
    return Optional.of(out.append(sql, at, sql.length()).toString());
  }

  /** Right after FROM or JOIN, or after {@code <database>.} right after one. */
  private static boolean namesATable(List<Token> tokens, int i) {
    if (i >= 1 && tableKeyword(tokens.get(i - 1))) {
      return i + 1 >= tokens.size() || !tokens.get(i + 1).text().equals("(");
    }
    if (i >= 3 && tokens.get(i - 1).kind() == TokenKind.SYMBOL && tokens.get(i - 1).text().equals(".")
        && nameToken(tokens.get(i - 2)) && tableKeyword(tokens.get(i - 3))) {
      return true;
    }
    return false;
  }

  private static boolean tableKeyword(Token t) {
    return t.kind() == TokenKind.WORD && (t.text().equalsIgnoreCase("FROM") || t.text().equalsIgnoreCase("JOIN"));
  }

  private static boolean nameToken(Token t) {
    return t.kind() == TokenKind.WORD || t.kind() == TokenKind.QUOTED_IDENTIFIER
        || t.kind() == TokenKind.PARAMETER && IDENTIFIER_PARAMETER.matcher(t.text()).matches();
  }
}

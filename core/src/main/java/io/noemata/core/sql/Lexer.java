package io.noemata.core.sql;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts ClickHouse SQL into {@link Token}s that cover the text exactly: concatenating the tokens'
 * texts gives back the input, byte for byte. Comments and whitespace are tokens too, so nothing
 * is lost when a rewriter splices into the original text.
 *
 * <p>Follows ClickHouse's own lexer where it matters for meaning: {@code 'a\'b'} and {@code 'a''b'}
 * are one string, {@code /* /* *}{@code / *}{@code /} nests, {@code #} starts a comment only when
 * followed by a space or {@code !}, {@code {name:Type}} is a parameter, {@code $tag$...$tag$} is a
 * heredoc string.
 */
public final class Lexer {

  private final String text;
  private int pos;

  private Lexer(String text) {
    this.text = text;
  }

  /** All tokens of {@code text}, trivia included. Never fails: unreadable text becomes ERROR. */
  public static List<Token> tokenize(String text) {
    Lexer lexer = new Lexer(text);
    List<Token> tokens = new ArrayList<>();
    while (lexer.pos < text.length()) {
      tokens.add(lexer.next());
    }
    return tokens;
  }

  /** The tokens of {@code text} without whitespace and comments. */
  public static List<Token> significant(String text) {
    List<Token> all = tokenize(text);
    List<Token> out = new ArrayList<>(all.size() / 2 + 1);
    for (Token t : all) {
      if (!t.isTrivia()) {
        out.add(t);
      }
    }
    return out;
  }

  private Token next() {
    int start = pos;
    char c = text.charAt(pos);
    if (Character.isWhitespace(c)) {
      while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
        pos++;
      }
      return make(TokenKind.WHITESPACE, start);
    }
    if (c == '-' && peek(1) == '-') {
      return lineComment(start);
    }
    if (c == '#' && (peek(1) == ' ' || peek(1) == '!' || peek(1) == '\t')) {
      return lineComment(start);
    }
    if (c == '/' && peek(1) == '*') {
      return blockComment(start);
    }
    if (c == '\'') {
      return quoted(start, '\'', TokenKind.STRING);
    }
    if (c == '"' || c == '`') {
      return quoted(start, c, TokenKind.QUOTED_IDENTIFIER);
    }
    if (c == '$') {
      Token heredoc = heredoc(start);
      if (heredoc != null) {
        return heredoc;
      }
    }
    if (Character.isDigit(c) || (c == '.' && Character.isDigit(peek(1)) && !afterWordOrClose(start))) {
      return number(start);
    }
    if (isWordStart(c)) {
      while (pos < text.length() && isWordPart(text.charAt(pos))) {
        pos++;
      }
      return make(TokenKind.WORD, start);
    }
    if (c == '{') {
      Token parameter = braceParameter(start);
      if (parameter != null) {
        return parameter;
      }
    }
    if (c == '?') {
      pos++;
      return make(TokenKind.PARAMETER, start);
    }
    return symbol(start);
  }

  private Token lineComment(int start) {
    while (pos < text.length() && text.charAt(pos) != '\n') {
      pos++;
    }
    return make(TokenKind.COMMENT, start);
  }

  private Token blockComment(int start) {
    int depth = 0;
    while (pos < text.length()) {
      if (text.startsWith("/*", pos)) {
        depth++;
        pos += 2;
      } else if (text.startsWith("*/", pos)) {
        depth--;
        pos += 2;
        if (depth == 0) {
          return make(TokenKind.COMMENT, start);
        }
      } else {
        pos++;
      }
    }
    return make(TokenKind.ERROR, start);
  }

  /** A quoted string or identifier; both backslash escapes and doubled quotes are accepted. */
  private Token quoted(int start, char quote, TokenKind kind) {
    pos++;
    while (pos < text.length()) {
      char c = text.charAt(pos);
      if (c == '\\') {
        pos += 2;
      } else if (c == quote) {
        if (peek(1) == quote) {
          pos += 2;
        } else {
          pos++;
          return make(kind, start);
        }
      } else {
        pos++;
      }
    }
    pos = text.length();
    return make(TokenKind.ERROR, start);
  }

  /** {@code $tag$ ... $tag$} (tag may be empty); null when the dollar does not open one. */
  private Token heredoc(int start) {
    int close = text.indexOf('$', start + 1);
    if (close < 0) {
      return null;
    }
    for (int i = start + 1; i < close; i++) {
      if (!isWordPart(text.charAt(i))) {
        return null;
      }
    }
    String tag = text.substring(start, close + 1);
    int end = text.indexOf(tag, close + 1);
    if (end < 0) {
      return null;
    }
    pos = end + tag.length();
    return make(TokenKind.STRING, start);
  }

  private Token number(int start) {
    if (text.charAt(pos) == '0' && (peek(1) == 'x' || peek(1) == 'X' || peek(1) == 'b' || peek(1) == 'B')
        && isHexDigit(peek(2))) {
      pos += 2;
      while (pos < text.length() && (isHexDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
        pos++;
      }
      return make(TokenKind.NUMBER, start);
    }
    digits();
    if (pos < text.length() && text.charAt(pos) == '.' && peek(1) != '.') {
      pos++;
      digits();
    }
    if (pos < text.length() && (text.charAt(pos) == 'e' || text.charAt(pos) == 'E')) {
      int mark = pos;
      pos++;
      if (pos < text.length() && (text.charAt(pos) == '+' || text.charAt(pos) == '-')) {
        pos++;
      }
      if (pos < text.length() && Character.isDigit(text.charAt(pos))) {
        digits();
      } else {
        pos = mark;
      }
    }
    return make(TokenKind.NUMBER, start);
  }

  private void digits() {
    while (pos < text.length() && (Character.isDigit(text.charAt(pos)) || text.charAt(pos) == '_')) {
      pos++;
    }
  }

  /**
   * {@code {name:Type}} as ClickHouse's parser reads it: a bare name, a colon, a type that starts
   * with a word and may nest parentheses and quote strings ({@code Nullable(DateTime('UTC'))}), the
   * closing brace. Null when the brace opens anything else (a map, JSON, a JDBC escape such as
   * {@code {ts '...'}} or {@code {fn ...}}), which the parser then refuses. Comments inside are not
   * accepted, so the type text is exactly what was written.
   */
  private Token braceParameter(int start) {
    int i = skipBlanks(start + 1);
    if (i >= text.length() || !isNameStart(text.charAt(i))) {
      return null;
    }
    while (i < text.length() && isNamePart(text.charAt(i))) {
      i++;
    }
    i = skipBlanks(i);
    if (i >= text.length() || text.charAt(i) != ':') {
      return null;
    }
    i = skipBlanks(i + 1);
    if (i >= text.length() || !Character.isLetter(text.charAt(i))) {
      return null;
    }
    int depth = 0;
    while (i < text.length()) {
      char c = text.charAt(i);
      if (c == '}' && depth == 0) {
        pos = i + 1;
        return make(TokenKind.PARAMETER, start);
      }
      if (c == '}') {
        return null;
      }
      if (c == '\'' || c == '`' || c == '"') {
        i = quotedEnd(i, c);
        if (i < 0) {
          return null;
        }
        continue;
      }
      if (c == '(') {
        depth++;
      } else if (c == ')' && --depth < 0) {
        return null;
      } else if (c == '{' || c == '#' || c == '?' || text.startsWith("--", i) || text.startsWith("/*", i)) {
        return null;
      }
      i++;
    }
    return null;
  }

  private int skipBlanks(int i) {
    while (i < text.length() && Character.isWhitespace(text.charAt(i))) {
      i++;
    }
    return i;
  }

  /** The offset just past the quoted text opening at {@code i}, or -1 when it is not closed. */
  private int quotedEnd(int i, char quote) {
    for (i++; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '\\') {
        i++;
      } else if (c == quote) {
        if (i + 1 < text.length() && text.charAt(i + 1) == quote) {
          i++;
        } else {
          return i + 1;
        }
      }
    }
    return -1;
  }

  private static final String[] SYMBOLS = {
    "::", "->", "||", "<=", ">=", "!=", "<>", "==", "<=>",
  };

  private Token symbol(int start) {
    if (text.startsWith("<=>", pos)) {
      pos += 3;
      return make(TokenKind.SYMBOL, start);
    }
    for (String s : SYMBOLS) {
      if (s.length() == 2 && text.startsWith(s, pos)) {
        pos += 2;
        return make(TokenKind.SYMBOL, start);
      }
    }
    pos++;
    return make(TokenKind.SYMBOL, start);
  }

  private boolean afterWordOrClose(int start) {
    // "t.1" (tuple element) and "x).1" must lex the dot as a symbol, not start a number.
    if (start == 0) {
      return false;
    }
    char before = text.charAt(start - 1);
    return isWordPart(before) || before == ')' || before == ']' || before == '`' || before == '"';
  }

  private char peek(int ahead) {
    int i = pos + ahead;
    return i < text.length() ? text.charAt(i) : '\0';
  }

  private Token make(TokenKind kind, int start) {
    return new Token(kind, start, pos, text.substring(start, pos));
  }

  private static boolean isWordStart(char c) {
    return Character.isLetter(c) || c == '_' || c == '$';
  }

  private static boolean isWordPart(char c) {
    return Character.isLetterOrDigit(c) || c == '_' || c == '$';
  }

  /** A parameter name: ClickHouse takes only a bare word there. */
  private static boolean isNameStart(char c) {
    return c < 128 && (Character.isLetter(c) || c == '_');
  }

  private static boolean isNamePart(char c) {
    return c < 128 && (Character.isLetterOrDigit(c) || c == '_');
  }

  private static boolean isHexDigit(char c) {
    return Character.digit(c, 16) >= 0;
  }
}

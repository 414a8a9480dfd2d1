package io.noemata.core.sql;

import java.util.Objects;

/**
 * One lexical token of ClickHouse SQL with its exact place in the source text.
 *
 * <p>{@code start} and {@code end} are char offsets into the text the {@link Lexer} read, so a
 * rewriter can splice replacements into the original text and leave every other byte as written.
 */
public record Token(TokenKind kind, int start, int end, String text) {

  public Token {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(text, "text");
    if (start < 0 || end < start) {
      throw new IllegalArgumentException("bad token span " + start + ".." + end);
    }
  }

  /** True for an unquoted word equal to {@code word}, ignoring case (keywords, function names). */
  public boolean isWord(String word) {
    return kind == TokenKind.WORD && text.equalsIgnoreCase(word);
  }

  /** True for the operator or punctuation {@code symbol}. */
  public boolean isSymbol(String symbol) {
    return kind == TokenKind.SYMBOL && text.equals(symbol);
  }

  /** Comments and whitespace: tokens that carry no meaning for the parser. */
  public boolean isTrivia() {
    return kind == TokenKind.WHITESPACE || kind == TokenKind.COMMENT;
  }

  /**
   * The identifier this token names: the word itself, or a backtick / double-quoted identifier
   * with its quotes removed and escapes resolved. Null for other kinds.
   */
  public String identifier() {
    return switch (kind) {
      case WORD -> text;
      case QUOTED_IDENTIFIER -> Literals.unquote(text);
      default -> null;
    };
  }
}

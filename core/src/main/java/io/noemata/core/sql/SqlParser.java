package io.noemata.core.sql;


/** Entry points of the ClickHouse SELECT parser. Never throws on bad input: it refuses; on any thread (see {@link Nesting}). */
public final class SqlParser {

  private SqlParser() {}

  /** A whole statement: one SELECT (or UNION ALL), optional FORMAT and SETTINGS, optional {@code ;}. */
  public static ParseResult<Statement> parse(String sql) {
    return Nesting.run(() -> parseHere(sql), () -> tooDeep(sql));
  }

  private static ParseResult<Statement> parseHere(String sql) {
    try {
      TokenStream in = new TokenStream(sql, Lexer.significant(sql));
      return ParseResult.understood(new QueryParser(in).statement());
    } catch (NotUnderstood e) {
      return ParseResult.refused(e.code, e.getMessage(), e.offset);
    }
  }

  /**
   * A session's {@code SET name = value, ...} (what a later statement of the session runs with), its
   * values as written; refused for anything else, including {@code SET ROLE} and {@code SET DEFAULT ROLE}.
   */
  public static ParseResult<Clause.Settings> parseSet(String sql) {
    return Nesting.run(() -> {
      try {
        TokenStream in = new TokenStream(sql, Lexer.significant(sql));
        return ParseResult.understood(new QueryParser(in).set());
      } catch (NotUnderstood e) {
        return ParseResult.refused(e.code, e.getMessage(), e.offset);
      }
    }, () -> tooDeep(sql));
  }

  /** One expression, alias allowed (as {@code system.columns.default_expression} reports them). */
  public static ParseResult<Expr> parseExpression(String text) {
    return Nesting.run(() -> parseExpressionHere(text), () -> tooDeep(text));
  }

  private static ParseResult<Expr> parseExpressionHere(String text) {
    try {
      TokenStream in = new TokenStream(text, Lexer.significant(text));
      Expr e = new QueryParser(in).expressions().element();
      if (!in.atEnd()) {
        throw in.refuse(RefusalCode.TEXT_AFTER_END, "text after the expression");
      }
      return ParseResult.understood(e);
    } catch (NotUnderstood e) {
      return ParseResult.refused(e.code, e.getMessage(), e.offset);
    }
  }

  private static <T extends Node> ParseResult<T> tooDeep(String text) {
    return ParseResult.refused(RefusalCode.NESTING_TOO_DEEP, "nesting too deep", 0);
  }
}

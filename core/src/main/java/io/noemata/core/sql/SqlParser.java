package io.noemata.core.sql;


/** Entry points of the ClickHouse SELECT parser. Never throws on bad input: it refuses. */
public final class SqlParser {

  private SqlParser() {}

  /** A whole statement: one SELECT (or UNION ALL), optional FORMAT and SETTINGS, optional {@code ;}. */
  public static ParseResult<Statement> parse(String sql) {
    try {
      TokenStream in = new TokenStream(sql, Lexer.significant(sql));
      return ParseResult.understood(new QueryParser(in).statement());
    } catch (NotUnderstood e) {
      return ParseResult.refused(e.code, e.getMessage(), e.offset);
    }
  }

  /** One expression, alias allowed (as {@code system.columns.default_expression} reports them). */
  public static ParseResult<Expr> parseExpression(String text) {
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
}

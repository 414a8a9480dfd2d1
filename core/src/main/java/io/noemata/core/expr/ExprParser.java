package io.noemata.core.expr;

import io.noemata.core.sql.Lexer;
import io.noemata.core.sql.Nesting;
import io.noemata.core.sql.ParseResult;
import io.noemata.core.sql.RefusalCode;
import io.noemata.core.sql.SqlParser;
import io.noemata.core.sql.Token;
import io.noemata.core.sql.TokenKind;
import java.util.List;

/**
 * Parses one ClickHouse expression into a canonical {@link CanonicalExpr}. The text is read by core's
 * parser ({@link SqlParser#parseExpression}), the one the rewriter reads queries with, and its
 * tree is turned into canonical form ({@link Canonicalizer}). Fails closed on what a stored column,
 * a scalar or a measure must not contain: a statement separator, a subquery, a table function, a
 * qualified name, a window, a query parameter, and (for row expressions) an aggregate.
 *
 * <p>Operators become the functions ClickHouse itself rewrites them to ({@code a + b} is
 * {@code plus(a, b)}, {@code m['k']} is {@code arrayElement(m, 'k')}), so spellings do not matter.
 */
public final class ExprParser {

  /** Where the expression is written: row expressions refuse aggregates, measures allow them. */
  public enum Mode { ROW, AGGREGATE }

  /** Deeper nesting than any real expression; it keeps a hostile file from exhausting the stack. */
  static final int MAX_DEPTH = 64;

  private ExprParser() {}

  /** The canonical tree of {@code text}; an {@link ExprException} with the offset otherwise. */
  public static CanonicalExpr parse(String text, Mode mode) throws ExprException {
    // parsed and converted where the stack holds the text's depth, on whatever thread calls
    Object r = Nesting.run(() -> {
      try {
        return parseHere(text, mode);
      } catch (ExprException e) {
        return e;
      }
    }, () -> new ExprException("the expression is nested more than " + MAX_DEPTH + " levels deep", 0));
    if (r instanceof ExprException e) {
      throw e;
    }
    return (CanonicalExpr) r;
  }

  private static CanonicalExpr parseHere(String text, Mode mode) throws ExprException {
    List<Token> tokens = Lexer.significant(text);
    checkTokens(tokens);
    if (tokens.isEmpty()) {
      throw new ExprException("the expression is empty", 0);
    }
    Source source = new Source(text, tokens);
    ParseResult<io.noemata.core.sql.Expr> parsed = SqlParser.parseExpression(text);
    if (!parsed.understood()) {
      throw notUnderstood(source, parsed);
    }
    return new Canonicalizer(source, mode).expression(parsed.node());
  }

  /**
   * The canonical tree of {@code node}, an expression already parsed from {@code sql} (an
   * aggregate of a query), by the conversion {@link #parse} records stored expressions with: so a
   * query's aggregate matches a definition however either is spelled. {@code column} names the
   * column each name reads, as the query resolves it (qualified, or not a column: empty, and the
   * expression is refused). Empty when the expression is not one a stored expression may be.
   */
  public static java.util.Optional<CanonicalExpr> canonical(String sql, io.noemata.core.sql.Expr node, Mode mode,
      java.util.function.Function<io.noemata.core.sql.Expr.Identifier, java.util.Optional<String>> column) {
    try {
      // positions only word error messages, which this caller never shows: no tokens needed
      return java.util.Optional.of(new Canonicalizer(new Source(sql, List.of()), mode, column).expression(node));
    } catch (ExprException refused) {
      return java.util.Optional.empty();
    }
  }

  /** Refusals that need no tree, so they win over any syntax error after them. */
  private static void checkTokens(List<Token> tokens) throws ExprException {
    for (Token t : tokens) {
      if (t.kind() == TokenKind.ERROR) {
        throw new ExprException("unterminated quote or comment", t.start());
      }
      if (t.isSymbol(";")) {
        throw new ExprException("';' is not allowed: an expression is not a statement", t.start(), true);
      }
      if (t.kind() == TokenKind.PARAMETER && !t.text().equals("?")) {
        throw new ExprException("query parameters are not allowed in an expression", t.start(), true);
      }
    }
  }

  /**
   * The parser's reason, worded like the errors of a stored expression. A keyword where an operand
   * belongs is either a query (refused as a subquery) or a column named like a keyword, which
   * needs backticks.
   */
  private static ExprException notUnderstood(Source source, ParseResult<?> parsed) {
    int at = parsed.refusalOffset();
    RefusalCode code = parsed.refusalCode();
    String token = source.tokenText(at);
    if (at >= source.text.length() && (code == RefusalCode.EXPECTED_EXPRESSION || code == RefusalCode.END_OF_TEXT)) {
      return new ExprException("the expression ends too early", at);
    }
    switch (code) {
      case KEYWORD_AS_OPERAND, TYPED_LITERAL -> {
        if (token.equalsIgnoreCase("SELECT") || token.equalsIgnoreCase("WITH") || token.equalsIgnoreCase("FROM")) {
          return source.refusal("subqueries are not allowed in an expression", at);
        }
        return code == RefusalCode.TYPED_LITERAL
            ? source.error("typed literals are not supported; write a function such as toDate('...')", at)
            : source.error("keyword where an expression was expected (backtick-quote a column named like a keyword)", at);
      }
      case NAME_ENDS_WITH_DOT -> {
        return Canonicalizer.qualifiedName(at);
      }
      case TEXT_AFTER_END -> {
        return source.error("unexpected '" + token + "' after the end of the expression", at);
      }
      case UNEXPECTED_TOKEN -> {
        return source.error("unexpected '" + token + "'", at);
      }
      case INTERVAL_WITHOUT_UNIT -> {
        return source.error("INTERVAL needs a unit such as HOUR or DAY", at);
      }
      case NESTING_TOO_DEEP -> {
        return source.error("the expression is nested more than " + MAX_DEPTH + " levels deep", at);
      }
      case CASE_WITHOUT_WHEN -> {
        return source.error("CASE needs WHEN ... THEN ...", at);
      }
      default -> {
        // the parser's own words, without its "at '<token>'" (the error gives the position)
        return source.error(parsed.refusal().replaceFirst(" at ('.*'|end of text)$", ""), at);
      }
    }
  }
}

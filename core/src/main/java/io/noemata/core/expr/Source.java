package io.noemata.core.expr;

import io.noemata.core.sql.Token;
import java.util.List;

/**
 * The expression's text and significant tokens, to point an {@link ExprException} at a token: the
 * span tree keeps where nodes start and end, not where each operator word stands.
 */
final class Source {

  final String text;
  final List<Token> tokens;

  Source(String text, List<Token> tokens) {
    this.text = text;
    this.tokens = tokens;
  }

  /** Where the first token at or after {@code offset} starts; the text's length past the last. */
  int tokenFrom(int offset) {
    Token t = at(offset);
    return t == null ? text.length() : t.start();
  }

  /** Where the last token that ends at or before {@code offset} starts. */
  int tokenBefore(int offset) {
    int found = 0;
    for (Token t : tokens) {
      if (t.end() > offset) {
        break;
      }
      found = t.start();
    }
    return found;
  }

  /** A syntax error: the message names the token at {@code offset}, or the end of the text. */
  ExprException error(String message, int offset) {
    Token t = at(offset);
    return t == null
        ? new ExprException(message + " at the end of the expression", text.length())
        : new ExprException(message + " (at '" + t.text() + "')", t.start());
  }

  /** Text that parses but is not allowed in a stored expression; the user can fix it there. */
  ExprException refusal(String message, int offset) {
    ExprException e = error(message, offset);
    return new ExprException(e.getMessage(), e.offset(), true);
  }

  /** The text of the first token at or after {@code offset}; empty past the last. */
  String tokenText(int offset) {
    Token t = at(offset);
    return t == null ? "" : t.text();
  }

  private Token at(int offset) {
    int lo = 0;
    int hi = tokens.size();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      if (tokens.get(mid).start() < offset) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return lo < tokens.size() ? tokens.get(lo) : null;
  }
}

package io.noemata.core.sql;

import java.util.List;

/** A cursor over the significant tokens of one text, with the helpers both parsers share. */
final class TokenStream {

  final String sql;
  private final List<Token> tokens;
  private int pos;
  private int lastEnd;
  private int depth;
  private int chain;
  /** On a caller's thread the inline limits apply, past which {@link Nesting#run} reads the text again on a deep stack. */
  private final boolean deep = Nesting.deepStack();
  private final int maxDepth = deep ? Nesting.MAX_DEPTH : Nesting.INLINE_DEPTH;
  private final int maxChain = deep ? Nesting.MAX_CHAIN : Nesting.INLINE_CHAIN;

  TokenStream(String sql, List<Token> significant) {
    this.sql = sql;
    this.tokens = significant;
    for (Token t : significant) {
      if (t.kind() == TokenKind.ERROR) {
        throw new NotUnderstood(RefusalCode.UNREADABLE_TEXT, "unreadable text (unterminated quote or comment)", t.start());
      }
    }
  }

  boolean atEnd() {
    return pos >= tokens.size();
  }

  /** The token {@code ahead} places on, or null past the end. */
  Token peek(int ahead) {
    int i = pos + ahead;
    return i < tokens.size() ? tokens.get(i) : null;
  }

  Token peek() {
    return peek(0);
  }

  Token next() {
    if (atEnd()) {
      throw refuse(RefusalCode.END_OF_TEXT, "unexpected end of text");
    }
    Token t = tokens.get(pos++);
    lastEnd = t.end();
    return t;
  }

  /** Where the next token starts (the text's length at the end). */
  int position() {
    return atEnd() ? sql.length() : tokens.get(pos).start();
  }

  /** End offset of the last token consumed. */
  int lastEnd() {
    return lastEnd;
  }

  boolean atWord(int ahead, String word) {
    Token t = peek(ahead);
    return t != null && t.isWord(word);
  }

  boolean atWord(String word) {
    return atWord(0, word);
  }

  boolean atSymbol(int ahead, String symbol) {
    Token t = peek(ahead);
    return t != null && t.isSymbol(symbol);
  }

  boolean atSymbol(String symbol) {
    return atSymbol(0, symbol);
  }

  boolean acceptWord(String word) {
    if (atWord(word)) {
      next();
      return true;
    }
    return false;
  }

  boolean acceptSymbol(String symbol) {
    if (atSymbol(symbol)) {
      next();
      return true;
    }
    return false;
  }

  Token expectWord(String word) {
    if (!atWord(word)) {
      throw refuse(RefusalCode.EXPECTED, "expected " + word);
    }
    return next();
  }

  Token expectSymbol(String symbol) {
    if (!atSymbol(symbol)) {
      throw refuse(RefusalCode.EXPECTED, "expected '" + symbol + "'");
    }
    return next();
  }

  /** True when the next token is a name: a word or a quoted identifier. */
  boolean atName() {
    Token t = peek();
    return t != null && (t.kind() == TokenKind.WORD || t.kind() == TokenKind.QUOTED_IDENTIFIER);
  }

  NotUnderstood refuse(String reason) {
    return refuse(RefusalCode.OTHER, reason);
  }

  NotUnderstood refuse(RefusalCode code, String reason) {
    Token t = peek();
    String near = t == null ? "end of text" : "'" + t.text() + "'";
    return new NotUnderstood(code, reason + " at " + near, position());
  }

  /** One level of recursion (see {@link Nesting}). */
  void enter() {
    if (++depth > maxDepth) {
      throw tooDeep();
    }
  }

  void leave() {
    depth--;
  }

  /** One more link of an operator chain, a level of the tree that walkers recurse into; {@link #unlink} when the chain ends. */
  void link() {
    if (++chain > maxChain) {
      throw tooDeep();
    }
  }

  void unlink(int links) {
    chain -= links;
  }

  private RuntimeException tooDeep() {
    if (!deep) {
      throw new Nesting.Deeper();
    }
    return refuse(RefusalCode.NESTING_TOO_DEEP, "nesting too deep");
  }
}

package io.noemata.core.sql;

import java.util.Objects;

/**
 * The outcome of parsing: a statement (or expression) that is fully understood, or the reason and
 * offset where understanding stopped. A caller that gets a refusal sends the text as it is.
 */
public record ParseResult<T extends Node>(T node, String refusal, int refusalOffset) {

  public ParseResult {
    if ((node == null) == (refusal == null)) {
      throw new IllegalArgumentException("a parse result is either a node or a refusal");
    }
  }

  static <T extends Node> ParseResult<T> understood(T node) {
    return new ParseResult<>(Objects.requireNonNull(node, "node"), null, -1);
  }

  static <T extends Node> ParseResult<T> refused(String reason, int offset) {
    return new ParseResult<>(null, Objects.requireNonNull(reason, "reason"), offset);
  }

  public boolean understood() {
    return node != null;
  }
}

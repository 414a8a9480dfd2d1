package io.noemata.core.sql;

import java.util.Objects;

/**
 * The outcome of parsing: a statement (or expression) that is fully understood, or the reason and
 * offset where understanding stopped. A caller that gets a refusal sends the text as it is.
 *
 * @param refusal the reason in words, for people (null when understood)
 * @param refusalCode the reason as a code, for callers that decide by it (null when understood)
 */
public record ParseResult<T extends Node>(T node, String refusal, int refusalOffset, RefusalCode refusalCode) {

  public ParseResult {
    if ((node == null) == (refusal == null) || (refusal == null) != (refusalCode == null)) {
      throw new IllegalArgumentException("a parse result is either a node or a refusal with its code");
    }
  }

  static <T extends Node> ParseResult<T> understood(T node) {
    return new ParseResult<>(Objects.requireNonNull(node, "node"), null, -1, null);
  }

  static <T extends Node> ParseResult<T> refused(String reason, int offset) {
    return refused(RefusalCode.OTHER, reason, offset);
  }

  static <T extends Node> ParseResult<T> refused(RefusalCode code, String reason, int offset) {
    return new ParseResult<>(null, Objects.requireNonNull(reason, "reason"), offset, Objects.requireNonNull(code, "code"));
  }

  public boolean understood() {
    return node != null;
  }
}

package io.noemata.core.sql;

/**
 * Why the parser stopped understanding, as a code callers may decide by (the resources'
 * expression errors are worded per code); {@link ParseResult#refusal()} only explains it.
 */
public enum RefusalCode {

  /** The text ended where more was expected. */
  END_OF_TEXT,
  /** An operand is missing: the text holds no expression where one belongs. */
  EXPECTED_EXPRESSION,
  /** A required word, symbol, name or type is missing. */
  EXPECTED,
  /** A keyword stands where an operand belongs: a subquery, or a column named like a keyword. */
  KEYWORD_AS_OPERAND,
  /** {@code DATE '...'}, {@code TIMESTAMP '...'}. */
  TYPED_LITERAL,
  /** {@code a.} with nothing after the dot. */
  NAME_ENDS_WITH_DOT,
  /** A complete expression or statement is followed by more text. */
  TEXT_AFTER_END,
  /** A token or symbol that cannot start or continue an expression here. */
  UNEXPECTED_TOKEN,
  /** {@code INTERVAL 1} without a unit. */
  INTERVAL_WITHOUT_UNIT,
  /** Deeper nesting than the parser follows. */
  NESTING_TOO_DEEP,
  /** {@code CASE} without any {@code WHEN}. */
  CASE_WITHOUT_WHEN,
  /** An unterminated quote or comment. */
  UNREADABLE_TEXT,
  /** Any other reason (ClickHouse that is outside the understood subset, mostly): the message says which. */
  OTHER
}

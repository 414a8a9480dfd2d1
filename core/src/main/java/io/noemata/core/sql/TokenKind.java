package io.noemata.core.sql;

/** The kinds of token ClickHouse SQL text is cut into. */
public enum TokenKind {
  /** Spaces, tabs, newlines. */
  WHITESPACE,
  /** {@code -- ...}, {@code # ...}, {@code #! ...} and (nested) {@code /* ... *}{@code /}. */
  COMMENT,
  /** An unquoted identifier or keyword: letters, digits, {@code _}, {@code $}; not starting with a digit. */
  WORD,
  /** {@code `name`} or {@code "name"}. */
  QUOTED_IDENTIFIER,
  /** {@code 'text'} with {@code \'} or {@code ''} escapes, and heredocs {@code $tag$...$tag$}. */
  STRING,
  /** Integer, decimal, float, hex {@code 0x..}, binary {@code 0b..}, {@code inf}/{@code nan} are WORDs. */
  NUMBER,
  /** A query parameter: {@code {name:Type}} or a JDBC {@code ?}. */
  PARAMETER,
  /**
   * Operators and punctuation: {@code ( ) [ ] { } , ; . :: -> || <= >= != <> == = < > + - * / % :}.
   * A lone {@code ?} is lexed as {@link #PARAMETER}; a parser that meets {@code a ? b : c} reads it
   * as the ternary operator.
   */
  SYMBOL,
  /** Text the lexer could not read (an unterminated quote or comment); it runs to the end. */
  ERROR
}

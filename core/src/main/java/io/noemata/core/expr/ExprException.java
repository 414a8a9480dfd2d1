package io.noemata.core.expr;

/**
 * An expression that does not parse or is not allowed where it is written. {@code offset} is the
 * char offset in the expression text, so callers can point at it inside the file.
 */
public final class ExprException extends Exception {

  private static final long serialVersionUID = 1L;

  private final int offset;
  private final boolean refusal;

  /** Text that is not an expression (a syntax error). */
  public ExprException(String message, int offset) {
    this(message, offset, false);
  }

  /**
   * @param refusal true when the text parses but is not allowed here (an aggregate in a row
   *     expression, a subquery, a table function, ...), false for a syntax error
   */
  public ExprException(String message, int offset, boolean refusal) {
    super(message);
    this.offset = offset;
    this.refusal = refusal;
  }

  public int offset() {
    return offset;
  }

  public boolean refusal() {
    return refusal;
  }
}

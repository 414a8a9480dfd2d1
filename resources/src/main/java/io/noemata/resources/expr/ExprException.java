package io.noemata.resources.expr;

/**
 * An expression that does not parse or is not allowed where it is written. {@code offset} is the
 * char offset in the expression text, so callers can point at it inside the file.
 */
public final class ExprException extends Exception {

  private static final long serialVersionUID = 1L;

  private final int offset;

  public ExprException(String message, int offset) {
    super(message);
    this.offset = offset;
  }

  public int offset() {
    return offset;
  }
}

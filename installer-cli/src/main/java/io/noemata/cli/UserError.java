package io.noemata.cli;

/**
 * A failure the user can fix: printed as one line (no stack trace) and mapped to an exit code.
 * The message says what went wrong, where (file, JSON pointer, SQL position) and what would fix it.
 */
public final class UserError extends RuntimeException {

  private static final long serialVersionUID = 1L;

  private final int exitCode;

  public UserError(String message) {
    this(message, 2);
  }

  public UserError(String message, int exitCode) {
    super(message);
    this.exitCode = exitCode;
  }

  public int exitCode() {
    return exitCode;
  }
}

package io.noemata.embedded;

/**
 * A failure of the embedded engine that a person can act on. The message is one line: what
 * happened and what would fix it (install npm, free the port, choose another data folder, ...).
 */
public final class EngineException extends RuntimeException {

  private static final long serialVersionUID = 1L;

  public EngineException(String message) {
    super(message);
  }

  public EngineException(String message, Throwable cause) {
    super(message, cause);
  }
}

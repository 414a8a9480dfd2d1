package io.noemata.installer.plan;

/** Why nothing can be installed: a message a user can act on, printed as it is. */
public class PlanException extends Exception {

  private static final long serialVersionUID = 1L;

  public PlanException(String message) {
    super(message);
  }

  public PlanException(String message, Throwable cause) {
    super(message, cause);
  }
}

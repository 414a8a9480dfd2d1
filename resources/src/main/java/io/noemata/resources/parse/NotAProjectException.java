package io.noemata.resources.parse;

/** The directory is not a noemata project at all (a usage error, not a finding). */
public final class NotAProjectException extends Exception {

  private static final long serialVersionUID = 1L;

  public NotAProjectException(String message) {
    super(message);
  }
}

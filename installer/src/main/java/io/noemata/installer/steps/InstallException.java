package io.noemata.installer.steps;

/** An installation stopped: what failed and how to go on. Nothing is served that is not ready. */
public final class InstallException extends Exception {

  private static final long serialVersionUID = 1L;

  public InstallException(String message) {
    super(message);
  }
}

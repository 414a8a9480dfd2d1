package io.noemata.core.system;

/** ClickHouse's error codes that noemata decides by (the server's {@code system.errors} numbers). */
public final class ErrorCode {

  private ErrorCode() {}

  /** ACCESS_DENIED: the user lacks a grant the statement needs. */
  public static final int ACCESS_DENIED = 497;
}

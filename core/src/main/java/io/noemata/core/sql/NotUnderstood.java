package io.noemata.core.sql;

/** Thrown inside the parser when the text leaves the understood subset; caught at the entry points. */
final class NotUnderstood extends RuntimeException {

  private static final long serialVersionUID = 1L;

  final int offset;
  final RefusalCode code;

  NotUnderstood(String reason, int offset) {
    this(RefusalCode.OTHER, reason, offset);
  }

  NotUnderstood(RefusalCode code, String reason, int offset) {
    super(reason, null, false, false); // control flow, not a bug: no stack trace
    this.offset = offset;
    this.code = code;
  }
}

package io.noemata.resources.finding;

/**
 * What a finding is, in the seed's words (Validation): the code decides what callers do (publish
 * refuses on an error, and leaves out an entry the database cannot install); the message only
 * explains it to a person and may be reworded freely.
 */
public enum FindingCode {

  /** An error: the file breaks a rule of the format or cannot be read. Publication is refused. */
  INVALID(Severity.ERROR),

  /** "The database cannot install the entry (with its reason)": installation leaves the entry out. */
  CANNOT_INSTALL(Severity.WARNING),

  /** "A name is a view scalar and is read as the physical column of that name." */
  VIEW_SCALAR_READ_AS_COLUMN(Severity.WARNING),

  /** "Validation warns when a name refers to both" a column entry and a physical column: the entry is used. */
  NAME_REFERS_TO_BOTH(Severity.WARNING);

  private final Severity severity;

  FindingCode(Severity severity) {
    this.severity = severity;
  }

  public Severity severity() {
    return severity;
  }

  /** The code as JSON output spells it: {@code cannot_install}. */
  public String word() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}

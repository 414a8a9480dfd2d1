package io.noemata.resources.finding;

/** Errors make {@code noemata validate} exit 1; warnings do not. */
public enum Severity {
  ERROR, WARNING;

  public String word() {
    return this == ERROR ? "error" : "warning";
  }
}

package io.noemata.driver;

import java.util.Locale;

/** The {@code noemata.rewrite} switch. */
public enum RewriteMode {
  /** Send the rewritten statement (the default). */
  ON,
  /** Send every statement as written; no catalog is read and no warning is attached. */
  OFF,
  /** Send the statement as written and attach what would have been sent instead. */
  DRY_RUN;

  /** Parses {@code on}, {@code off} or {@code dry-run} (any case). */
  public static RewriteMode parse(String value) {
    switch (value.strip().toLowerCase(Locale.ROOT)) {
      case "on":
        return ON;
      case "off":
        return OFF;
      case "dry-run":
      case "dry_run":
      case "dryrun":
        return DRY_RUN;
      default:
        throw new IllegalArgumentException("noemata.rewrite must be on, off or dry-run, was '" + value + "'");
    }
  }
}

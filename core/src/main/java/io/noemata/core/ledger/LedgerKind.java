package io.noemata.core.ledger;

import java.util.Locale;
import java.util.Optional;

/** The {@code kind} of a ledger row: which sort of accelerator it records, stored as its lower-case name. */
public enum LedgerKind {
  /** A stored MATERIALIZED column (or the existing column that satisfies the entry). */
  COLUMN,
  /** A skip index. */
  INDEX,
  /** A projection. */
  PROJECTION,
  /** A rollup target with its materialized view and stable view. */
  ROLLUP;

  /** The stored spelling, also what plans and status print. */
  public String text() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The stored spelling, so messages and plans read as the ledger column does. */
  @Override
  public String toString() {
    return text();
  }

  /** The kind stored as {@code text}; empty for one a later release added. */
  public static Optional<LedgerKind> parse(String text) {
    for (LedgerKind k : values()) {
      if (k.text().equals(text)) {
        return Optional.of(k);
      }
    }
    return Optional.empty();
  }
}

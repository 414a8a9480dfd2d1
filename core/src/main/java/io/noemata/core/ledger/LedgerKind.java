package io.noemata.core.ledger;

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
    return Spelling.of(this);
  }

  /** The stored spelling, so messages read as the ledger column does. */
  @Override
  public String toString() {
    return text();
  }

  /** The kind stored as {@code text}; empty for one a later release added. */
  public static Optional<LedgerKind> parse(String text) {
    return Spelling.parse(values(), text);
  }
}

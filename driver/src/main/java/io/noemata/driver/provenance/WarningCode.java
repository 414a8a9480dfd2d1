package io.noemata.driver.provenance;

/**
 * The SQLState and vendor code of every warning the driver attaches. Both are stable: tools and
 * tests may match on them. SQLStates are in class {@code 01} (warning) with an implementation
 * subclass starting with {@code N}; vendor codes are in the 9100 range, clear of ClickHouse's own
 * error codes. The first four are the seed's provenance words ({@code substituted}, {@code kept},
 * {@code rollup}, {@code skipped_rollup}: {@link io.noemata.rewriter.provenance.ResourceUse}).
 */
public enum WarningCode {
  /** A Map subscript is read from the stored column that holds it. */
  SUBSTITUTED("01N11", 9111),
  /** A Map subscript a stored column holds was kept as written, with the reason. */
  KEPT("01N12", 9112),
  /** A query level reads a rollup (its target; the warning names its stable view) instead of the raw table. */
  ROLLUP("01N21", 9121),
  /** A ready rollup was not read by a query level, with the reason and what would make it match. */
  SKIPPED_ROLLUP("01N22", 9122),
  /** A rollup of a table the statement names is quarantined (it failed the online check): not read. */
  ROLLUP_QUARANTINED("01N23", 9123),
  /**
   * A ready rollup was not read because rows reached days of the window after it read them (late
   * rows, {@link io.noemata.rewriter.provenance.RollupSkip#LATE_ROWS}); the message names the days
   * and the remedy, {@code noemata repair}.
   */
  ROLLUP_LATE_ROWS("01N24", 9124),
  /** The statement was not understood by the rewriter and was sent as written. */
  NOT_UNDERSTOOD("01N30", 9130),
  /** {@code noemata.rewrite=dry-run}: sent as written; the message holds what would have been sent. */
  DRY_RUN("01N40", 9140),
  /** The rewritten statement failed where the original would not; the original ran instead. */
  FALLBACK("01N50", 9150),
  /** The catalog of installed accelerators could not be read; the statement was sent as written. */
  CATALOG_UNAVAILABLE("01N60", 9160),
  /** The rewriter failed internally; the statement was sent as written. */
  REWRITER_ERROR("01N70", 9170);

  private final String sqlState;
  private final int vendorCode;

  WarningCode(String sqlState, int vendorCode) {
    this.sqlState = sqlState;
    this.vendorCode = vendorCode;
  }

  public String sqlState() {
    return sqlState;
  }

  public int vendorCode() {
    return vendorCode;
  }
}

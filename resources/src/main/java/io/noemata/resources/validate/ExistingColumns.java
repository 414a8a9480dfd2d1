package io.noemata.resources.validate;

import io.noemata.resources.catalog.PhysicalColumn;
import io.noemata.resources.catalog.PhysicalTable;
import io.noemata.core.expr.CanonicalExpr;
import java.util.Optional;

/**
 * "An existing column for the same expression satisfies the entry": the rule validation applies,
 * for the installer, which then installs nothing for the entry.
 */
public final class ExistingColumns {

  private ExistingColumns() {}

  /** The column of {@code table} that already stores {@code expression}, if any. */
  public static Optional<PhysicalColumn> find(CanonicalExpr expression, PhysicalTable table) {
    return OnlineChecks.existing(expression, table);
  }
}

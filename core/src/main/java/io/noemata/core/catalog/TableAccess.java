package io.noemata.core.catalog;

import java.util.Objects;
import java.util.Set;

/**
 * What the server lets the catalog's user read of one table, read with the user's own rights when
 * the catalog is: whether a read of it is allowed at all, which columns are refused, and the row
 * filter its row policies put on the user's reads. An accelerator answers a statement for a user
 * only where it shows that user what the table would (see the rewriter's access check).
 *
 * @param readable whether the user may read some column of it (else the server refuses any read)
 * @param refusedColumns the columns the user may not read; empty when every column is readable
 * @param rowFilter what the user's reads are filtered by
 */
public record TableAccess(boolean readable, Set<String> refusedColumns, RowFilter rowFilter) {

  public TableAccess {
    refusedColumns = Set.copyOf(refusedColumns);
    Objects.requireNonNull(rowFilter, "rowFilter");
  }

  /** Every column and row readable: what an operator's catalog, or one read without probing, assumes. */
  public static final TableAccess FULL = new TableAccess(true, Set.of(), RowFilter.NONE);

  /** The server refuses every read of the table to the user. */
  public static TableAccess refused() {
    return new TableAccess(false, Set.of(), new RowFilter.Unknown("the table is not readable"));
  }
}

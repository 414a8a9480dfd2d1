package io.noemata.core.catalog;

import java.util.Map;

/**
 * The catalog user's access to the tables accelerators read and are read from, as the catalog read
 * probed it with the user's own rights; {@link #NOT_PROBED} where nobody asked (an operator's
 * hypothetical catalog, tests of rules that are not about access).
 *
 * @param probed whether the server was asked: a probed catalog without an entry for a table knows
 *     nothing of it, and no accelerator reads or is read for it
 * @param tables by table (sources and rollup targets)
 */
public record UserAccess(boolean probed, Map<TableName, TableAccess> tables) {

  public static final UserAccess NOT_PROBED = new UserAccess(false, Map.of());

  public UserAccess {
    tables = Map.copyOf(tables);
  }

  /** What the user may read of {@code table}. */
  public TableAccess of(TableName table) {
    if (!probed) {
      return TableAccess.FULL;
    }
    TableAccess a = tables.get(table);
    return a != null ? a : new TableAccess(true, java.util.Set.of(),
        new RowFilter.Unknown("the catalog read could not ask the server what this user may read of " + table));
  }
}

package io.noemata.installer.ddl;

import io.noemata.core.sql.Literals;
import io.noemata.installer.plan.Accelerator.StoredColumn;

/** The seed's stored column: MATERIALIZED {@code __nm_<hash>} compressed with ZSTD(1), filled by MATERIALIZE COLUMN. */
public final class ColumnDdl {

  private ColumnDdl() {}

  public static String add(StoredColumn c) {
    return alter(c) + " ADD COLUMN IF NOT EXISTS " + definition(c);
  }

  /** Repairs a column whose expression or type drifted. */
  public static String modify(StoredColumn c) {
    return alter(c) + " MODIFY COLUMN " + definition(c);
  }

  public static String materialize(StoredColumn c) {
    return alter(c) + " MATERIALIZE COLUMN " + Literals.identifier(c.object());
  }

  public static String drop(String database, String table, String column) {
    return "ALTER TABLE " + Literals.qualified(database, table) + " DROP COLUMN IF EXISTS " + Literals.identifier(column);
  }

  private static String definition(StoredColumn c) {
    // type and expression were parsed and printed canonically by the resources module, never pasted
    return Literals.identifier(c.object()) + " " + c.type() + " MATERIALIZED " + c.expression() + " CODEC(ZSTD(1))";
  }

  private static String alter(StoredColumn c) {
    return "ALTER TABLE " + Literals.qualified(c.table().database(), c.table().table());
  }
}

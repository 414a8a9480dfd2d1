package io.noemata.installer.ddl;

import io.noemata.core.sql.Literals;
import io.noemata.installer.plan.Accelerator.StoredColumn;
import io.noemata.resources.model.PhysicalName;
import java.util.ArrayList;
import java.util.List;

/**
 * The seed's stored column: MATERIALIZED {@code __nm_<hash>} compressed with ZSTD(1), filled by
 * MATERIALIZE COLUMN. Over a Distributed table the column is stored on the local table of every
 * server, and then declared on the Distributed table too: a MATERIALIZED column of the local table
 * is not readable through a Distributed table that lacks it (ClickHouse #65513).
 */
public final class ColumnDdl {

  private ColumnDdl() {}

  /** Every statement installing {@code c}: add (or, repairing, modify) where it is stored and on the Distributed table, then fill. */
  public static List<String> statements(StoredColumn c, Placement p, boolean modify) {
    List<String> out = new ArrayList<>();
    out.add(modify ? modify(c, p) : add(c, p));
    if (c.spread().isPresent()) {
      out.add(alter(c.table(), p) + " ADD COLUMN IF NOT EXISTS " + distributedDefinition(c));
      if (modify) {
        out.add(alter(c.table(), p) + " MODIFY COLUMN " + distributedDefinition(c));
      }
    }
    out.add(materialize(c, p));
    return out;
  }

  public static String add(StoredColumn c, Placement p) {
    return alter(c.storage(), p) + " ADD COLUMN IF NOT EXISTS " + definition(c);
  }

  /** Repairs a column whose expression or type drifted. */
  public static String modify(StoredColumn c, Placement p) {
    return alter(c.storage(), p) + " MODIFY COLUMN " + definition(c);
  }

  public static String materialize(StoredColumn c, Placement p) {
    return alter(c.storage(), p) + " MATERIALIZE COLUMN " + Literals.identifier(c.object());
  }

  public static String drop(String database, String table, String column, Placement p) {
    return alter(new PhysicalName(database, table), p) + " DROP COLUMN IF EXISTS " + Literals.identifier(column);
  }

  private static String definition(StoredColumn c) {
    // type and expression were parsed and printed canonically by the resources module, never pasted
    return distributedDefinition(c) + " CODEC(ZSTD(1))";
  }

  /** A Distributed table stores nothing: the column without a codec, read from the shards' local tables. */
  private static String distributedDefinition(StoredColumn c) {
    return Literals.identifier(c.object()) + " " + c.type() + " MATERIALIZED " + c.expression();
  }

  static String alter(PhysicalName table, Placement p) {
    return "ALTER TABLE " + Literals.qualified(table.database(), table.table()) + p.onCluster(table.database());
  }
}

package io.noemata.installer.ddl;

import io.noemata.core.sql.Literals;
import io.noemata.installer.plan.Accelerator.SkipIndex;
import io.noemata.resources.model.PhysicalName;
import java.util.List;

/**
 * The seed's skip indexes: bloom_filter(0.01), minmax, set(1000) (each GRANULARITY 1) and
 * text(tokenizer = 'splitByNonAlpha') ({@code IndexKind.clickHouseType()}, GRANULARITY included), built for
 * existing parts by MATERIALIZE INDEX. Over a Distributed table, on the local table of every server.
 */
public final class IndexDdl {

  private IndexDdl() {}

  public static List<String> statements(SkipIndex i, Placement p) {
    return List.of(add(i, p), materialize(i, p));
  }

  public static String add(SkipIndex i, Placement p) {
    return ColumnDdl.alter(i.storage(), p) + " ADD INDEX IF NOT EXISTS " + Literals.identifier(i.object()) + " "
        + Literals.identifier(i.column()) + " TYPE " + i.typeSql();
  }

  public static String materialize(SkipIndex i, Placement p) {
    return ColumnDdl.alter(i.storage(), p) + " MATERIALIZE INDEX " + Literals.identifier(i.object());
  }

  public static String drop(String database, String table, String index, Placement p) {
    return ColumnDdl.alter(new PhysicalName(database, table), p) + " DROP INDEX IF EXISTS "
        + Literals.identifier(index);
  }
}

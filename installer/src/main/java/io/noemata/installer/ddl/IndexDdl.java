package io.noemata.installer.ddl;

import io.noemata.core.sql.Literals;
import io.noemata.installer.plan.Accelerator.SkipIndex;

/**
 * The seed's skip indexes: bloom_filter(0.01), minmax, set(1000) (each GRANULARITY 1) and
 * text(tokenizer = 'splitByNonAlpha') ({@code IndexKind.clickHouseType()}, GRANULARITY included), built for
 * existing parts by MATERIALIZE INDEX.
 */
public final class IndexDdl {

  private IndexDdl() {}

  public static String add(SkipIndex i) {
    return alter(i) + " ADD INDEX IF NOT EXISTS " + Literals.identifier(i.object()) + " "
        + Literals.identifier(i.column()) + " TYPE " + i.typeSql();
  }

  public static String materialize(SkipIndex i) {
    return alter(i) + " MATERIALIZE INDEX " + Literals.identifier(i.object());
  }

  public static String drop(String database, String table, String index) {
    return "ALTER TABLE " + Literals.qualified(database, table) + " DROP INDEX IF EXISTS " + Literals.identifier(index);
  }

  private static String alter(SkipIndex i) {
    return "ALTER TABLE " + Literals.qualified(i.table().database(), i.table().table());
  }
}

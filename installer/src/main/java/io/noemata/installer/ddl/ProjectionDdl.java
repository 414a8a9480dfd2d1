package io.noemata.installer.ddl;

import io.noemata.core.sql.Literals;
import io.noemata.installer.plan.Accelerator.Projection;
import java.util.stream.Collectors;

/**
 * Projections: ADD PROJECTION, then MATERIALIZE PROJECTION for existing parts (waited for). The
 * table first gets the settings that rebuild projections as rows are deleted (lightweight DELETE)
 * or merged away (ReplacingMergeTree and friends), so projections stay right.
 */
public final class ProjectionDdl {

  private ProjectionDdl() {}

  public static String settings(Projection p) {
    return alter(p) + " MODIFY SETTING lightweight_mutation_projection_mode = 'rebuild',"
        + " deduplicate_merge_projection_mode = 'rebuild'";
  }

  public static String add(Projection p) {
    return alter(p) + " ADD PROJECTION IF NOT EXISTS " + Literals.identifier(p.object()) + " (" + select(p) + ")";
  }

  public static String materialize(Projection p) {
    return alter(p) + " MATERIALIZE PROJECTION " + Literals.identifier(p.object());
  }

  public static String drop(String database, String table, String projection) {
    return "ALTER TABLE " + Literals.qualified(database, table) + " DROP PROJECTION IF EXISTS "
        + Literals.identifier(projection);
  }

  static String select(Projection p) {
    return "SELECT " + p.columns().stream().map(Literals::identifier).collect(Collectors.joining(", "))
        + " ORDER BY (" + p.orderBy().stream().map(Literals::identifier).collect(Collectors.joining(", ")) + ")";
  }

  private static String alter(Projection p) {
    return "ALTER TABLE " + Literals.qualified(p.table().database(), p.table().table());
  }
}

package io.noemata.installer.ddl;

import io.noemata.core.sql.Literals;
import io.noemata.installer.plan.Accelerator.Projection;
import io.noemata.resources.model.PhysicalName;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Projections: ADD PROJECTION, then MATERIALIZE PROJECTION for existing parts (waited for). The
 * table first gets the settings that rebuild projections as rows are deleted (lightweight DELETE)
 * or merged away (ReplacingMergeTree and friends), so projections stay right. Over a Distributed
 * table, all of it on the local table of every server.
 */
public final class ProjectionDdl {

  private ProjectionDdl() {}

  public static List<String> statements(Projection p, Placement pl) {
    return List.of(settings(p, pl), add(p, pl), materialize(p, pl));
  }

  public static String settings(Projection p, Placement pl) {
    return ColumnDdl.alter(p.storage(), pl) + " MODIFY SETTING lightweight_mutation_projection_mode = 'rebuild',"
        + " deduplicate_merge_projection_mode = 'rebuild'";
  }

  public static String add(Projection p, Placement pl) {
    return ColumnDdl.alter(p.storage(), pl) + " ADD PROJECTION IF NOT EXISTS " + Literals.identifier(p.object())
        + " (" + select(p) + ")";
  }

  public static String materialize(Projection p, Placement pl) {
    return ColumnDdl.alter(p.storage(), pl) + " MATERIALIZE PROJECTION " + Literals.identifier(p.object());
  }

  public static String drop(String database, String table, String projection, Placement pl) {
    return ColumnDdl.alter(new PhysicalName(database, table), pl) + " DROP PROJECTION IF EXISTS "
        + Literals.identifier(projection);
  }

  static String select(Projection p) {
    return "SELECT " + p.columns().stream().map(Literals::identifier).collect(Collectors.joining(", "))
        + " ORDER BY (" + p.orderBy().stream().map(Literals::identifier).collect(Collectors.joining(", ")) + ")";
  }
}

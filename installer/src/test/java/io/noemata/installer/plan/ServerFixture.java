package io.noemata.installer.plan;

import io.noemata.core.system.SystemColumn;
import io.noemata.core.naming.Names;
import io.noemata.installer.ddl.Placement;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * A {@link ServerState} built in a test: what a server would report after installing the given
 * accelerators, which a test then breaks one piece at a time to show drift.
 */
final class ServerFixture {

  final Map<String, SystemColumn> columns = new HashMap<>();
  final Map<String, String> indexes = new HashMap<>();
  final Set<String> projections = new HashSet<>();
  final Map<String, String> tables = new HashMap<>();
  final Map<String, String> digests = new HashMap<>();
  final Set<String> uneven = new HashSet<>();

  /** The server with {@code installed} in place, as the installer leaves it. */
  static ServerFixture with(Accelerator... installed) {
    ServerFixture f = new ServerFixture();
    for (Accelerator a : installed) {
      f.install(a);
    }
    return f;
  }

  private void install(Accelerator a) {
    String at = a.table().database() + "." + a.storage().table() + ".";
    if (a instanceof Accelerator.StoredColumn c) {
      columns.put(at + c.object(), column(a.storage().table(), c.object(), "MATERIALIZED", c.expression()));
    } else if (a instanceof Accelerator.SkipIndex i) {
      indexes.put(at + i.object(), i.typeSql());
    } else if (a instanceof Accelerator.Projection p) {
      projections.add(at + p.object());
    } else {
      Accelerator.Rollup r = (Accelerator.Rollup) a;
      String db = r.table().database() + ".";
      tables.put(db + r.object(), "CREATE TABLE " + r.object() + " ENGINE = AggregatingMergeTree");
      String mv = "CREATE MATERIALIZED VIEW " + r.materializedView() + " TO " + r.object();
      tables.put(db + r.materializedView(), mv);
      digests.put(db + r.materializedView(), Names.sha256Hex(mv));
      tables.put(db + r.stableView(), "CREATE VIEW " + r.stableView() + " AS SELECT * FROM " + r.object());
    }
  }

  /** A column of {@code traces.table} as {@code system.columns} reports it. */
  static SystemColumn column(String table, String name, String defaultKind, String expression) {
    return new SystemColumn("traces", table, name, "String", defaultKind, expression);
  }

  ServerState on(Placement placement) {
    return new ServerState(columns, indexes, projections, tables, Map.of(), digests, uneven, placement);
  }

  ServerState single() {
    return on(Placement.SINGLE);
  }
}

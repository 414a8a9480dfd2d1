package io.noemata.installer.plan;

import io.noemata.core.expr.Canonical;
import io.noemata.core.expr.ExprException;
import io.noemata.core.expr.ExprParser;
import io.noemata.core.system.SystemColumn;
import io.noemata.installer.ddl.Placement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Drift: an installed accelerator's objects as the server reports them, compared in the server's
 * own words ("drift compares the whole statement ... as the server writes it"), on every server of
 * a cluster. The words name the object and what differs; the plan shows them as a repair's reason.
 */
final class Drift {

  private Drift() {}

  /** What is missing or different on the server (on any server of the cluster); empty when it is as installed. */
  public static Optional<String> of(Accelerator a, ServerState server) {
    return Optional.ofNullable(find(a, server, server.placement()));
  }

  private static String find(Accelerator a, ServerState server, Placement placement) {
    String db = a.table().database();
    String t = a.storage().table();
    String everywhere = placement.cluster().map(c -> " on some server of cluster " + c).orElse("");
    if (a instanceof Accelerator.StoredColumn c) {
      List<String> tables = c.spread().isPresent() && !c.existing() ? List.of(t, a.table().table()) : List.of(t);
      for (String table : tables) {
        SystemColumn col = server.columns().get(db + "." + table + "." + c.object());
        if (col == null) {
          return "column " + c.object() + " is missing" + (table.equals(t) ? "" : " on the Distributed table " + table);
        }
        if (!c.existing() && (!col.materialized() || !c.expression().equals(canonical(col.defaultExpression())))) {
          return "column " + c.object() + " of " + table + " is " + (col.defaultKind().isEmpty() ? "not MATERIALIZED"
              : col.defaultKind() + " " + col.defaultExpression());
        }
        if (server.unevenOnCluster(db + "." + table + "." + c.object())) {
          return "column " + c.object() + " of " + table + " is missing or different" + everywhere;
        }
      }
      return null;
    }
    String key = db + "." + t + "." + a.object();
    if (a instanceof Accelerator.SkipIndex i) {
      return !server.indexes().containsKey(key) ? "index " + i.object() + " is missing"
          : server.unevenOnCluster(key) ? "index " + i.object() + " is missing or different" + everywhere : null;
    }
    if (a instanceof Accelerator.Projection p) {
      return !server.projections().contains(key) ? "projection " + p.object() + " is missing"
          : server.unevenOnCluster(key) ? "projection " + p.object() + " is missing or different" + everywhere : null;
    }
    Accelerator.Rollup r = (Accelerator.Rollup) a;
    Map<String, String> objects = new LinkedHashMap<>();
    objects.put(r.storageTarget(), r.spread().isPresent() ? "local target " : "target ");
    objects.putIfAbsent(r.object(), "Distributed target ");
    objects.put(r.materializedView(), "materialized view ");
    objects.put(r.stableView(), "stable view ");
    for (Map.Entry<String, String> o : objects.entrySet()) {
      if (!server.hasTable(db, o.getKey())) {
        return o.getValue() + o.getKey() + " is missing";
      }
      if (server.unevenOnCluster(db + "." + o.getKey())) {
        return o.getValue() + o.getKey() + " is missing or written differently" + everywhere;
      }
    }
    // the schedule and the feed as the server writes them: a refresh declared, changed or dropped
    Optional<String> feed = io.noemata.installer.ddl.RollupDdl.refreshDrift(r, server.statement(db, r.materializedView()));
    if (feed.isPresent()) {
      return feed.get();
    }
    if (server.changedSinceRecorded(db, r.materializedView())) {
      return "materialized view " + r.materializedView() + " changed on the server";
    }
    if (!server.statement(db, r.stableView()).contains(r.object())) {
      return "stable view " + r.stableView() + " does not read " + r.object();
    }
    return null;
  }

  private static String canonical(String expression) {
    try {
      return Canonical.text(ExprParser.parse(expression, ExprParser.Mode.ROW));
    } catch (ExprException e) {
      return expression;
    }
  }

}

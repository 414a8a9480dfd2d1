package io.noemata.cli;

import io.noemata.core.ledger.Json;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.installer.plan.Change;
import io.noemata.installer.plan.Plan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code --json} output of plans and the ledger. */
final class PlanJson {

  private PlanJson() {}

  static String plan(Plan p, String outcome) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("namespace", p.namespace());
    m.put("revision", p.revision());
    m.put("cluster", p.placement().cluster().orElse(null));
    m.put("on_cluster", p.placement().onCluster());
    m.put("runs", p.placement().describe());
    m.put("outcome", outcome);
    m.put("warnings", p.warnings());
    List<Object> changes = new ArrayList<>();
    for (Change c : p.changes()) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("action", c.verb().word());
      x.put("kind", c.kind().text());
      x.put("key", c.key());
      x.put("table", c.table());
      x.put("object", c.object());
      x.put("reason", c.reason());
      x.put("ddl", c.ddl());
      changes.add(x);
    }
    m.put("changes", changes);
    return Json.write(m);
  }

  static String ledger(List<LedgerRow> rows) {
    List<Object> out = new ArrayList<>();
    for (LedgerRow r : rows) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("kind", r.identity().kind().text());
      x.put("key", r.identity().key());
      x.put("table", r.identity().table().toString());
      x.put("object", r.identity().object());
      x.put("content_hash", r.declared().contentHash());
      x.put("state", r.state().text());
      x.put("async", r.declared().async());
      x.put("file", r.declared().file());
      x.put("revision", r.declared().revision());
      x.put("stable_view", r.shape().stableView());
      x.put("cutover", str(r.backfill().cutover()));
      x.put("backfill_floor", str(r.backfill().backfillFloor()));
      x.put("backfilled_from", str(r.backfill().backfilledFrom()));
      x.put("retired_at", str(r.retirement().retiredAt()));
      x.put("prune_after", str(r.retirement().pruneAfter()));
      x.put("pruned_at", str(r.retirement().prunedAt()));
      x.put("quarantine", r.quarantine().reason().isEmpty() ? null : r.quarantine().reason());
      x.put("quarantine_days", r.quarantine().days().stream().map(Object::toString).toList());
      x.put("declaration", r.declared().declaration());
      x.put("updated_at", r.updatedAt().toString());
      out.add(x);
    }
    return Json.write(Map.of("format_version", io.noemata.core.ledger.LedgerSchema.FORMAT_VERSION, "ledger", out));
  }

  private static String str(Object o) {
    return o == null ? null : o.toString();
  }
}

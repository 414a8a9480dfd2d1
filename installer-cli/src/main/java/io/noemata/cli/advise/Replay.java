package io.noemata.cli.advise;

import io.noemata.rewriter.provenance.ResourceUse;
import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.rewriter.provenance.Provenance;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.Rewriter;
import io.noemata.rewriter.provenance.RollupUse;
import io.noemata.rewriter.provenance.StoredColumnUse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One workload query replayed through the rewriter against the hypothetical catalog: what would
 * answer it and why every other candidate would not.
 *
 * @param query the query
 * @param rewritten what the driver would send
 * @param rollupsRead the rollup keys its levels would read (one per level at most)
 * @param rawEdges true when a level reads whole buckets from a rollup and its ragged edges raw
 * @param columnsRead the proposal's column entry keys whose stored column it would read
 * @param skipped every candidate rollup it would not read, with the rewriter's code and reason
 * @param notUnderstood the parser's refusal when the statement is sent as written; else null
 */
public record Replay(WorkloadQuery query, String rewritten, List<String> rollupsRead, boolean rawEdges,
    List<String> columnsRead, List<ResourceUse.SkippedRollup> skipped, String notUnderstood) {

  public Replay {
    rollupsRead = List.copyOf(rollupsRead);
    columnsRead = List.copyOf(columnsRead);
    skipped = List.copyOf(skipped);
  }

  public boolean accelerated() {
    return !rollupsRead.isEmpty() || !columnsRead.isEmpty();
  }

  /**
   * @param columnKeys the proposal's column entries by the stored column's name
   */
  public static Replay of(WorkloadQuery q, CatalogSnapshot snapshot, String defaultDatabase,
      Map<String, String> columnKeys) {
    RewriteResult r = Rewriter.rewrite(q.sql(), snapshot, defaultDatabase);
    Provenance p = r.provenance();
    List<String> read = new ArrayList<>();
    List<ResourceUse.SkippedRollup> skipped = new ArrayList<>();
    boolean edges = false;
    for (RollupUse u : p.rollups()) {
      if (u instanceof ResourceUse.Rollup rollup) {
        read.add(rollup.rollup());
        edges |= rollup.rawEdges();
      } else if (u instanceof ResourceUse.SkippedRollup s) {
        skipped.add(s);
      }
    }
    List<String> columns = new ArrayList<>();
    for (StoredColumnUse u : p.storedColumns()) {
      if (u.substituted()) {
        String key = columnKeys.getOrDefault(u.column(), u.column());
        if (!columns.contains(key)) {
          columns.add(key);
        }
      }
    }
    return new Replay(q, r.sql(), read, edges, columns, skipped, p.notUnderstood());
  }
}

package io.noemata.rewriter.provenance;

import java.util.List;

/**
 * A rollup use flattened for assertions (tests only): {@code code}, {@code reason} and
 * {@code remedy} are null when the rollup was read, {@code rawEdges} false when it was skipped.
 */
public record RollupDecision(int level, String table, String rollup, String stableView, boolean read,
    boolean rawEdges, RollupSkip code, String reason, String remedy) {

  public static RollupDecision of(RollupUse u) {
    if (u instanceof ResourceUse.Rollup r) {
      return new RollupDecision(r.level(), r.table(), r.rollup(), r.stableView(), true, r.rawEdges(), null, null,
          null);
    }
    ResourceUse.SkippedRollup s = (ResourceUse.SkippedRollup) u;
    return new RollupDecision(s.level(), s.table(), s.rollup(), s.stableView(), false, false, s.code(), s.reason(),
        s.remedy());
  }

  public static List<RollupDecision> of(List<? extends RollupUse> uses) {
    return uses.stream().map(RollupDecision::of).toList();
  }

  /** Every rollup decision of {@code p}, in order. */
  public static List<RollupDecision> rollups(Provenance p) {
    return of(p.rollups());
  }
}

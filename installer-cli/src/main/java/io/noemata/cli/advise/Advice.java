package io.noemata.cli.advise;

import java.util.List;
import java.util.Map;

/**
 * What advise found: the proposal and its file, the hypothetical install it was checked against,
 * each query's replay, needs and projected rows, and the sizes of what it would store.
 *
 * @param columnBytes uncompressed bytes each proposed column adds (0 for one the table already has)
 * @param fedFromTable rollups kept off a ladder because the finer rollup would then answer their
 *     queries instead of them (the rewriter's WHOLE_BUCKETS_PREFERRED)
 * @param dropped rollups considered and left out, with the rewriter's reason it would not read them
 */
public record Advice(Proposal proposal, String resourcesFile, Hypothesis hypothesis, List<Replay> replays,
    List<QueryNeeds> needs, List<RowsRead> rowsRead, Map<String, Estimates.RollupSize> rollupSizes,
    Map<String, Long> columnBytes, java.util.Set<String> fedFromTable, Map<String, String> dropped) {

  public Advice {
    replays = List.copyOf(replays);
    needs = List.copyOf(needs);
    rowsRead = List.copyOf(rowsRead);
    rollupSizes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(rollupSizes));
    columnBytes = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(columnBytes));
    fedFromTable = java.util.Collections.unmodifiableSet(new java.util.TreeSet<>(fedFromTable));
    dropped = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(dropped));
  }

  /** Whether the proposed file validates (warnings allowed). */
  public boolean valid() {
    return hypothesis.report().exitCode() == 0;
  }
}

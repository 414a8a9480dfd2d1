package io.noemata.cli.advise;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Rows one query would read: raw as {@code EXPLAIN ESTIMATE} says today, and with the proposal
 * installed. A rollup level reads the rows of the day partitions its window touches (targets are
 * partitioned by day and sorted by dimensions first, so a window rarely prunes inside a day), plus,
 * for a window whose bounds fall inside buckets, the raw rows the engine reads for those edges
 * ({@code EXPLAIN ESTIMATE} of the level's filter with the edges' condition, as the union rewrite
 * sends it). A level answered by stored columns reads as many rows as raw.
 *
 * @param rawRows rows read as written; empty when the server could not estimate them
 * @param projectedRows rows read through the proposal; empty when unknown
 */
public record RowsRead(OptionalLong rawRows, OptionalLong projectedRows) {

  /** Raw rows the engine reads for a level's edges outside whole buckets of a grain. */
  interface EdgeRows {
    OptionalLong of(LevelNeed level, long grainSeconds);
  }

  static RowsRead of(Replay r, QueryNeeds needs, OptionalLong raw, Map<String, Estimates.RollupSize> sizes,
      Map<String, Long> grains, EdgeRows edgeRows) {
    if (r.rollupsRead().isEmpty()) {
      return new RowsRead(raw, raw);
    }
    List<LevelNeed> levels = needs.levels().stream().filter(LevelNeed::rollup).toList();
    long rows = 0;
    for (int i = 0; i < r.rollupsRead().size(); i++) {
      String key = r.rollupsRead().get(i);
      Estimates.RollupSize size = sizes.get(key);
      LevelNeed level = levels.isEmpty() ? null : levels.get(Math.min(i, levels.size() - 1));
      if (size == null || level == null || level.window() == null) {
        return new RowsRead(raw, OptionalLong.empty());
      }
      TimeWindow w = level.window();
      rows += size.rowsIn(w.from(), w.to(), w.lengthSeconds());
      if (r.rawEdges()) {
        OptionalLong edges = edgeRows.of(level, grains.getOrDefault(key, 1L));
        if (edges.isEmpty()) {
          return new RowsRead(raw, OptionalLong.empty());
        }
        rows += edges.getAsLong();
      }
    }
    return new RowsRead(raw, OptionalLong.of(rows));
  }
}

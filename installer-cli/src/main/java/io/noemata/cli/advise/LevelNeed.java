package io.noemata.cli.advise;

import java.util.List;
import java.util.Objects;

/**
 * What one query level needs from accelerators, as far as the proposal goes: the rollup shape that
 * would answer it (grain, dimensions, measures of its view table), the Map subscripts it filters or
 * groups by, and the point filters a skip index could serve. Whether the proposal really answers the
 * level is decided by the rewriter, never here.
 *
 * @param view the view table of the level's physical table
 * @param grainSeconds the rollup grain that answers it; 0 when no rollup can ({@code noRollup} says why)
 * @param noRollup why no rollup can answer the level; null when one can
 * @param dimensions the columns and subscripts the level reads outside its aggregates, point filters first
 * @param measures the view table's measures its aggregates read
 * @param subscripts the Map subscripts it filters or groups by
 * @param pointFilters what it compares with constants ({@code = 'x'}, {@code IN (...)})
 * @param window the time window, null when it has none
 * @param where the level's WHERE as written, null when it has none (to estimate the raw rows of a
 *     window's edges)
 */
public record LevelNeed(FrameIndex.ViewTable view, long grainSeconds, String noRollup, List<Dimension> dimensions,
    List<String> measures, List<Dimension> subscripts, List<Dimension> pointFilters, TimeWindow window,
    String where) {

  public LevelNeed {
    Objects.requireNonNull(view, "view");
    dimensions = List.copyOf(dimensions);
    measures = List.copyOf(measures);
    subscripts = List.copyOf(subscripts);
    pointFilters = List.copyOf(pointFilters);
    if ((grainSeconds > 0) == (noRollup != null)) {
      throw new IllegalArgumentException("a level either has a rollup grain or a reason it has none");
    }
  }

  public boolean rollup() {
    return grainSeconds > 0;
  }
}

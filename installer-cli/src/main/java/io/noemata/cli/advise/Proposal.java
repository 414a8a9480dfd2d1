package io.noemata.cli.advise;

import java.util.List;
import java.util.Objects;


/**
 * The accelerators advise proposes, each with the workload queries that called for it. Entries
 * name tables as their view table ({@code frameId#alias}); a rollup's dimensions name columns of the
 * table or column entries of the proposal.
 */
public record Proposal(List<Column> columns, List<Index> indexes, List<Rollup> rollups) {

  public Proposal {
    columns = List.copyOf(columns);
    indexes = List.copyOf(indexes);
    rollups = List.copyOf(rollups);
  }

  /** A stored column for a Map subscript the workload filters or groups by. */
  public record Column(String key, FrameIndex.ViewTable view, Dimension subscript, List<String> why) {
    public Column {
      Objects.requireNonNull(key, "key");
      why = List.copyOf(why);
    }
  }

  /** A bloom_filter index for point filters of queries no rollup answers. */
  public record Index(String key, FrameIndex.ViewTable view, String column, List<String> why) {
    public Index {
      Objects.requireNonNull(key, "key");
      why = List.copyOf(why);
    }
  }

  /**
   * A rollup at the grain the workload buckets by.
   *
   * @param dimensions names of table columns or of column entries
   * @param from the finer rollup it is fed from, null when fed from the table
   * @param refresh the {@code "every"} of a refreshed rollup (its table replaces, collapses or
   *     deletes rows, so inserts cannot feed it), such as {@code 5m}; null when fed by inserts
   */
  public record Rollup(String key, FrameIndex.ViewTable view, long grainSeconds, List<String> dimensions,
      List<String> measures, String from, List<String> why, String refresh) {

    /** A rollup fed by inserts. */
    public Rollup(String key, FrameIndex.ViewTable view, long grainSeconds, List<String> dimensions,
        List<String> measures, String from, List<String> why) {
      this(key, view, grainSeconds, dimensions, measures, from, why, null);
    }

    /** The same refreshed every {@code every}, fed from no finer rollup. */
    public Rollup refreshed(String every) {
      return new Rollup(key, view, grainSeconds, dimensions, measures, null, why, every);
    }

    public Rollup {
      Objects.requireNonNull(key, "key");
      dimensions = List.copyOf(dimensions);
      measures = List.copyOf(measures);
      why = List.copyOf(why);
    }
  }

  /** A grain as the resources format writes it: 1d, 1h, 5m, 30s. */
  public static String grainText(long seconds) {
    if (seconds % 86400 == 0) {
      return seconds / 86400 + "d";
    }
    if (seconds % 3600 == 0) {
      return seconds / 3600 + "h";
    }
    if (seconds % 60 == 0) {
      return seconds / 60 + "m";
    }
    return seconds + "s";
  }
}

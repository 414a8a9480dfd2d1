package io.noemata.rewriter.cost;

import io.noemata.core.catalog.TableRows;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The estimated cost of reading a window, in rows' worth ({@link #ROW}): a fixed cost for each table
 * read and for each part it touches ({@link TableRows}: active parts and their time ranges; the
 * engine skips a part whose range misses the window), plus the rows the engine reads, each weighted
 * by the level's aggregates ({@link AggregateKind}). Windows are in nanoseconds since the epoch; a
 * null bound is open.
 *
 * <p>The fixed terms were measured on the embedded engine (ClickHouse 26.5, chDB, 2-core AMD EPYC,
 * 24 GiB, idle but for another engine) over the demo data at 2M rows per table (day parts of
 * 250,000 rows, 31 granules; {@code logs_1h} day parts of 192 rows): the server's own elapsed time
 * ({@code X-ClickHouse-Summary} {@code elapsed_ns}) of each query with {@code FORMAT Null}, median
 * of 101 interleaved runs in shuffled order, and {@code EXPLAIN ESTIMATE} for the parts and granules
 * each read. {@code SELECT 1} took 0.73 ms; a raw read whose window misses every part ({@code
 * SELECT toStartOfInterval(Timestamp, INTERVAL 1 HOUR) AS time, count() ... GROUP BY time}) 2.46 ms,
 * the same on a rollup target 1.98 ms; one part and one granule 3.47 ms, each further part with its
 * granule +1.04 ms (2, 4 parts: 4.77, 6.60 ms); further granules of one part, narrowed by a range on
 * the sorting key, +0.20 ms each (4, 16: 4.29, 6.68 ms: ~24 ns a row, one stream); whole parts,
 * which the engine spreads over both cores: 3 parts of 500,000 rows 9.33 ms, 5 parts of 1,000,000
 * 15.5 ms (~7.5 ns a row beyond the fixed terms). The demo's unaligned 36-hour panel, as the union
 * rewrite sent it (its middle through the stable view, which cost 1.0 ms more than reading the
 * target, 4.87 against 3.87 ms: the rewriter now reads the target): raw 9.05 ms (3 parts, 62
 * granules); the union 10.68 ms, its middle alone 4.87 ms (2 parts), its raw edge alone 7.53 ms (2
 * parts, 4 granules; 6.40 ms without the derived table's second aggregation around it, 1.15 ms more
 * than a plain read of as many parts and granules); the same window at 3 hours: raw 5.40, union
 * 10.19 ms; at 84 hours: raw 14.43, union 11.12 ms. Rerun those queries after an engine upgrade.
 */
public final class ReadCost {

  /** The unit: one source row read and grouped in a read spread over the engine's threads (~7.5 ns). */
  public static final double ROW = 1.0;
  /** Each table read, even one whose window touches no part (~1.5 ms: raw 1.7, a rollup target 1.25). */
  public static final double READ = 200_000;
  /** Each part a read touches: opening it, its marks, its read stream (~1.0 ms). */
  public static final double PART = 130_000;
  /**
   * A rollup read with raw edges, beyond its two reads: the derived table's second aggregation (~1.1
   * ms), the edges' restated filter and grouping by every dimension (~1.1 ms), less what the two
   * branches overlap on two cores (~1 ms).
   */
  public static final double UNION = 170_000;
  /** A row of a raw edge narrowed by its range on the sorting key: read granule by granule, one stream (~24 ns). */
  public static final double EDGE_ROW = 3.2;
  /** Rows per granule ({@code index_granularity}): a read narrowed by the sorting key reads whole granules. */
  public static final long GRANULE = 8192;

  /**
   * One read's estimate.
   *
   * @param fixed the table reads' and parts' fixed costs
   * @param rows the cost of the rows read, weighted by their aggregates
   */
  public record Estimate(double fixed, double rows) {
    public double total() {
      return fixed + rows;
    }
  }

  private ReadCost() {}

  /**
   * Reading {@code [from, until)} of the source table. With {@code wholeParts} (the sorting key
   * leads with a floor of the time column, which the engine does not narrow by a range on the
   * column) every row of each part the window touches; else the window's share of each, in whole
   * granules.
   */
  public static Estimate raw(TableRows source, Long from, Long until, boolean wholeParts, List<AggregateKind> kinds) {
    double fixed = READ;
    double rows = 0;
    for (TableRows.Partition p : source.partitions()) {
      if (overlaps(p, from, until)) {
        fixed += PART;
        rows += wholeParts || untimed(p) ? p.rows() : granules(rows(p, from, until), p);
      }
    }
    return new Estimate(fixed, rows * (ROW + raw(kinds)));
  }

  /**
   * Reading the rollup's whole buckets of the window inside what it covers (every row of each target part they touch: targets are sorted by their dimensions first, so a
   * bucket range narrows nothing inside a part), and, with {@code rawEdges}, a second read of the
   * source rows of the rest of the window, computing {@code edgeKinds} (the rollup's measures).
   * Without {@code keyed} the edges read every row of each source part they touch: the engine does
   * not carry a range on the column to the rest of the key when the table's sorting key does not
   * lead with it. With {@code keyed} (the key leads with the column or a floor of it, and the edges
   * restate their range on it) the edges' own rows in whole granules.
   */
  public static Estimate rollup(TableRows target, TableRows source, Duration grain, Instant coveredFrom,
      Instant coveredUntil, Long from, Long until, boolean rawEdges, boolean keyed, List<AggregateKind> kinds,
      List<AggregateKind> edgeKinds) {
    long g = grain.toNanos();
    long covFrom = nanos(coveredFrom);
    Long covUntil = coveredUntil == null ? null : nanos(coveredUntil);
    long start = Math.max(from == null ? Long.MIN_VALUE : ceil(from, g), covFrom);
    Long end = until == null ? covUntil : covUntil == null ? Long.valueOf(Math.floorDiv(until, g) * g)
        : Long.valueOf(Math.min(Math.floorDiv(until, g) * g, covUntil));
    double fixed = READ;
    double states = 0;
    for (TableRows.Partition p : target.partitions()) {
      if ((end == null || start < end) && overlaps(p, start, end)) {
        fixed += PART;
        states += p.rows();
      }
    }
    double cost = states * (ROW + kinds.stream().mapToDouble(k -> k.state).sum());
    if (rawEdges) {
      fixed += READ + UNION;
      double read = 0;
      for (TableRows.Partition p : source.partitions()) {
        boolean before = from == null || from < start ? overlaps(p, from, start) : false;
        boolean after = end != null && (until == null || until > end) && overlaps(p, end, until);
        if (!before && !after) {
          continue;
        }
        fixed += PART;
        if (!keyed || untimed(p)) {
          read += p.rows() * ROW;
          continue;
        }
        double edge = (before ? granules(rows(p, from, start), p) : 0) + (after ? granules(rows(p, end, until), p) : 0);
        read += Math.min(edge, p.rows()) * EDGE_ROW;
      }
      cost += read * (1 + raw(edgeKinds));
    }
    return new Estimate(fixed, cost);
  }

  private static double raw(List<AggregateKind> kinds) {
    return kinds.stream().mapToDouble(k -> k.raw).sum();
  }

  /** Rows of a part a narrowed read reads for {@code rows} of its own: their granules and the one a boundary cuts. */
  static double granules(double rows, TableRows.Partition p) {
    return Math.min(p.rows(), (Math.ceil(rows / GRANULE) + 1) * GRANULE);
  }

  /** Rows of {@code t} stamped in {@code [from, until)}, each partition's rows spread evenly over its range. */
  static double rows(TableRows t, Long from, Long until) {
    double rows = 0;
    for (TableRows.Partition p : t.partitions()) {
      rows += rows(p, from, until);
    }
    return rows;
  }

  private static boolean untimed(TableRows.Partition p) {
    return p.first().getEpochSecond() == 0 && p.last().getEpochSecond() == 0;
  }

  private static double rows(TableRows.Partition p, Long from, Long until) {
    long first = nanos(p.first());
    long end = nanos(p.last()) + 1_000_000_000L; // the last row's second, whole
    if (untimed(p)) {
      return p.rows(); // a partition without a time range: any window may read it
    }
    long lo = from == null ? first : Math.max(first, from);
    long hi = until == null ? end : Math.min(end, until);
    return hi > lo ? p.rows() * ((double) (hi - lo) / (end - first)) : 0;
  }

  private static boolean overlaps(TableRows.Partition p, Long from, Long until) {
    if (untimed(p)) {
      return true;
    }
    long first = nanos(p.first());
    long end = nanos(p.last()) + 1_000_000_000L;
    return (from == null || end > from) && (until == null || first < until) && (from == null || until == null
        || until > from);
  }

  private static long ceil(long t, long g) {
    return Math.floorDiv(t + g - 1, g) * g;
  }

  private static long nanos(Instant t) {
    if (t.getEpochSecond() < -9_000_000_000L) {
      return Long.MIN_VALUE / 2;
    }
    return t.getEpochSecond() * 1_000_000_000L + t.getNano();
  }
}

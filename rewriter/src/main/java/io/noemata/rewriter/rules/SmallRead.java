package io.noemata.rewriter.rules;

import io.noemata.core.sql.Node;
import io.noemata.core.sql.Statement;
import io.noemata.core.sql.TableExpr;
import io.noemata.rewriter.syntax.Edit;
import io.noemata.rewriter.cost.AggregateKind;
import io.noemata.rewriter.cost.ReadCost;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How the engine reads a statement that the rewriter moved wholly to rollups, from whole buckets or
 * with raw edges, when the reads are estimated small (at most {@link #MAX_COST}, two granules of
 * rows, from whole buckets; {@link #MAX_UNION_COST} with raw edges): one thread,
 * no automatic PREWHERE, no implicit projections. On such a read the engine's fixed costs per part
 * are most of the time. Measured side by side on the embedded engine (ClickHouse 26.5, 2-core AMD
 * EPYC) with a 7-day hourly panel over seven one-part day partitions of 192 rows: 6.5 ms on the
 * server without, 5.1 ms with, 1.4 ms less through JDBC (2.4 ms for {@code SELECT 1}); each setting
 * alone: {@code max_threads = 1} -0.65 ms (no second stream to start and resize into),
 * {@code optimize_move_to_prewhere = 0} -0.75 ms (a bound on the bucket selects whole granules, so
 * a PREWHERE step reads each tiny part twice for nothing), {@code
 * optimize_use_implicit_projections = 0} -0.3 ms (the min-max-count projection analysed per part);
 * later, at 50M source rows through clickhouse-jdbc, {@code output_format_parallel_formatting = 0}
 * 6.92 -> 6.45 ms (no formatter and collector threads started for one small block; {@code SELECT 1}
 * 2.22 ms). Where the level's groups are the rollup's rows, it also reads them with FINAL and no
 * GROUP BY ({@link GroupsAreRows}).
 *
 * <p>None of them changes a result, a column name or a type: they choose how the engine reads, not
 * what. They are added only where merging cannot go wrong: the statement sets no setting of its own
 * and names no FORMAT; every table it reads is a rollup read with an estimate (no table without
 * rollups, no table function); and only those this user may change ({@code system.settings}, in the catalog),
 * since a read-only user's query would fail with them.
 */
public final class SmallRead {

  /** The settings and the values set, in the order they are written. */
  public static final Map<String, String> SETTINGS;

  static {
    Map<String, String> s = new LinkedHashMap<>();
    s.put("max_threads", "1");
    s.put("optimize_move_to_prewhere", "0");
    s.put("optimize_use_implicit_projections", "0");
    s.put("output_format_parallel_formatting", "0");
    SETTINGS = java.util.Collections.unmodifiableMap(s);
  }

  /**
   * The estimated cost of the rows read (weighted by their aggregates, without the fixed cost of
   * each read and part, {@code CheapestRead.Decision.rowCosts}) up to which a read is small: two
   * granules of 8,192 rows. A second thread starts to pay back at about 45,000 (~0.7 ms of fixed
   * cost against ~30 ns a row shared by two).
   */
  static final double MAX_COST = 16_384;

  /**
   * The estimated cost of a union's rows (its middle's states and its raw edges' granules, {@link
   * ReadCost}) up to which it is small: edges of four granules computing two simple measures, and a
   * small middle. Measured side by side on the embedded engine (ClickHouse 26.5, 2-core AMD EPYC)
   * over the demo's 2M rows, on the server: the unaligned 36-hour panel's union (edges of 4 granules
   * in 2 parts) 15.09 ms without the settings, 13.37 ms with; the same range at 3 hours over {@code
   * logs_5m} (edges of 2 granules) 14.73 and 13.48 ms. Beyond a few granules the edges' second
   * stream pays back, so larger unions keep the engine's defaults.
   */
  static final double MAX_UNION_COST = 4 * ReadCost.GRANULE * ReadCost.EDGE_ROW * (1 + 2 * AggregateKind.SIMPLE.raw)
      + MAX_COST;

  private SmallRead() {}

  /**
   * The SETTINGS clause to append, or empty.
   *
   * @param rollupReadsOnly true when every table the statement reads is a rollup read with an
   *     estimate, and at least one is
   * @param cost the sum of the estimated row costs of those read from whole buckets
   * @param unionCost the sum of the estimated row costs of those read with raw edges
   * @param changeable the settings this user may change
   */
  static Optional<Edit> edit(Statement statement, boolean rollupReadsOnly, double cost, double unionCost,
      Set<String> changeable) {
    if (!rollupReadsOnly || cost > MAX_COST || unionCost > MAX_UNION_COST || statement.format() != null
        || hasSettings(statement) || readsFunction(statement)) {
      return Optional.empty();
    }
    List<String> items = new ArrayList<>();
    SETTINGS.forEach((name, value) -> {
      if (changeable.contains(name)) {
        items.add(name + " = " + value);
      }
    });
    if (items.isEmpty()) {
      return Optional.empty();
    }
    int end = statement.query().end();
    return Optional.of(new Edit(end, end, " SETTINGS " + String.join(", ", items)));
  }

  private static boolean hasSettings(Node n) {
    if (n instanceof io.noemata.core.sql.Clause.Settings) {
      return true;
    }
    return n.children().stream().anyMatch(SmallRead::hasSettings);
  }

  private static boolean readsFunction(Node n) {
    if (n instanceof TableExpr.Function) {
      return true;
    }
    return n.children().stream().anyMatch(SmallRead::readsFunction);
  }
}

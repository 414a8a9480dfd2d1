package io.noemata.rewriter.rules;

import io.noemata.core.sql.Node;
import io.noemata.core.sql.Statement;
import io.noemata.core.sql.TableExpr;
import io.noemata.rewriter.Edit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * How the engine reads a statement that the rewriter moved wholly to rollups, from whole buckets,
 * when the reads are estimated small (at most {@link #MAX_COST}, two granules of rows): one thread,
 * no automatic PREWHERE, no implicit projections. On such a read the engine's fixed costs per part
 * are most of the time. Measured side by side on the embedded engine (ClickHouse 26.5, 2-core AMD
 * EPYC) with a 7-day hourly panel over seven one-part day partitions of 192 rows: 6.5 ms on the
 * server without, 5.1 ms with, 1.4 ms less through JDBC (2.4 ms for {@code SELECT 1}); each setting
 * alone: {@code max_threads = 1} -0.65 ms (no second stream to start and resize into),
 * {@code optimize_move_to_prewhere = 0} -0.75 ms (a bound on the bucket selects whole granules, so
 * a PREWHERE step reads each tiny part twice for nothing), {@code
 * optimize_use_implicit_projections = 0} -0.3 ms (the min-max-count projection analysed per part).
 *
 * <p>None of them changes a result, a column name or a type: they choose how the engine reads, not
 * what. They are added only where merging cannot go wrong: the statement sets no setting of its own
 * and names no FORMAT; every table it reads is a rollup read from whole buckets (no raw rows, no
 * table function); and only those this user may change ({@code system.settings}, in the catalog),
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
    SETTINGS = java.util.Collections.unmodifiableMap(s);
  }

  /**
   * The estimated cost of the rows read (weighted by their aggregates, without the fixed cost of
   * each read and part, {@code CheapestRead.Decision.rowCosts}) up to which a read is small: two
   * granules of 8,192 rows. A second thread starts to pay back at about 45,000 (~0.7 ms of fixed
   * cost against ~30 ns a row shared by two).
   */
  static final double MAX_COST = 16_384;

  private SmallRead() {}

  /**
   * The SETTINGS clause to append, or empty.
   *
   * @param wholeRollupReads true when every table the statement reads is a rollup read from whole
   *     buckets with an estimate, and at least one is
   * @param cost the sum of those reads' estimated row costs
   * @param changeable the settings this user may change
   */
  static Optional<Edit> edit(Statement statement, boolean wholeRollupReads, double cost, Set<String> changeable) {
    if (!wholeRollupReads || cost > MAX_COST || statement.format() != null || hasSettings(statement)
        || readsFunction(statement)) {
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

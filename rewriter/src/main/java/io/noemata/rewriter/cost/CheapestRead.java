package io.noemata.rewriter.cost;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableRows;
import io.noemata.rewriter.time.TimeKey;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Among the rollups that answer a level and the raw table, the read with the least estimated cost
 * ({@link ReadCost}). Ties go to the coarser level: candidates come coarsest first and a later one
 * wins only when strictly cheaper; the raw table, the finest level, wins only when strictly cheaper
 * than every rollup, so no accelerator estimated slower than raw is read.
 */
public final class CheapestRead {

  /** A rollup that answers the level, and whether it needs raw rows for part of the window. */
  public record Candidate(Rollup rollup, boolean rawEdges) {}

  /**
   * @param chosen the index of the candidate to read, or -1 for the raw table
   * @param raw the raw table's estimated cost
   * @param costs each candidate's estimated cost, in the candidates' order
   * @param rowCosts the part of each candidate's cost that its rows make, without the fixed costs of
   *     its reads and parts ({@code SmallRead} weighs it)
   */
  public record Decision(int chosen, double raw, List<Double> costs, List<Double> rowCosts) {
    public Decision {
      costs = List.copyOf(costs);
      rowCosts = List.copyOf(rowCosts);
    }

    public boolean rawIsCheaper() {
      return chosen < 0;
    }
  }

  private CheapestRead() {}

  /**
   * The decision, or empty when the catalog holds no row counts for the source or a candidate's
   * target (then the rule chooses by grain alone).
   *
   * @param candidates coarsest first
   * @param targets row counts by rollup target name
   * @param from the window's earliest start (nanoseconds), null when open
   * @param until the window's latest end, null when open
   */
  public static Optional<Decision> choose(List<Candidate> candidates, TableRows source, Map<String, TableRows> targets,
      Long from, Long until, List<AggregateKind> kinds) {
    if (source == null || candidates.isEmpty()) {
      return Optional.empty();
    }
    Optional<TimeKey> key = TimeKey.of(source.leadingKey(), candidates.get(0).rollup().timeColumn());
    double raw = ReadCost.raw(source, from, until, key.filter(k -> k.widthNanos() > 0).isPresent(), kinds).total();
    Double[] costs = new Double[candidates.size()];
    Double[] rowCosts = new Double[candidates.size()];
    int best = -1;
    for (int i = 0; i < candidates.size(); i++) {
      Candidate c = candidates.get(i);
      TableRows target = targets.get(c.rollup().target());
      if (target == null) {
        return Optional.empty();
      }
      Rollup r = c.rollup();
      ReadCost.Estimate e = ReadCost.rollup(target, source, r.grain(), r.coveredFrom(), r.coveredUntil(), from, until,
          c.rawEdges(), key.isPresent(), kinds, AggregateKind.of(r));
      costs[i] = e.total();
      rowCosts[i] = e.rows();
      if (best < 0 || costs[i] < costs[best]) {
        best = i;
      }
    }
    return Optional.of(new Decision(raw < costs[best] ? -1 : best, raw, List.of(costs), List.of(rowCosts)));
  }
}

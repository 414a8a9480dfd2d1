package io.noemata.core.naming;

import io.noemata.core.expr.Canonical;
import io.noemata.core.expr.CanonicalExpr;
import io.noemata.core.sql.Literals;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What a rollup target stores, and nothing else: retention, {@code async} and {@code from} change
 * how it is filled and kept, not its columns, so they are not part of the shape.
 *
 * @param database    the physical table's database
 * @param table       the physical table
 * @param time        the time column the buckets are taken over
 * @param grainSeconds the bucket width
 * @param dimensions  canonical dimension expressions, in declared order (it is the sort key)
 * @param measures    measure name to canonical aggregate expression
 */
public record RollupShape(String database, String table, CanonicalExpr time, long grainSeconds,
    List<CanonicalExpr> dimensions, Map<String, CanonicalExpr> measures) {

  public RollupShape {
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(time, "time");
    if (grainSeconds <= 0) {
      throw new IllegalArgumentException("grain must be positive: " + grainSeconds);
    }
    dimensions = List.copyOf(dimensions);
    measures = Map.copyOf(measures);
  }

  /** The hashed text: one {@code key=value} line each, measures sorted by name. */
  public String canonicalText() {
    StringBuilder b = new StringBuilder();
    b.append("source=").append(Literals.qualified(database, table)).append('\n');
    b.append("time=").append(Canonical.text(time)).append('\n');
    b.append("grain=").append(grainSeconds).append('\n');
    for (CanonicalExpr d : dimensions) {
      b.append("dimension=").append(Canonical.text(d)).append('\n');
    }
    for (Map.Entry<String, CanonicalExpr> m : new TreeMap<>(measures).entrySet()) {
      b.append("measure=").append(Literals.identifier(m.getKey())).append('=')
          .append(Canonical.text(m.getValue())).append('\n');
    }
    return b.toString();
  }
}

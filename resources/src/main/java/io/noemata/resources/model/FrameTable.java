package io.noemata.resources.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A view table: an alias for one physical table with its time column, named scalars (row
 * expressions, or aggregate scalars) and named measures (aggregate expressions). Expressions are
 * ClickHouse SQL as written; {@link io.noemata.core.expr} reads them.
 */
public record FrameTable(String alias, PhysicalName table, Optional<String> time,
    Map<String, String> scalars, Map<String, Measure> measures) {

  public FrameTable {
    Objects.requireNonNull(alias, "alias");
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(time, "time");
    scalars = Map.copyOf(scalars);
    measures = Map.copyOf(measures);
  }

  /**
   * A measure. {@code series} lists the columns a per-series measure is computed per (such as
   * a counter's series key); a rollup storing it needs them all as dimensions. Empty for others.
   */
  public record Measure(String name, String expression, List<String> series) {
    public Measure {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(expression, "expression");
      series = List.copyOf(series);
    }
  }
}

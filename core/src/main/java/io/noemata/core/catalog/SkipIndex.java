package io.noemata.core.catalog;

/**
 * A data-skipping index: one row of {@code system.data_skipping_indices}.
 *
 * @param name {@code name}
 * @param type {@code type_full}, e.g. {@code bloom_filter(0.01)} or {@code text(tokenizer = 'array')}
 * @param expression {@code expr}, e.g. {@code mapKeys(ResourceAttributes)}
 * @param granularity {@code granularity}
 */
public record SkipIndex(String name, String type, String expression, int granularity) {

  public SkipIndex {
    MaterializedColumn.requireText(name, "name");
    MaterializedColumn.requireText(type, "type");
    MaterializedColumn.requireText(expression, "expression");
    if (granularity < 1) {
      throw new IllegalArgumentException("granularity must be positive: " + granularity);
    }
  }
}

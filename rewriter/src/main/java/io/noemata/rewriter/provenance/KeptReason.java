package io.noemata.rewriter.provenance;

/** Stable codes for a {@code kept} subscript: why the query still reads the map. */
public enum KeptReason {
  /** The level reads more than the table alone (a join, ARRAY JOIN). */
  TABLE_NOT_ALONE,
  /** The map's name is bound by the query (an alias, a WITH name), so the subscript may not read the column. */
  BOUND_NAME,
  /** The stored column's name is bound by the query, so naming it would read the alias. */
  COLUMN_NAME_BOUND,
  /** A WITH expression the level sees reads the map; WITH aliases expand unsubstituted. */
  WITH_EXPRESSION,
  /** GROUP BY groups by the map itself; the column would not be a grouping key. */
  MAP_GROUPED,
  /** The column's type is neither the map's value type nor its LowCardinality. */
  TYPE_DIFFERS,
  /** An unaliased select item holds it and its result-column name could not be kept. */
  RESULT_NAME,
  /** Reading the column would lose the only projection that serves the query. */
  PROJECTION,
  /**
   * The user may not read the map, the stored column or another column the level names: the
   * statement goes as written, for the server to answer it as it would without noemata.
   */
  COLUMN_GRANT
}

package io.noemata.rewriter.provenance;

/**
 * Stable codes for a rollup a query level did not read, one per condition of the spec's "Rollups"
 * rule, each with the remedy a user can apply.
 */
public enum RollupSkip {
  /** The rollup was installed from another declaration than the one it is read as. */
  CONTENT_HASH_DIFFERS("publish the current declaration so the rollup is rebuilt from it"),
  /**
   * The source replaces, collapses or deletes rows after insert (its engine, a TTL that deletes, a
   * DELETE or UPDATE mutation): an insert-fed rollup holds rows the table no longer shows.
   */
  SOURCE_REWRITES_ROWS(io.noemata.core.catalog.SourceRows.REMEDY),
  /**
   * A refreshed rollup whose last successful refresh is not newer than the source's last change
   * (whole seconds: a change in the refresh's own second counts as after it).
   */
  REFRESH_BEHIND("wait for the rollup's next refresh, or run SYSTEM REFRESH VIEW on its view; until then the table"
      + " answers"),
  /**
   * A refreshed rollup over a source whose engine merges rows (Replacing, Collapsing, ...) holds the
   * rows as FINAL shows them; the level reads the table without FINAL (or with PREWHERE, applied
   * before FINAL).
   */
  REFRESH_NEEDS_FINAL("read the table FINAL (SELECT ... FROM table FINAL), without PREWHERE, to read its refreshed"
      + " rollup"),
  /** The query's bucket is finer than the grain, or not a multiple of it. */
  GRAIN_DOES_NOT_DIVIDE_BUCKET("bucket by a multiple of the rollup's grain, or declare a finer rollup"),
  /** A time bound falls inside a rollup bucket, or is inclusive where the column is finer than the grain. */
  WINDOW_NOT_ON_BOUNDARIES("start and end the range on grain boundaries, half-open (>= start AND < end)"),
  /** The level has no lower time bound. */
  NO_WINDOW("filter the time column with a range (>= start AND < end)"),
  /** Part of the window is outside what the rollup holds completely. */
  WINDOW_NOT_COVERED("query inside the rollup's covered range, or wait until its backfill completes"),
  /**
   * Rows reached a day of the window after the rollup had read it (late rows: an archive import, a
   * queue drained after an outage, a failed view insert, a mutation): the source's active parts hold
   * blocks newer than the day's watermark in the ledger. The message names the days.
   */
  LATE_ROWS("run `noemata repair` (or `noemata publish`) to re-aggregate the days named; until then the table"
      + " answers them"),
  /** An aggregate the level reads has no stored state with its definition. */
  MEASURE_NOT_STORED("declare the aggregate as a measure of the rollup"),
  /** A column read outside an aggregate is not a dimension (nor the time column under a bucket). */
  COLUMN_NOT_DIMENSION("declare the column as a dimension of the rollup"),
  /** The level joins, array-joins, samples or reads the table FINAL, or reads no source table. */
  TABLE_NOT_ALONE("read the table alone in the level's FROM"),
  /** An unaliased select item holds an aggregate and is not a function call over column names. */
  UNALIASED_ITEM("give the select item an alias"),
  /** The level uses a construct this rule does not read (the level is sent as written). */
  NOT_UNDERSTOOD("simplify the level to buckets, dimension filters and stored aggregates"),
  /** A name the rewritten level would read is bound by the query (an alias or a WITH name). */
  NAME_BOUND("rename the alias that shadows the rollup's column"),
  /** The level is not an aggregation (no GROUP BY, no aggregate). */
  NOT_AGGREGATING("aggregate the rows (GROUP BY or an aggregate function)"),
  /** additional_table_filters names the table and could not be carried to the rollup. */
  TABLE_FILTER_SETTING("move the additional_table_filters condition into WHERE"),
  /** Another rollup that answers the level was read: the coarsest that answers wins. */
  COARSER_ROLLUP_READ("nothing to do: a coarser rollup answers this level"),
  /**
   * This coarser rollup answers only with raw rows for part of the window; a finer one answers from
   * whole buckets alone and was read instead.
   */
  WHOLE_BUCKETS_PREFERRED("start and end the range on this rollup's grain boundaries to read it"),
  /** Another rollup that answers the level is estimated cheaper to read (fewer rows, cheaper states). */
  CHEAPER_ROLLUP_READ("nothing to do: another rollup answers this level at a lower estimated cost"),
  /**
   * Reading the raw table is estimated cheaper than every rollup that answers the level (a rollup
   * holding about as many rows as the window, states that cost more to merge than raw rows to read,
   * or a window so short that the fixed cost of the rollup's reads, and of its raw edges' read where
   * the window's bounds cut buckets, outweighs the raw rows).
   */
  RAW_IS_CHEAPER("declare a rollup with fewer dimensions or a coarser grain for this level, so it holds far fewer"
      + " rows than the table; over a short window, nothing to do: the table answers it faster"),
  /**
   * The user may not read the source table, or the rollup's target: a read of the source would be
   * refused (the statement goes as written, for the server to refuse it), or only the table answers.
   */
  TABLE_GRANT("ask an administrator for SELECT on the table named (the source, or the rollup's target)"),
  /** The user may not read a column the level names: the server refuses the statement as written. */
  COLUMN_GRANT("ask an administrator for SELECT on the columns the statement reads"),
  /**
   * A row policy leaves the user other rows of the source than of the rollup's target (the source's
   * filter reads a column that is no dimension, or was not mirrored onto the target).
   */
  ROW_POLICY("publish again so the policy is mirrored onto the rollup (its condition must read only the rollup's"
      + " dimensions); until then the table answers, filtered as the policy says"),
  /**
   * The rule itself failed on the level (a bug, never a condition of the seed): the level reads
   * the table, and the code keeps the failure from passing for a skip.
   */
  RULE_FAILED("report the query: the rollup rule failed on it, so the level reads the table");

  /** What would make the rollup match, as told to the user. */
  public final String remedy;

  RollupSkip(String remedy) {
    this.remedy = remedy;
  }
}

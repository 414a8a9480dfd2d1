/**
 * Rewrite rules, each named after the spec's words and tested alone. A rule ({@link
 * io.noemata.rewriter.rules.Rule}) reads a parsed statement and the catalog snapshot and returns
 * edits plus what it did; it never prints SQL from a tree except the small, fully quoted pieces it
 * splices in. {@link io.noemata.rewriter.Rewriter} lists the rules in the order they run.
 *
 * <p><b>Rollups</b> ({@link io.noemata.rewriter.rules.RollupAnswers}, one
 * {@link io.noemata.rewriter.rules.RollupLevel} per level and candidate). A level that reads a rollup
 * keeps its text: the table becomes the rollup's target (named by the hash of the shape the
 * catalog describes, so a catalog read before a publish re-pointed the stable view still reads the
 * shape it knows, which its materialized view keeps writing while retired; and without the view's
 * analysis, ~1 ms a read), each read of the time column becomes the
 * rollup's bucket cast back to the column's own type ({@code CAST(toUnixTimestamp(bucket) AS
 * DateTime64(9))}; a plain CAST would keep the bucket's {@code 'UTC'} in the type), each aggregate the
 * read of its stored state, and a changed unaliased item gets its ClickHouse name as an alias. That
 * substitution is exact because every expression left reading the bucket is constant within a
 * rollup bucket (a bucket function at least as coarse as the grain, over the time column or a
 * minute-keeping map of it), and every raw time bound is checked to fall on a bucket boundary
 * ({@code t <= B} on a DateTime64(9) column is {@code t < B + 1ns}, never a boundary). Wall-clock
 * strings are aligned the same in every zone (zones are offset by whole quarter hours), their
 * instants known only to within -14h..+12h for the covered-range check, and wall-clock buckets need
 * a grain dividing 15 minutes unless the snapshot carries the server's zone. A window whose raw bounds fall inside buckets (or are inclusive) is
 * answered by the union rewrite ({@link io.noemata.rewriter.union.RawEdges}): whole buckets from the
 * rollup, the ragged edges from raw rows aggregated into the rollup's row shape. A level with a
 * window function, a WINDOW clause or QUALIFY reads its table ({@code count() OVER ()} counts the
 * level's rows, which on a rollup would be rollup rows); a level below it may still read a rollup.
 * A time bound written with a parameter is decided from its value when known ({@code ?}: the bound
 * value; {@code {name:Type}}: the connection's {@code param_<name>}, see
 * {@link io.noemata.rewriter.syntax.NamedValues}); without one the level reads the table.
 *
 * <p>How a chosen read is read, never what it returns: a statement read wholly from rollups and
 * estimated small gets one thread and no automatic PREWHERE ({@link io.noemata.rewriter.rules.SmallRead}),
 * and within it a level whose groups are the rollup's rows reads them with FINAL instead of GROUP BY
 * ({@link io.noemata.rewriter.rules.GroupsAreRows}).
 *
 * <p>Each condition of the rule is a check of its own, named after the seed's words
 * ({@link io.noemata.rewriter.checks.SameContentHash}, {@link io.noemata.rewriter.checks.TableAlone},
 * {@link io.noemata.rewriter.checks.GrainDividesBucket}, {@link io.noemata.rewriter.union.BucketBoundaries},
 * {@link io.noemata.rewriter.checks.WindowCovered}, {@link io.noemata.rewriter.checks.DimensionsOnly},
 * {@link io.noemata.rewriter.checks.StoredAggregates}, {@link io.noemata.rewriter.checks.UnaliasedItems}, ...),
 * tested alone, and returns a failed condition as a value ({@link io.noemata.rewriter.checks.Skip},
 * or {@link io.noemata.rewriter.checks.Checked} when it also computes something), never by
 * throwing. {@code RollupLevel} walks the level's expressions, asks the checks and records the
 * first skip; an exception is a fault of the rule and surfaces as {@code RULE_FAILED}, a code no
 * check can return. Each candidate is decided on the level's {@code LevelContext} into a sealed
 * {@code Outcome}: {@code Read} with its edits, or {@code Skipped} with its code.
 *
 * <p>Windows relative to the server's clock ({@link io.noemata.rewriter.time.RelativeTime}: {@code
 * now() - INTERVAL 1 HOUR}, {@code toStartOfMinute(now() - INTERVAL 30 minute)}, {@code today()})
 * cannot be placed when the query is planned. A bound floored to whole rollup buckets whatever the
 * clock says is kept as written against the bucket, when the catalog's reading of the server's clock
 * proves the window starts inside the covered range; any other is answered by
 * {@link io.noemata.rewriter.union.MovingEdges}, where the server places the split, reading each
 * moving value as one scalar subquery so both halves of the union cut at the same instant.
 */
package io.noemata.rewriter.rules;

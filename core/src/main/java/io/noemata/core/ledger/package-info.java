/**
 * The resource ledger: the contract between the installer (which writes it) and the driver (which
 * reads ready rollups from it). Plain {@code java.sql}, no driver dependency. The only code that
 * touches the ledger, objects and lock tables: {@link io.noemata.core.ledger.LedgerReader} and
 * {@link io.noemata.core.ledger.LedgerWriter} (rows), {@link io.noemata.core.ledger.RecordedStatements}
 * (what the objects table recorded), {@link io.noemata.core.ledger.NamespaceLock} (the lock), and
 * {@link io.noemata.core.ledger.LedgerSchema} (their names and DDL).
 *
 * <h2>Tables (format 1; later releases only add columns and states)</h2>
 * In every database the installer installs into (the database of the physical tables, so the
 * ledger "sits beside rollup targets"), named with the deployment's namespace ({@code noemata} by
 * default). All three are {@code ReplacingMergeTree(version)}: a change is a new row with a larger
 * {@code version}; read them with {@code FINAL}. {@link io.noemata.core.ledger.LedgerSchema} holds
 * their DDL. On a cluster they are its Replicated variant, created ON CLUSTER, so every server
 * holds the same rows (where the installer's {@link io.noemata.core.ledger.LedgerPlacement} says); their columns
 * and reading are the same.
 * <ul>
 *   <li>{@code <ns>_resource_ledger}: one row per accelerator and installed object.</li>
 *   <li>{@code <ns>_resource_objects}: every object noemata created (columns, indexes, projections,
 *       rollup targets, materialized views, stable views, and these tables themselves) with its
 *       kind and settings as JSON, so the storage describes itself to any SQL tool; each publish
 *       also records its revision there ({@code kind = 'revision'}, {@code object} the revision,
 *       settings with {@code published_at} and the declared accelerators).</li>
 *   <li>{@code <ns>_resource_lock}: the namespace lock (see below).</li>
 * </ul>
 *
 * <h2>Ledger columns</h2>
 * {@link io.noemata.core.ledger.LedgerRow} groups them as the seed's ledger reads: identity
 * ({@code namespace} to {@code object}), declared ({@code content_hash}, {@code async}, {@code file},
 * {@code revision}, {@code declaration}), {@code state}, shape ({@code stable_view} to
 * {@code measure_columns}), backfill ({@code cutover}, {@code backfill_floor},
 * {@code backfilled_from}), retirement ({@code retired_at}, {@code prune_after}, {@code pruned_at})
 * and quarantine ({@code quarantine}, {@code quarantine_days}).
 * <ul>
 *   <li>{@code format_version UInt16}: 1.</li>
 *   <li>{@code namespace String}: the deployment's table namespace.</li>
 *   <li>{@code kind}: {@code column}, {@code index}, {@code projection} or {@code rollup}
 *       ({@link io.noemata.core.ledger.LedgerKind}).</li>
 *   <li>{@code key String}: the resources-file entry key, e.g. {@code logs_1m}.</li>
 *   <li>{@code table_database}, {@code table_name}: the physical source table.</li>
 *   <li>{@code object String}: the installed object: the {@code __nm_<hash16>} column (or the existing
 *       column that satisfies the entry, which noemata never drops), the {@code __nm_} index or
 *       projection name, or the rollup target {@code <ns>_rollup_<alias>_<key>__<hash8>}.</li>
 *   <li>{@code content_hash String}: the column name hash, or the rollup's 8-hex stored-shape hash
 *       ({@code io.noemata.core.naming.Names}); a rollup answers only while the view table as
 *       declared now derives the same hash.</li>
 *   <li>{@code state}: {@code installing}, {@code backfilling}, {@code ready}, {@code quarantined},
 *       {@code retired}, {@code pruned} ({@link io.noemata.core.ledger.LedgerState}).</li>
 *   <li>{@code async UInt8}: the entry's {@code async}.</li>
 *   <li>{@code file String}: the resources file that declared it, relative to the project.</li>
 *   <li>{@code revision String}: the publish revision that last declared it.</li>
 *   <li>{@code declaration String}: the entry as JSON, as declared (plus resolved expressions).</li>
 *   <li>{@code stable_view String}: rollups: {@code <ns>_rollup_<alias>_<key>}, in the same database.</li>
 *   <li>{@code source_object String}: rollups: the table the materialized view reads, the source
 *       table or, for a {@code from} rollup, the finer rollup's target.</li>
 *   <li>{@code time_column String}: rollups: the source's time column that is bucketed.</li>
 *   <li>{@code grain_seconds UInt32}, {@code retention_seconds UInt32} (0 = the table's own).</li>
 *   <li>{@code dimensions Array(String)}: rollups: the target's key columns in sort order, each named
 *       after the source column it holds (a column entry's stored {@code __nm_} column, or the
 *       existing column that satisfies it).</li>
 *   <li>{@code measure_names}, {@code measure_definitions}, {@code measure_columns Array(String)}: one
 *       element per stored state column: the declared measure name, the canonical aggregate the
 *       column answers when merged ({@code io.noemata.core.expr.Canonical} text, e.g.
 *       {@code countIf(greaterOrEquals(SeverityNumber, 17))}), and the target column. count, sum,
 *       min, max and any (and countIf, sumIf) are {@code SimpleAggregateFunction} columns read with
 *       plain {@code sum/min/max/any(col)} (count is summed). An {@code avg(x)} measure {@code M} is
 *       stored as two such columns: {@code M__sum} with definition {@code sum(x)} and
 *       {@code M__count} with definition {@code count(x)} ({@code count()} when x is never NULL);
 *       avg is their quotient, and a query's {@code sum(x)} or {@code count(x)} can read them. A
 *       var/stddev moment of a non-Nullable numeric column is stored as a count, {@code M__sum}
 *       ({@code sum(toFloat64(x))}) and {@code M__sumsq}; a definition is listed once per rollup,
 *       under the first measure that needs it. Everything else (uniq, quantiles, argMax,
 *       minIf/maxIf, OrNull, ...) is an {@code AggregateFunction} state read with
 *       {@code <f>Merge(col)}; its type is what {@code system.columns} reports.</li>
 *   <li>{@code cutover Nullable(DateTime('UTC'))}: rollups: rows with a time at or after it reach the
 *       target through the materialized view; rows before it through the backfill.</li>
 *   <li>{@code backfill_floor}: the oldest day start the backfill has to reach (retention bound or
 *       the oldest source row, whichever is later).</li>
 *   <li>{@code backfilled_from}: the oldest day start done; {@code [backfilled_from, cutover)} is in
 *       the target exactly once. The backfill is done when it equals {@code backfill_floor}.</li>
 *   <li>{@code retired_at}, {@code prune_after}, {@code pruned_at}: when an undeclared accelerator
 *       retired, from when prune may drop it (seven days later), when prune dropped it.</li>
 *   <li>{@code updated_at DateTime64(3, 'UTC')}, {@code version UInt64}: the write; the largest wins.</li>
 *   <li>{@code quarantine String DEFAULT ''}, {@code quarantine_days Array(Date) DEFAULT []} (added
 *       to format 1 later; the installer adds them to an older ledger, readers of one without them
 *       read them empty): for state {@code quarantined}, the first failing bucket and measure the
 *       online check found, and the days {@code publish} re-backfills before the rollup is ready again.</li>
 *   <li>{@code watermarked UInt8 DEFAULT 0}, {@code watermark_days Array(Date)}, {@code watermark_partitions
 *       Array(String)}, {@code watermark_low Array(Int64)}, {@code watermark_high Array(Int64)} (all
 *       {@code DEFAULT []}; added to format 1 later, like the quarantine columns): rollups: whether
 *       the backfill recorded block-number watermarks (0 for a rollup installed before, which is not
 *       checked for late rows), and one element per covered day and source partition read: the
 *       source's newest block when the day was read ({@code low}) and, after a repair's swap, the
 *       newest block then ({@code high}); {@link io.noemata.core.ledger.BlockWatermarks} holds the
 *       rule and {@code docs/resources-format.md} ("Late rows") states it.</li>
 * </ul>
 * Every target has a {@code bucket DateTime('UTC')} column (bucket start), is partitioned by
 * {@code toDate(bucket)} and sorted by the dimensions then {@code bucket}.
 *
 * <h2>Reading</h2>
 * {@link io.noemata.core.ledger.LedgerReader#readyRollups} gives the driver each ready rollup whose
 * target and stable view {@code system.tables} still lists, covered from {@code backfilled_from} (or
 * the retention bound, rounded up to the grain, when later) up to now. A row whose kind or state a
 * later release added is left out of what {@link io.noemata.core.ledger.LedgerReader#rows} returns:
 * this release neither serves, resumes nor retires what it does not know.
 *
 * <h2>Lock</h2>
 * An installation inserts a row {@code (holder, acquired_at, expires_at, released = 0)} and renews
 * {@code expires_at} (now + 60 s) while it runs. The oldest row with {@code released = 0} and
 * {@code expires_at} in the future holds the lock; the holder names the user, host and process.
 */
package io.noemata.core.ledger;

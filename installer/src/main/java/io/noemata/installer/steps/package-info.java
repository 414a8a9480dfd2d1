/**
 * The installing steps after plan and grants, named as the seed names them:
 * {@link io.noemata.installer.steps.Install}, {@link io.noemata.installer.steps.Backfill},
 * {@link io.noemata.installer.steps.Serve}, {@link io.noemata.installer.steps.Retire} and
 * {@link io.noemata.installer.steps.Converge}, run in that order by
 * {@link io.noemata.installer.steps.Publish}; {@link io.noemata.installer.steps.Prune} drops what
 * retired seven days ago. Each step is idempotent and records its progress in the ledger, so a run
 * killed anywhere is completed by the next.
 *
 * <h2>Exactly once</h2>
 * A rollup's materialized view writes source rows whose time is at or after the cutover (a second,
 * about 30 s after the plan, so the view exists before such rows arrive); the backfill writes rows
 * before it, a UTC day per chunk from the newest, each chunk one block with a deduplication token
 * (target, cutover, day) on a target that remembers the last 10,000 blocks. A chunk retried after a
 * crash is dropped by the server if it had landed. If the view is missing after its cutover (a crash
 * before it was created, or drift), the target is emptied and filled again from a new cutover.
 * The backfill starts one cutover delay after the cutover, so rows stamped just before it that
 * arrive up to that late are counted; a row stamped before the cutover and inserted after its day's
 * chunk ran is in neither: that delay is the ingest lag this design tolerates.
 *
 * <h2>Refreshed rollups</h2>
 * A rollup declaring {@code "refresh"} takes none of this: {@link io.noemata.installer.steps.Refreshed}
 * creates its target and a refreshable view that aggregates the whole source ({@code FINAL} over an
 * engine that merges rows) and replaces the target's rows at each refresh, and waits for the first
 * refresh; Backfill has nothing to do for it and Serve makes it ready. Exactly once holds per
 * refresh: each replaces every row the previous one wrote.
 */
package io.noemata.installer.steps;

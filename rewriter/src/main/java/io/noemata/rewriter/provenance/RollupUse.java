package io.noemata.rewriter.provenance;

/** One candidate rollup at one query level: the {@code rollup} it read, or a {@code skipped_rollup}. */
public sealed interface RollupUse extends ResourceUse permits ResourceUse.Rollup, ResourceUse.SkippedRollup {

  /** The rollup's key, e.g. {@code r_logs}. */
  String rollup();

  /** The rollup's stable view, the name it is known by (the rewritten level reads its target). */
  String stableView();

  /** True when the level now reads this rollup. */
  default boolean read() {
    return this instanceof ResourceUse.Rollup;
  }
}

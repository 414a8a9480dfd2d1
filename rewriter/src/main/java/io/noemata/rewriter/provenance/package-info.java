/**
 * The seed's provenance: "The result's Table.source lists each use under resources: substituted
 * and kept for stored columns, rollup for the rollup a level read, and skipped_rollup with the
 * reason for every rollup it did not read." {@link io.noemata.rewriter.provenance.ResourceUse} is
 * that use, one case per word; {@link io.noemata.rewriter.provenance.Provenance} is every use of one
 * statement (or why it was not understood); {@link io.noemata.rewriter.provenance.KeptReason} and
 * {@link io.noemata.rewriter.provenance.RollupSkip} are the stable codes of {@code kept} and
 * {@code skipped_rollup}. The driver ({@code io.noemata.driver.provenance}) adds what it did with the
 * statement (sent as written, fell back, ...) and presents both as SQLWarnings.
 */
package io.noemata.rewriter.provenance;

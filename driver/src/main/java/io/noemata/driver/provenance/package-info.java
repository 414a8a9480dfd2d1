/**
 * Provenance: what the driver did with each statement, as a structured
 * {@link io.noemata.driver.provenance.QueryProvenance} (reached with
 * {@code statement.unwrap(NoemataStatement.class).provenance()}) and as an SQLWarning chain on the
 * statement with stable SQLStates and vendor codes ({@link io.noemata.driver.provenance.WarningCode})
 * and messages written for the output panel of a SQL client. Messages quote SQL the application
 * wrote and ClickHouse's error text, never connection properties. The uses themselves (the seed's
 * {@code substituted}, {@code kept}, {@code rollup}, {@code skipped_rollup}) are the rewriter's
 * {@link io.noemata.rewriter.provenance.ResourceUse}; this package adds the driver's outcome (sent as
 * written, not understood, dry-run, fell back, catalog failure) and presents both.
 */
package io.noemata.driver.provenance;

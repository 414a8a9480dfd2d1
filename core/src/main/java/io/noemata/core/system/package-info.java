/**
 * What the server has installed, read from its system tables by one family of classes for every
 * module: the driver's catalog, the installer's plan and steps, the resources catalog of
 * {@code validate --url}, and the ledger reader. {@link io.noemata.core.system.SystemTables} reads
 * {@code system.tables}, {@code system.columns}, {@code system.data_skipping_indices} and
 * {@code system.projections} for a {@link io.noemata.core.system.Scope} into plain rows, each
 * field named after its system column; each reader builds its own model from those rows.
 */
package io.noemata.core.system;

/**
 * Rewrites ClickHouse queries to read installed accelerators, with no JDBC dependency: input is
 * SQL text and a {@link io.noemata.core.catalog.CatalogSnapshot}, output is the text to send and
 * its {@link io.noemata.rewriter.provenance.Provenance}. Entry point: {@link io.noemata.rewriter.Rewriter}.
 *
 * <p>Output is never a re-printed tree. Rules return {@link io.noemata.rewriter.syntax.Edit}s at exact
 * source offsets and the original text is spliced, so comments, spacing, SETTINGS, FORMAT and
 * every construct no rule touches reach the server exactly as the user wrote them. A statement the
 * parser ({@link io.noemata.core.sql.SqlParser}, in core, hand-written for the reasons its package
 * documentation gives) does not fully understand is sent unchanged.
 */
package io.noemata.rewriter;

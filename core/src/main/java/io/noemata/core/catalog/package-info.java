/**
 * What a ClickHouse server reports as installed on its physical tables, as one immutable value.
 *
 * <p>The installer writes accelerators (columns, indexes, projections, rollups and the rollup
 * ledger); the driver reads them back from the server's system tables and the ledger into a
 * {@link io.noemata.core.catalog.CatalogSnapshot}; the rewriter decides only from that snapshot.
 * Each record's comment names the ClickHouse source of every field, so installer and driver agree
 * on where a fact lives. The rewriter trusts what the server reports, declared by noemata or not
 * (the OTel exporter's {@code __otel_materialized_*} columns count as stored columns too).
 */
package io.noemata.core.catalog;

/**
 * The one place that writes DDL, a class per object kind: stored columns, skip indexes, projections,
 * rollups (target, materialized view, backfill chunk, stable view). Every identifier and string goes
 * through {@link io.noemata.core.sql.Literals}; expressions are the canonical text the resources
 * module printed from a parsed tree, never text pasted from a file.
 */
package io.noemata.installer.ddl;

package io.noemata.itest;

/**
 * The statements noemata's catalog reads send (system tables, resource ledgers, the plans that say
 * what a user may read) and its analyses: tests leave them out of what "arrived".
 */
public final class CatalogReads {

  private CatalogReads() {}

  /** Whether {@code sql} is one of the catalog's own reads; tests send none of these shapes. */
  public static boolean is(String sql) {
    return sql.startsWith("SELECT ") && (sql.contains(" FROM system.") || sql.contains("_resource_ledger` FINAL"))
        || sql.startsWith("SELECT timezone()") || sql.startsWith("EXPLAIN PLAN json = 1, actions = 1 SELECT 1 FROM ")
        || sql.startsWith("EXPLAIN SYNTAX run_query_tree_passes = 1 ");
  }
}

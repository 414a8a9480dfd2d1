package io.noemata.itest;

/** The statements noemata's catalog reads send (system tables, resource ledgers): tests leave them out of what "arrived". */
public final class CatalogReads {

  private CatalogReads() {}

  /** Whether {@code sql} is one of the catalog's own reads; tests send none of these shapes. */
  public static boolean is(String sql) {
    return sql.startsWith("SELECT ") && (sql.contains(" FROM system.") || sql.contains("_resource_ledger` FINAL"))
        || sql.startsWith("SELECT timezone()");
  }
}

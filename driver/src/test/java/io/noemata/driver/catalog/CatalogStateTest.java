package io.noemata.driver.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.catalog.TableName;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CatalogStateTest {

  private static TableInfo table(String db, String name) {
    return new TableInfo(new TableName(db, name), Map.of("a", "String"), List.of(), List.of(), List.of(), List.of());
  }

  @Test
  void onlyTextNamingACatalogTableIsWorthParsing() {
    CatalogState s = new CatalogState(CatalogSnapshot.of(1, List.of(table("otel", "otel_logs"), table("x", "otel_logs"))), null);
    assertEquals(List.of("otel_logs"), s.tableNames());
    assertTrue(s.mayRead("SELECT count() FROM `otel`.`otel_logs`"));
    assertFalse(s.mayRead("SELECT 1"));
    assertFalse(s.mayRead("SELECT count() FROM otel.otel_traces"));
    assertTrue(s.mayRead("SELECT count() FROM `otel\\_logs`"), "escapes could spell the name");
  }

  @Test
  void aFailedReadHasNoTables() {
    CatalogState s = CatalogState.failed("Connection refused");
    assertEquals("Connection refused", s.failure());
    assertFalse(s.mayRead("SELECT * FROM anything"));
  }

  @Test
  void quarantinedRollupsAreNamedForStatementsNamingTheirTable() {
    QuarantinedRollup q = new QuarantinedRollup(new TableName("otel", "otel_logs"), "logs_1m",
        "noemata_rollup_logs_logs_1m", "logs_1m bucket 2026-11-29 10:00:00 measure LogCount: raw 3, rollup 1003");
    CatalogState s = CatalogState.of(CatalogSnapshot.of(1, List.of()), List.of(q));
    assertTrue(s.mayRead("SELECT count() FROM otel_logs"), "its table is worth reading the statement for");
    assertEquals(List.of(q), s.quarantinedFor("SELECT count() FROM otel.otel_logs", "default"));
    assertEquals(List.of(q), s.quarantinedFor("SELECT count() FROM `otel_logs`", "otel"));
    assertEquals(List.of(), s.quarantinedFor("SELECT count() FROM otel_logs", "default"), "another database's table");
    assertEquals(List.of(), s.quarantinedFor("SELECT count() FROM otel.otel_logs_archive", "otel"), "whole names only");
  }
}

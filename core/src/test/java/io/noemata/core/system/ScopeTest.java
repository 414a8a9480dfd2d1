package io.noemata.core.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Every scope binds the names it is given as parameters; none pastes a name into the SQL. */
class ScopeTest {

  @Test
  void databasesAreBoundInSortedOrderAndNoneSelectsNothing() {
    Scope.Filter f = new Scope.Databases(Set.of("traces", "logs")).filter("table");
    assertEquals("database IN (?, ?)", f.sql());
    assertEquals(List.of("logs", "traces"), f.parameters());
    assertEquals(new Scope.Filter("0", List.of()), new Scope.Databases(Set.of()).filter("table"));
  }

  @Test
  void aTableIsNamedByTheSystemTablesOwnColumn() {
    assertEquals(new Scope.Filter("database = ? AND name = ?", List.of("otel", "o'logs")),
        new Scope.Table("otel", "o'logs").filter("name"));
    assertEquals("database = ? AND table = ?", new Scope.Table("otel", "otel_logs").filter("table").sql());
    assertEquals(new Scope.Filter("name = ?", List.of("noemata_resource_ledger")),
        new Scope.Named("noemata_resource_ledger").filter("name"));
  }

  @Test
  void theDriversScopesLeaveTheSystemDatabasesOut() {
    for (Scope s : List.of(new Scope.Accelerated(), new Scope.UserDatabases(), new Scope.NamedEnding("_ledger"))) {
      Scope.Filter f = s.filter("table");
      assertTrue(f.sql().contains("database NOT IN ('system', 'INFORMATION_SCHEMA', 'information_schema')"), f.sql());
    }
    assertTrue(new Scope.Accelerated().filter("table").sql().contains("default_kind = 'MATERIALIZED'"));
    assertEquals(List.of("_ledger"), new Scope.NamedEnding("_ledger").filter("table").parameters());
  }
}

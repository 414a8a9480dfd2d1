package io.noemata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RequestScopeTest {

  @Test
  void aSecondStatementIsRefusedWithTheServersSyntaxErrorCode() {
    String refusal = RequestScope.multiStatementRefusal("SELECT 1; SELECT 2").orElseThrow();
    assertTrue(refusal.startsWith("Code: 62."), refusal);
    assertTrue(RequestScope.multiStatementRefusal("SET max_threads = 1;\nSELECT 1").isPresent());
  }

  @Test
  void oneStatementWithTrailingSemicolonsOrSemicolonsInTextRuns() {
    assertTrue(RequestScope.multiStatementRefusal("SELECT 1;").isEmpty());
    assertTrue(RequestScope.multiStatementRefusal("SELECT 1 ;; -- done\n").isEmpty());
    assertTrue(RequestScope.multiStatementRefusal("SELECT 'a;b', `c;d` /* ; x */").isEmpty());
    assertTrue(RequestScope.multiStatementRefusal("INSERT INTO t VALUES (1); (2)").isEmpty(), "insert data is not SQL");
    assertTrue(RequestScope.multiStatementRefusal("").isEmpty());
  }

  @Test
  void theSettingsASetStatementSetsAreNamed() {
    assertEquals(List.of("max_result_rows", "result_overflow_mode"),
        RequestScope.settingsSet("SET max_result_rows = 3, result_overflow_mode = 'break'"));
    assertEquals(List.of("additional_table_filters"),
        RequestScope.settingsSet("set additional_table_filters = {'t': 'a = 1, b = 2'}"));
    assertEquals(List.of("max_threads"), RequestScope.settingsSet("SET `max_threads` = 1, param_x = 'y'"));
    assertEquals(List.of(), RequestScope.settingsSet("SET ROLE r"));
    assertEquals(List.of(), RequestScope.settingsSet("SELECT 1"));
  }

  @Test
  void roleAndDatabaseChangesAreRecognized() {
    assertTrue(RequestScope.setsRole("SET ROLE NONE"));
    assertFalse(RequestScope.setsRole("SET max_threads = 1"));
    assertTrue(RequestScope.changesDatabase("USE other"));
    assertFalse(RequestScope.changesDatabase("SELECT 'USE'"));
  }
}

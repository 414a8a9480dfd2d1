package io.noemata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RequestScopeTest {

  @Test
  void aSecondStatementIsRefusedWithTheServersSyntaxErrorCode() {
    String refusal = refusal("SELECT 1; SELECT 2").orElseThrow();
    assertTrue(refusal.startsWith("Code: 62."), refusal);
    assertTrue(refusal("SET max_threads = 1;\nSELECT 1").isPresent());
  }

  @Test
  void oneStatementWithTrailingSemicolonsOrSemicolonsInTextRuns() {
    assertTrue(refusal("SELECT 1;").isEmpty());
    assertTrue(refusal("SELECT 1 ;; -- done\n").isEmpty());
    assertTrue(refusal("SELECT 'a;b', `c;d` /* ; x */").isEmpty());
    assertTrue(refusal("INSERT INTO t VALUES (1); (2)").isEmpty(), "insert data is not SQL");
    assertTrue(refusal("").isEmpty());
  }

  @Test
  void theSettingsASetStatementSetsAreNamed() {
    assertEquals(List.of("max_result_rows", "result_overflow_mode"),
        RequestScope.of("SET max_result_rows = 3, result_overflow_mode = 'break'").settingsSet());
    assertEquals(List.of("additional_table_filters"),
        RequestScope.of("set additional_table_filters = {'t': 'a = 1, b = 2'}").settingsSet());
    assertEquals(List.of("max_threads"), RequestScope.of("SET `max_threads` = 1, param_x = 'y'").settingsSet());
    assertEquals(List.of(), RequestScope.of("SET ROLE r").settingsSet());
    assertEquals(List.of(), RequestScope.of("SELECT 1").settingsSet());
  }

  @Test
  void roleAndDatabaseChangesAreRecognized() {
    assertTrue(RequestScope.of("SET ROLE NONE").setsRole());
    assertFalse(RequestScope.of("SET max_threads = 1").setsRole());
    assertTrue(RequestScope.of("USE other").changesDatabase());
    assertFalse(RequestScope.of("SELECT 'USE'").changesDatabase());
  }

  private static java.util.Optional<String> refusal(String sql) {
    return RequestScope.of(sql).refusal();
  }
}

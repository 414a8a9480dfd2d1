package io.noemata.core.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import io.noemata.core.catalog.RowFilter;
import io.noemata.core.catalog.TableName;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Reading the row filter out of the server's JSON plan (the shape ClickHouse 26.5 prints for
 * {@code EXPLAIN PLAN json = 1, actions = 1}); the integration tests read real plans.
 */
class AccessProbeTest {

  static final TableName T = new TableName("db", "t");

  static String read(String table, String prewhere) {
    return "{\"Node Type\": \"ReadFromMergeTree\", \"Description\": \"" + table + "\", \"Parts\": 1"
        + (prewhere == null ? "" : ", \"Prewhere info\": {\"Row level filter\": {\"Row level filter column\": \""
            + prewhere + "\", \"Row level filter expression\": {\"Inputs\": [{\"Name\": \"a\", \"Type\": \"String\"}],"
            + " \"Actions\": []}}}") + "}";
  }

  static String plan(String... reads) {
    return "[{\"Plan\": {\"Node Type\": \"Expression\", \"Plans\": [{\"Node Type\": \"Union\", \"Plans\": ["
        + String.join(", ", reads) + "]}]}}]";
  }

  @Test
  void aReadWithoutARowLevelFilterHasNone() {
    assertEquals(RowFilter.NONE, AccessProbe.rowFilter(plan(read("db.t", null)), T));
  }

  @Test
  void aRowLevelFilterIsItsConditionAndTheColumnsItReads() {
    assertEquals(new RowFilter.Condition("equals(a, 'x'_String)", Set.of("a")),
        AccessProbe.rowFilter(plan(read("db.t", "equals(a, 'x'_String)")), T));
  }

  @Test
  void aDistributedTablesLocalReadsStandForIt() {
    String local = read("db.t_local", "equals(a, 'x'_String)");
    assertEquals(new RowFilter.Condition("equals(a, 'x'_String)", Set.of("a")),
        AccessProbe.rowFilter(plan(local, local), T));
  }

  @Test
  void readsThatDisagreeNoReadOrNoJsonAreUnknown() {
    assertInstanceOf(RowFilter.Unknown.class, AccessProbe.rowFilter(plan(read("db.t", "equals(a, 'x'_String)"),
        read("db.t", null)), T));
    assertInstanceOf(RowFilter.Unknown.class, AccessProbe.rowFilter(plan(), T));
    assertInstanceOf(RowFilter.Unknown.class, AccessProbe.rowFilter("Expression (Project names)", T));
  }
}

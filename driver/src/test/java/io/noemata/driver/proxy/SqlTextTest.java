package io.noemata.driver.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SqlTextTest {

  @Test
  void firstWordSkipsCommentsAndParentheses() {
    assertEquals("SELECT", SqlText.firstWord("-- Metabase:: userID: 7\nselect 1"));
    assertEquals("WITH", SqlText.firstWord("/* a /* nested */ comment */ (( with x AS (SELECT 1) SELECT * FROM x))"));
    assertEquals("ALTER", SqlText.firstWord("  \n\tAlter TABLE t DROP COLUMN c"));
    assertEquals("", SqlText.firstWord("   "));
  }

  @Test
  void ddlAndQueriesAreTold() {
    assertTrue(SqlText.isDdl(SqlText.firstWord("DROP TABLE x")));
    assertTrue(SqlText.isDdl(SqlText.firstWord("GRANT SELECT ON db.* TO u")));
    assertFalse(SqlText.isDdl(SqlText.firstWord("INSERT INTO t VALUES (1)")));
    assertTrue(SqlText.isQuery(SqlText.firstWord("SELECT 1")));
    assertFalse(SqlText.isQuery(SqlText.firstWord("INSERT INTO t SELECT 1")));
  }

  @Test
  void offSwitchIsAComment() {
    assertTrue(SqlText.switchedOff("SELECT /* noemata:off */ 1"));
    assertTrue(SqlText.switchedOff("/*noemata:off*/SELECT 1"));
    assertFalse(SqlText.switchedOff("SELECT 'noemata:off'"));
  }

  @Test
  void useNamesTheStatementsNewDatabase() {
    assertEquals("otel", SqlText.useDatabase("USE otel"));
    assertEquals("my db", SqlText.useDatabase("/* x */ use `my db`;"));
    assertEquals(null, SqlText.useDatabase("SELECT 1"));
  }
}

package io.noemata.embedded.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class QueryLogTest {

  private static QueryLog.Entry entry(String sql) {
    return new QueryLog.Entry("id", sql, 0, 0, 0, 0);
  }

  @Test
  void keepsTheNewestEntriesAndMarksCountEverything() {
    QueryLog log = new QueryLog(2);
    long mark = log.mark();
    log.add(entry("a"));
    log.add(entry("b"));
    log.add(entry("c"));
    assertEquals(List.of("b", "c"), log.entries().stream().map(QueryLog.Entry::sql).toList());
    assertEquals(3, log.mark() - mark);
    assertEquals(List.of("b", "c"), log.since(mark).stream().map(QueryLog.Entry::sql).toList(), "as many as are kept");
    assertTrue(log.contains("c"));
  }

  @Test
  void aHugeBatchTextIsKeptCut() {
    QueryLog log = new QueryLog(10);
    log.add(entry("INSERT INTO t VALUES " + "(1),".repeat(100_000)));
    assertEquals(QueryLog.MAX_SQL_CHARS, log.entries().get(0).sql().length());
  }
}

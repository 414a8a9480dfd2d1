package io.noemata.otel;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class OtelDataGeneratorTest {

  @Test
  void corpusDaysGetTheFiveBoundaryRowsTheCorpusChecks() {
    String sql = new OtelDataGenerator(OtelDataSpec.corpusDays(10)).boundaryLogs();
    // 2024-06-10 08:00:00, 14:00:00, 2024-06-11 00:00:00, 2024-06-09 00:00:00, 2024-06-10 08:00:17.5 UTC
    for (long ms : new long[] {1718006400000L, 1718028000000L, 1718064000000L, 1717891200000L, 1718006417500L}) {
      assertTrue(sql.contains("fromUnixTimestamp64Milli(" + ms + ", 'UTC')"), ms + " in " + sql);
    }
  }

  @Test
  void fewerDaysLeaveOutBoundaryRowsPastTheLastDay() {
    assertNull(new OtelDataGenerator(new OtelDataSpec("otel", 10, 10, LocalDate.of(2024, 6, 3), 3)).boundaryLogs());
  }

  @Test
  void rowsAreInsertedInChunksCoveringEveryRowOnce() throws Exception {
    List<String> statements = new ArrayList<>();
    new OtelDataGenerator(new OtelDataSpec("db", 2_500_000, 1, LocalDate.of(2024, 6, 3), 8)).generate(statements::add, (t, d, n) -> {});
    List<String> logChunks = statements.stream().filter(s -> s.startsWith("INSERT INTO `db`.`otel_logs`") && s.contains("numbers(")).toList();
    assertEquals(3, logChunks.size());
    assertTrue(logChunks.get(0).contains("numbers(0, 1000000)"));
    assertTrue(logChunks.get(2).contains("numbers(2000000, 500000)"));
    // a whole chunk is written by every core's insert thread, the short last one by one (a single part)
    int cores = Math.min(8, Runtime.getRuntime().availableProcessors());
    assertEquals(cores > 1, logChunks.get(0).endsWith("SETTINGS max_insert_threads = " + cores));
    assertFalse(logChunks.get(2).contains("max_insert_threads"));
    assertTrue(statements.get(0).startsWith("CREATE DATABASE IF NOT EXISTS `db`"));
  }
}

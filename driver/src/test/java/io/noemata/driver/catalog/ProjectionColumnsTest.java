package io.noemata.driver.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class ProjectionColumnsTest {

  @Test
  void plainNamesOfTheSelectList() {
    assertEquals(List.of("a", "b"), ProjectionColumns.of("SELECT a, b ORDER BY b"));
    assertEquals(List.of("ServiceName", "odd name"),
        ProjectionColumns.of("SELECT ServiceName, `odd name`, count(), toStartOfHour(Timestamp) GROUP BY ServiceName"));
  }

  @Test
  void starMeansEveryOrdinaryColumn() {
    assertNull(ProjectionColumns.of("SELECT * ORDER BY TraceId"));
  }
}

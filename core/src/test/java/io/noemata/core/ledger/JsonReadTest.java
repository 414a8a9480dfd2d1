package io.noemata.core.ledger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the server answers as JSON, read back: values, escapes, and refusals of what is not JSON. */
class JsonReadTest {

  @Test
  void whatJsonWritesReadsBack() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", "a \"quoted\"\n\\ tab\t");
    m.put("list", List.of(1.0, true, "x"));
    m.put("none", null);
    m.put("nested", Map.of("k", List.of()));
    assertEquals(m, Json.read(Json.write(m)));
  }

  @Test
  void escapesAndNumbersAreTheirValues() {
    assertEquals("é/\u0001", Json.read("\"\\u00e9\\/\\u0001\""));
    assertEquals(-12.5e3, Json.read(" -12.5e3 "));
    assertEquals(List.of(Map.of()), Json.read("[{}]"));
  }

  @Test
  void whatIsNotOneJsonValueIsRefused() {
    for (String bad : List.of("", "{", "[1,]", "{\"a\" 1}", "\"open", "tru", "1 2", "{\"a\":1}}")) {
      assertThrows(IllegalArgumentException.class, () -> Json.read(bad), bad);
    }
  }

  @Test
  void nestingDeeperThanAnyPlanIsRefusedNotAStackOverflow() {
    String deep = "[".repeat(100_000) + "]".repeat(100_000);
    assertThrows(IllegalArgumentException.class, () -> Json.read(deep));
    String ok = "[".repeat(Json.MAX_DEPTH) + "]".repeat(Json.MAX_DEPTH);
    assertEquals(List.class, Json.read(ok).getClass().getInterfaces()[0]);
  }
}

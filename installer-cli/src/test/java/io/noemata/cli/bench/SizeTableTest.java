package io.noemata.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.cli.demo.DashboardQuery;
import io.noemata.cli.demo.PanelResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class SizeTableTest {

  private static final DashboardQuery ERRORS = new DashboardQuery("errors per minute", "Grafana", "SELECT 1", true);
  private static final DashboardQuery TOP = new DashboardQuery("top services", "Superset", "SELECT 2", true);

  private static PanelResult result(DashboardQuery q, boolean rewritten, double rawMs, double noemataMs, String difference) {
    return new PanelResult(q, rewritten ? q.sql() + " -- rollup" : q.sql(), rawMs, noemataMs, 1000, 10, List.of(), difference,
        false);
  }

  @Test
  void aSizeWhoseSlowestAcceleratedPanelLosesToRawIsAMiss() {
    SizeTable t = new SizeTable();
    t.add(2_000_000, List.of(result(ERRORS, true, 10, 12.5, null), result(TOP, false, 3, 1, null)));
    t.add(50_000_000, List.of(result(ERRORS, true, 200, 4, null), result(TOP, true, 90, 3, null)));
    List<String> misses = t.misses();
    assertEquals(1, misses.size(), misses.toString());
    assertTrue(misses.get(0).startsWith("2,000,000 rows: panel errors per minute 0.80x"), misses.get(0));
    List<String> lines = t.lines();
    assertEquals("| panel (speedup over raw; raw ms / noemata ms; rows read raw / noemata) | 2,000,000 rows |"
        + " 50,000,000 rows |", lines.get(0));
    assertTrue(lines.get(3).startsWith("| top services | raw 3.00x"), lines.get(3));
    // the rows the engine read raw over those read through noemata (1,000 against 10)
    assertTrue(lines.get(2).contains("| 50.00x (200.0 / 4.0 ms; rows 100x) |"), lines.get(2));
    assertEquals("| slowest accelerated panel (goal >= 1.0) | 0.80x MISS | 30.00x ok |", lines.get(4));
  }

  @Test
  void anAnswerThatDiffersFromRawIsAMissAtAnySpeed() {
    SizeTable t = new SizeTable();
    t.add(5_000_000, List.of(result(ERRORS, true, 100, 1, "row 3: 7 vs 8")));
    assertEquals(List.of("5,000,000 rows: panel errors per minute answered differently from raw: row 3: 7 vs 8"), t.misses());
    assertTrue(t.lines().get(2).endsWith("DIFFERENT |"), t.lines().get(2));
  }
}

package io.noemata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Progress as a log reads it (lines) and as a terminal shows it (a redrawn bar). */
class CliProgressTest {

  private static String drive(boolean terminal) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    CliProgress progress = new CliProgress(new PrintStream(bytes, true, StandardCharsets.UTF_8), terminal);
    progress.step("install rollup logs_1m");
    for (long day = 1; day <= 40; day++) {
      progress.advance("backfill logs_1m", day, 40);
    }
    progress.advance("mutation spans", 3, 3);
    progress.advance("backfill spans", 1, 4);
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void outsideATerminalEachTenthIsOneLine() {
    String log = drive(false);
    assertFalse(log.contains("\r"), log);
    List<String> lines = log.lines().toList();
    assertEquals("install rollup logs_1m", lines.get(0));
    assertEquals("backfill logs_1m: 1/40 (2%)", lines.get(1)); // the task began
    assertEquals("backfill logs_1m: 4/40 (10%)", lines.get(2));
    assertEquals("backfill logs_1m: 40/40 (100%)", lines.get(11));
    assertEquals("mutation spans: 3/3 (100%)", lines.get(12));
    assertEquals("backfill spans: 1/4 (25%)", lines.get(13));
    assertEquals(14, lines.size(), log);
  }

  @Test
  void inATerminalTheBarIsRedrawnInPlace() {
    String shown = drive(true);
    assertTrue(shown.contains("\r") && shown.contains("backfill logs_1m"), shown);
  }

  @Test
  void testsRunWithoutATerminal() {
    assertFalse(CliProgress.inTerminal()); // surefire's forked JVM has no console
  }
}

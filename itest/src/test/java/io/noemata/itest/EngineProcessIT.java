package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.junit.jupiter.api.Test;

/** The JVM around the embedded engine survives what the JVM does all the time, and exits cleanly. */
class EngineProcessIT {

  @Test
  void nullPointerExceptionsInHotCompiledCodeAfterEngineStartNeitherHangNorKill() throws Exception {
    ProcessRun run = ProcessRun.run(ProcessRun.javaMain(EngineProbe.class.getName(), "npe"), Map.of(), 300);
    assertEquals(0, run.exitCode(), run.stderr());
    assertTrue(run.stdout().contains("npe-ok caught=20000"), run.stdout());
  }

  @Test
  void jvmExitsCleanlyAfterHeavyInserts() throws Exception {
    ProcessRun run = ProcessRun.run(ProcessRun.javaMain(EngineProbe.class.getName(), "heavy-insert"), Map.of(), 300);
    assertEquals(0, run.exitCode(), run.stderr());
    assertTrue(run.stdout().contains("inserted 5020000"), run.stdout());
    assertFalse(run.stderr().contains("SIGSEGV") || run.stderr().contains("hs_err"), run.stderr());
  }
}

package io.noemata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** advise's usage errors, which come before any connection: exit 2 with the fix named. */
class AdviseCommandTest {

  private static final Path EXAMPLE = Examples.OTEL;

  @TempDir Path dir;

  private record Run(int exit, String err) {}

  private static synchronized Run run(String... args) {
    PrintStream out = System.out;
    PrintStream err = System.err;
    ByteArrayOutputStream e = new ByteArrayOutputStream();
    try {
      System.setOut(new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(e, true, StandardCharsets.UTF_8));
      return new Run(Main.run(args), e.toString(StandardCharsets.UTF_8));
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
  }

  @Test
  void aMissingWorkloadFileIsAUsageError() {
    Run r = run("advise", "--project", EXAMPLE.toString(), "--workload", dir.resolve("none.sql").toString());
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("none.sql does not exist"), r.err());
  }

  @Test
  void aWorkloadFileWithoutQueriesSaysHowToWriteOne() throws Exception {
    Path f = Files.writeString(dir.resolve("empty.sql"), "-- nothing here\n;\n");
    Run r = run("advise", "--project", EXAMPLE.toString(), "--workload", f.toString());
    assertEquals(2, r.exit());
    assertTrue(r.err().contains("holds no query"), r.err());
  }

  @Test
  void aWorkloadNeedsOneSourceAndAProject() throws Exception {
    assertEquals(2, run("advise", "--project", EXAMPLE.toString()).exit(), "neither --workload nor --query-log");
    Path f = Files.writeString(dir.resolve("w.sql"), "SELECT 1");
    Run r = run("advise", "--project", dir.resolve("nowhere").toString(), "--workload", f.toString());
    assertEquals(2, r.exit());
  }
}

package io.noemata.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ValidateCommandTest {

  private static final Path EXAMPLE = Examples.OTEL;

  @TempDir Path dir;

  private static CliRun run(String... args) {
    return CliRun.of(args);
  }

  @Test
  void theExampleProjectIsValid() {
    CliRun r = run("validate", "--project", EXAMPLE.toString());
    assertEquals(0, r.exit(), r.out() + r.err());
    assertTrue(r.out().contains("valid (offline): 0 errors"), r.out());
  }

  @Test
  void errorsExitOneWithFileAndPointer() throws Exception {
    Files.writeString(dir.resolve("noemata.json"), "{}");
    Files.createDirectories(dir.resolve("@frames/x"));
    Files.writeString(dir.resolve("@frames/x/a.resources.json"),
        "{\"resources\": {\"c\": {\"column\": {\"table\": \"@x/none#t\", \"expression\": \"Body\"}}}}");
    CliRun r = run("validate", "--project", dir.toString());
    assertEquals(1, r.exit(), r.out() + r.err());
    assertTrue(r.out().contains("error: @frames/x/a.resources.json:1:") && r.out().contains("/resources/c/column/table"), r.out());
  }

  @Test
  void jsonOutputListsFindings() throws Exception {
    Files.writeString(dir.resolve("noemata.json"), "{\"namespace\": 1}");
    CliRun r = run("validate", "--project", dir.toString(), "--json");
    assertEquals(1, r.exit(), r.out() + r.err());
    JsonNode json = new ObjectMapper().readTree(r.out());
    assertEquals(false, json.get("valid").booleanValue());
    assertEquals("noemata.json", json.get("findings").get(0).get("file").textValue());
    assertEquals("/namespace", json.get("findings").get(0).get("pointer").textValue());
  }

  @Test
  void aDirectoryThatIsNotAProjectIsAUsageError() {
    CliRun r = run("validate", "--project", dir.resolve("missing").toString());
    assertEquals(2, r.exit());
    assertTrue(r.err().startsWith("noemata: project directory") && r.err().strip().lines().count() == 1, r.err());
  }

  @Test
  void anUnreachableDatabaseIsAConnectionFailure() {
    CliRun r = run("validate", "--project", EXAMPLE.toString(), "--online", "--url", "http://127.0.0.1:1");
    assertEquals(2, r.exit(), r.out() + r.err());
    assertTrue(r.err().startsWith("noemata: cannot connect to ClickHouse at http://127.0.0.1:1"), r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
  }

  /** --url says where, --online what: a database named without --online would be checked by nothing. */
  @Test
  void aUrlWithoutOnlineIsAUsageErrorThatNamesTheFix() {
    CliRun r = run("validate", "--project", EXAMPLE.toString(), "--url", "http://127.0.0.1:1");
    assertEquals(2, r.exit(), r.out() + r.err());
    assertTrue(r.err().startsWith("noemata: --url names the ClickHouse that --online validates against: add --online"), r.err());
    assertEquals("", r.out());
  }

  @Test
  void helpSaysWhatOnlineDoes() {
    CliRun r = run("validate", "--help");
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("--online") && r.out().contains("compare each ready rollup with the raw table"), r.out());
  }

  /** Random bytes as a resources file or as noemata.json: exit 1 or 2 with one message, never a trace. */
  @Test
  void randomFilesExitOneOrTwoWithAMessage() throws Exception {
    long seed = new java.util.Random().nextLong();
    java.util.Random random = new java.util.Random(seed);
    Files.createDirectories(dir.resolve("@frames/x"));
    for (int n = 0; n < 300; n++) {
      byte[] bytes = new byte[random.nextInt(300)];
      random.nextBytes(bytes);
      boolean settings = n % 3 == 0;
      Files.write(dir.resolve("noemata.json"), settings ? bytes : "{}".getBytes(StandardCharsets.UTF_8));
      Files.write(dir.resolve("@frames/x/a.resources.json"), settings ? "{\"resources\": {}}".getBytes(StandardCharsets.UTF_8) : bytes);
      CliRun r = n % 2 == 0 ? run("validate", "--project", dir.toString(), "--json") : run("validate", "--project", dir.toString());
      String all = r.out() + r.err();
      assertTrue(r.exit() == 1 || r.exit() == 2, "seed " + seed + " try " + n + ": exit " + r.exit() + "\n" + all);
      assertTrue(!all.contains("Exception") && !all.contains("\tat "), "seed " + seed + ": " + all);
      assertTrue(r.out().contains("error") || r.err().startsWith("noemata: "), "seed " + seed + ": " + all);
    }
  }

  @Test
  void helpNamesTheOptions() {
    CliRun r = run("validate", "--help");
    assertEquals(0, r.exit());
    assertTrue(r.out().contains("--project") && r.out().contains("--json") && r.out().contains("--url"), r.out());
  }

  @Test
  void urlsBecomeJdbcUrlsAndPasswordsAreHidden() {
    assertEquals("jdbc:clickhouse:http://h:8123", ValidateCommand.jdbcUrl("http://h:8123"));
    assertEquals("jdbc:clickhouse://h:8123/otel", ValidateCommand.jdbcUrl("h:8123/otel"));
    assertEquals("jdbc:clickhouse://h:8123", ValidateCommand.jdbcUrl("jdbc:clickhouse://h:8123"));
    assertEquals("http://u:***@h:8123?password=***", ValidateCommand.redact("http://u:secret@h:8123?password=x"));
  }
}

package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.otel.OtelSchema;
import io.noemata.resources.catalog.JdbcCatalog;
import io.noemata.resources.finding.Finding;
import io.noemata.resources.validate.Report;
import io.noemata.resources.validate.Validator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code noemata validate} online: the example project against the exporter's tables created by
 * {@link OtelSchema} on the target engine, and what the real server reports for columns that the
 * offline checks cannot know.
 */
class ValidateOnlineIT {

  private static final String DB = "itest_validate";
  private static final ClickHouseTarget TARGET = ClickHouseTarget.get();

  @TempDir Path dir;

  @BeforeAll
  static void tables() throws Exception {
    try (Connection c = TARGET.connect("default"); Statement s = c.createStatement()) {
      s.execute("DROP DATABASE IF EXISTS " + DB);
      for (String sql : OtelSchema.createStatements(DB)) {
        s.execute(sql);
      }
      s.execute("CREATE TABLE " + DB + ".metrics (ts DateTime, Counters Map(String, UInt64), Name String)"
          + " ENGINE = MergeTree ORDER BY ts");
      s.execute("ALTER TABLE " + DB + ".metrics ADD COLUMN hour DateTime MATERIALIZED toStartOfHour(ts)");
    }
  }

  /** A copy of {@code project} whose frames point at {@link #DB} instead of {@code otel}. */
  private Path copy(Path project) throws IOException {
    try (Stream<Path> files = Files.walk(project)) {
      for (Path p : files.filter(Files::isRegularFile).toList()) {
        Path to = dir.resolve(project.relativize(p).toString());
        Files.createDirectories(to.getParent());
        Files.writeString(to, Files.readString(p).replace("\"otel.otel_", "\"" + DB + ".otel_"));
      }
    }
    return dir;
  }

  private static Report validate(Path project) throws Exception {
    try (Connection c = TARGET.connect(DB)) {
      return Validator.run(project, new JdbcCatalog(c));
    }
  }

  @Test
  void theExampleProjectIsCleanOnline() throws Exception {
    Report r = validate(copy(RepositoryFiles.EXAMPLE));
    assertEquals(List.of(), r.findings(), r.text());
    assertTrue(r.online());
  }

  @Test
  void theCorpusProjectIsCleanOnline() throws Exception {
    Report r = validate(copy(RepositoryFiles.CORPUS_PROJECT));
    assertEquals(List.of(), r.findings(), r.text());
  }

  @Test
  void whatTheDatabaseCannotInstallIsReportedWithItsReason() throws Exception {
    copy(RepositoryFiles.EXAMPLE);
    Path res = dir.resolve("@frames/opentelemetry/views/otel.resources.json");
    Files.writeString(res, "{\"resources\": {\n"
        + "\"counter\": {\"column\": {\"table\": \"" + DB + ".metrics\", \"expression\": \"Counters['x']\"}},\n"
        + "\"hour\": {\"column\": {\"table\": \"" + DB + ".metrics\", \"expression\": \"toStartOfHour(ts)\"}},\n"
        + "\"day\": {\"column\": {\"table\": \"" + DB + ".metrics\", \"expression\": \"toStartOfDay(ts)\"}},\n"
        + "\"by_nothing\": {\"projection\": {\"table\": \"" + DB + ".metrics\", \"order_by\": [\"NoSuchColumn\"]}},\n"
        + "\"gone\": {\"index\": {\"table\": \"" + DB + ".nope\", \"column\": \"x\", \"kind\": \"minmax\"}}\n"
        + "}}");
    Report r = validate(dir);
    String file = "@frames/opentelemetry/views/otel.resources.json";
    assertEquals(List.of(
        "warning " + file + " /resources/counter/column/expression",
        "warning " + file + " /resources/day/column/expression",
        "warning " + file + " /resources/by_nothing/projection/order_by/0",
        "error " + file + " /resources/gone/index/table"),
        r.findings().stream().map(f -> f.severity().word() + " " + f.file() + " " + f.pointer()).toList(), r.text());
    assertTrue(message(r, "/resources/counter/column/expression").contains("map of UInt64 values"), r.text());
    assertTrue(message(r, "/resources/day/column/expression").contains("declare \"type\""), r.text());
    assertEquals(1, r.exitCode());
  }

  @Test
  void theCommandValidatesOnlineWithAUrl() throws Exception {
    // The command reads credentials from NOEMATA_CH_USER/PASSWORD, which a test cannot set in
    // process; clickhouse-jdbc also takes them as URL parameters.
    java.util.Properties credentials = TARGET.credentials();
    String password = credentials.getProperty("password");
    String url = TARGET.jdbcUrl(DB) + "?user=" + encode(credentials.getProperty("user"))
        + (password.isEmpty() ? "" : "&password=" + encode(password)); // the driver refuses "password="
    Path project = copy(RepositoryFiles.EXAMPLE);
    java.io.PrintStream out = System.out;
    java.io.PrintStream err = System.err;
    java.io.ByteArrayOutputStream buffer = new java.io.ByteArrayOutputStream();
    int exit;
    try {
      System.setOut(new java.io.PrintStream(buffer, true, java.nio.charset.StandardCharsets.UTF_8));
      System.setErr(new java.io.PrintStream(buffer, true, java.nio.charset.StandardCharsets.UTF_8));
      exit = io.noemata.cli.Main.run("validate", "--project", project.toString(), "--online", "--url", url);
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
    String printed = buffer.toString(java.nio.charset.StandardCharsets.UTF_8);
    assertEquals(0, exit, printed);
    assertTrue(printed.contains("valid (online): 0 errors, 0 warnings"), printed);
  }

  private static String encode(String s) {
    return java.net.URLEncoder.encode(s, java.nio.charset.StandardCharsets.UTF_8);
  }

  private static String message(Report r, String pointer) {
    return r.findings().stream().filter(f -> f.pointer().equals(pointer)).map(Finding::message).findFirst().orElse("");
  }
}

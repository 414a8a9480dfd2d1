package io.noemata.rewriter.checks;

import static io.noemata.rewriter.rules.RollupAnswersTest.reads;
import static io.noemata.rewriter.rules.RollupAnswersTest.rewrite;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.expr.FunctionNames;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.RollupCatalog;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A function name the server refuses is never matched: the statement goes out as written, so the
 * server's error comes back (issue 26: {@code UNIQ(TraceId)} was answered from a rollup). One case
 * per class of name, each beside a spelling the server accepts, which still reads the rollup.
 * What the server accepts was measured on ClickHouse 26.5 (FunctionNamesIT re-measures it).
 */
class KnownFunctionsTest {

  private static final String WINDOW = " FROM otel.otel_logs WHERE Timestamp >= toDateTime(1718006400)"
      + " AND Timestamp < toDateTime(1718028000)";
  private static final String SPANS = " FROM otel.otel_traces WHERE Timestamp >= toDateTime(1718006400)"
      + " AND Timestamp < toDateTime(1718028000)";

  /** Sent as written, and provenance says which name and why. */
  private static void refused(String sql, String name) {
    RewriteResult r = rewrite(sql);
    assertFalse(r.changed(), r.sql());
    assertSame(sql, r.sql());
    assertNotNull(r.provenance().notUnderstood());
    assertTrue(r.provenance().notUnderstood().contains("`" + name + "`"), r.provenance().notUnderstood());
  }

  @ParameterizedTest // count, sum, avg, min, max are case-insensitive on the server
  @ValueSource(strings = {"SELECT ServiceName, COUNT(*) AS c" + WINDOW + " GROUP BY ServiceName",
      "SELECT ServiceName, Count() AS c" + WINDOW + " GROUP BY ServiceName",
      "SELECT ServiceName, AVG(Duration) AS a" + SPANS + " GROUP BY ServiceName",
      "SELECT ServiceName, Sum(Duration) AS a" + SPANS + " GROUP BY ServiceName"})
  void aCaseInsensitiveFunctionInAnyCaseIsRead(String sql) {
    assertTrue(reads(sql).contains("noemata_rollup"));
  }

  @Test
  void aCaseSensitiveFunctionIsReadOnlyAsSpelled() {
    assertTrue(reads("SELECT toStartOfHour(Timestamp) AS h, count() AS c" + WINDOW + " GROUP BY h").contains("noemata_rollup"));
    refused("SELECT toStartOfHOUR(Timestamp) AS h, count() AS c" + WINDOW + " GROUP BY h", "toStartOfHOUR");
    refused("SELECT TOSTARTOFHOUR(Timestamp) AS h, count() AS c" + WINDOW + " GROUP BY h", "TOSTARTOFHOUR");
    refused("SELECT count() AS c FROM otel.otel_logs WHERE Timestamp >= TODATETIME(1718006400)"
        + " AND Timestamp < toDateTime(1718028000)", "TODATETIME");
  }

  @Test
  void anAggregateIsReadOnlyAsTheServerSpellsIt() {
    assertTrue(reads("SELECT ServiceName, uniq(TraceId) AS u" + WINDOW + " GROUP BY ServiceName").contains("noemata_rollup"));
    refused("SELECT ServiceName, UNIQ(TraceId) AS u" + WINDOW + " GROUP BY ServiceName", "UNIQ");
    refused("SELECT ServiceName, Uniq(TraceId) AS u" + WINDOW + " GROUP BY ServiceName", "Uniq");
    refused("SELECT ServiceName, QUANTILE(0.99)(Duration) AS p" + SPANS + " GROUP BY ServiceName", "QUANTILE");
    // the refusal holds wherever the name stands: in a subquery, under a window, in ORDER BY
    refused("SELECT s, c FROM (SELECT ServiceName AS s, count() AS c" + WINDOW + " GROUP BY s ORDER BY ANY(c))", "ANY");
  }

  @Test
  void aCombinatorIsMatchedAsSpelledAfterItsAggregate() {
    assertTrue(reads("SELECT ServiceName, countIf(SeverityText = 'ERROR') AS e" + WINDOW + " GROUP BY ServiceName")
        .contains("noemata_rollup"));
    // the base in any case it resolves in, the suffix as the server spells it
    assertTrue(reads("SELECT ServiceName, COUNTIf(SeverityText = 'ERROR') AS e" + WINDOW + " GROUP BY ServiceName")
        .contains("noemata_rollup"));
    refused("SELECT ServiceName, countIF(SeverityText = 'ERROR') AS e" + WINDOW + " GROUP BY ServiceName", "countIF");
    refused("SELECT ServiceName, countif(SeverityText = 'ERROR') AS e" + WINDOW + " GROUP BY ServiceName", "countif");
    refused("SELECT ServiceName, COUNTIF(SeverityText = 'ERROR') AS e" + WINDOW + " GROUP BY ServiceName", "COUNTIF");
    refused("SELECT ServiceName, UNIQIf(TraceId, SeverityText = 'ERROR') AS u" + WINDOW + " GROUP BY ServiceName", "UNIQIf");
    refused("SELECT ServiceName, sumif(Duration, StatusCode = 'Error') AS s" + SPANS + " GROUP BY ServiceName", "sumif");
  }

  @Test
  void anAliasResolvesWithItsOwnCase() {
    FunctionNames names = FunctionNames.builtIn();
    assertEquals("DATE_TRUNC", names.resolve("date_trunc").orElseThrow()); // alias of dateTrunc, case-insensitive
    assertEquals("DATE_TRUNC", names.resolve("Date_Trunc").orElseThrow());
    assertFalse(names.knows("DATETRUNC")); // dateTrunc itself is not
    assertFalse(names.knows("MEDIAN")); // alias of quantile, case-sensitive
    assertEquals("first_value", names.resolve("FIRST_VALUE").orElseThrow()); // alias of any, case-insensitive
    assertFalse(names.knows("ANY"));
    assertTrue(reads("SELECT date_trunc('hour', Timestamp) AS h, count() AS c" + WINDOW + " GROUP BY h").contains("noemata_rollup"));
    assertTrue(reads("SELECT DATE_TRUNC('hour', Timestamp) AS h, count() AS c" + WINDOW + " GROUP BY h").contains("noemata_rollup"));
    refused("SELECT DATETRUNC('hour', Timestamp) AS h, count() AS c" + WINDOW + " GROUP BY h", "DATETRUNC");
  }

  @Test
  void theParsersKeywordFormsAreKnownInAnyCase() {
    assertTrue(reads("SELECT toStartOfHour(Timestamp) AS h, count() AS c FROM otel.otel_logs WHERE Timestamp >="
        + " toDateTime(1718006400) AND Timestamp < DATE_ADD(HOUR, 6, toDateTime(1718006400)) GROUP BY h").contains("noemata_rollup"));
    assertTrue(FunctionNames.builtIn().knows("TimeStampAdd"));
    assertTrue(FunctionNames.builtIn().knows("TRIM"));
  }

  @Test
  void aNameTwoFunctionsShareInLowerCaseIsNeverMatched() {
    List<FunctionNames.Function> functions = new ArrayList<>();
    functions.add(new FunctionNames.Function("uniq", false, "", true));
    functions.add(new FunctionNames.Function("UNIQ", false, "", false)); // a user's function
    functions.add(new FunctionNames.Function("toStartOfHour", false, "", false));
    functions.add(new FunctionNames.Function("toTimeZone", false, "toTimezone", false));
    functions.add(new FunctionNames.Function("toTimezone", false, "", false));
    FunctionNames names = FunctionNames.of(functions, List.of("If"));
    assertFalse(names.knows("UNIQ"));
    assertFalse(names.knows("uniq"));
    assertFalse(names.knows("uniqIf"));
    assertTrue(names.knows("toTimeZone")); // two spellings of one function
    assertTrue(names.knows("toTimezone"));
    RewriteResult r = rewrite("SELECT ServiceName, UNIQ(TraceId) AS u" + WINDOW + " GROUP BY ServiceName",
        RollupCatalog.snapshot().withFunctions(names));
    assertFalse(r.changed());
  }

  @Test
  void tableFunctionsAreTheServersOtherList() {
    RewriteResult r = rewrite("SELECT number FROM numbers(toUInt64(3))");
    assertEquals(null, r.provenance().notUnderstood());
    refused("SELECT number FROM numbers(TOUINT64(3))", "TOUINT64");
  }
}

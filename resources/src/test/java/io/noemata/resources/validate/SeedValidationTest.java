package io.noemata.resources.validate;

import static io.noemata.resources.finding.Severity.ERROR;
import static io.noemata.resources.finding.Severity.WARNING;
import static io.noemata.resources.validate.TestProjects.RES;
import static io.noemata.resources.validate.TestProjects.find;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.resources.finding.Finding;
import io.noemata.resources.finding.FindingCode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One small bad project per error and warning of the seed's Validation section (and the rules of
 * the entry kinds it refers to); each asserts the file, the JSON pointer and the message.
 */
class SeedValidationTest {

  @TempDir Path dir;

  private Report run(String resources) {
    return TestProjects.validate(TestProjects.withResources(dir, resources));
  }

  private static String column(String key, String table, String expression) {
    return "\"" + key + "\": {\"column\": {\"table\": \"" + table + "\", \"expression\": \"" + expression + "\"}}";
  }

  private static String res(String... entries) {
    return "{\"resources\": {\n" + String.join(",\n", entries) + "\n}}";
  }

  // ---- errors: "the frame or the alias of table does not exist, or the frame's view does not compile"

  @Test
  void frameDoesNotExist() {
    Report r = run(res(column("c", "@otel/nope#logs", "Body")));
    assertEquals(FindingCode.INVALID, find(r, ERROR, RES, "/resources/c/column/table", "frame '@otel/nope' does not exist").code());
    assertEquals(1, r.exitCode());
  }

  @Test
  void aliasDoesNotExist() {
    Report r = run(res(column("c", "@otel/logs#nope", "Body")));
    find(r, ERROR, RES, "/resources/c/column/table", "has no table alias 'nope' (known: logs, spans)");
  }

  @Test
  void aMissingAliasIsReportedEvenWhenOtherFieldsAreWrong() {
    Report r = run("{\"resources\": {\"i\": {\"index\": {\"table\": \"@otel/logs#nope\", \"column\": \"Body\", \"kind\": \"hash\"}}}}");
    find(r, ERROR, RES, "/resources/i/index/table", "has no table alias 'nope'");
    find(r, ERROR, RES, "/resources/i/index/kind", "unknown index kind 'hash'");
  }

  @Test
  void framesViewDoesNotCompile() {
    TestProjects.write(dir, "@frames/otel/bad.frame.json",
        "{\"frame\": \"@otel/bad\", \"tables\": {\"t\": {\"table\": \"otel.t\", \"measures\": {\"M\": \"count(\"}}}}",
        RES, res(column("c", "@otel/bad#t", "Body")));
    Report r = TestProjects.validate(dir);
    find(r, ERROR, "@frames/otel/bad.frame.json", "/tables/t/measures/M", "measure 'M' does not parse");
    find(r, ERROR, RES, "/resources/c/column/table", "does not compile");
  }

  @Test
  void aFrameIdMustMatchItsPath() {
    TestProjects.write(dir, "@frames/otel/other.frame.json",
        "{\"frame\": \"@otel/elsewhere\", \"tables\": {\"t\": {\"table\": \"otel.t\"}}}");
    find(TestProjects.validate(dir), ERROR, "@frames/otel/other.frame.json", "/frame",
        "does not match the file's path, which names '@otel/other'");
  }

  @Test
  void aMeasureMustAggregateAndAScalarMustParse() {
    TestProjects.write(dir, "@frames/otel/bad.frame.json", "{\"frame\": \"@otel/bad\", \"tables\": {\"t\": {"
        + "\"table\": \"otel.t\", \"scalars\": {\"s\": \"lower(\"}, \"measures\": {\"M\": \"Duration * 2\"}}}}");
    Report r = TestProjects.validate(dir);
    find(r, ERROR, "@frames/otel/bad.frame.json", "/tables/t/measures/M", "does not aggregate");
    find(r, ERROR, "@frames/otel/bad.frame.json", "/tables/t/scalars/s", "scalar 's' does not parse");
  }

  // ---- errors: "a column expression does not parse, calls an aggregate or window function, or reads
  // a measure, an aggregate scalar, or another entry"

  @Test
  void columnExpressionDoesNotParse() {
    Report r = run(res(column("c", "@otel/logs#logs", "lower(Body")));
    Finding f = find(r, ERROR, RES, "/resources/c/column/expression", "does not parse");
    Finding g = find(run(res(column("c", "@otel/logs#logs", "Body)"))), ERROR, RES,
        "/resources/c/column/expression", "unexpected ')'");
    assertEquals(f.line(), g.line());
  }

  @Test
  void columnExpressionErrorPointsInsideTheString() {
    // "expression": "lower(a) + count()"  -- count starts at character 12 of the string
    Report r = run("{\"resources\": {\"c\": {\"column\": {\"table\": \"@otel/logs#logs\",\n"
        + "  \"expression\": \"lower(Body) + count()\"}}}}");
    Finding f = find(r, ERROR, RES, "/resources/c/column/expression", "is not allowed: 'count' is an aggregate function");
    assertEquals(2, f.line());
    assertEquals(17 + 1 + "lower(Body) + ".length(), f.column());
  }

  @Test
  void columnExpressionCallsAnAggregate() {
    find(run(res(column("c", "@otel/logs#logs", "sumIf(SeverityNumber, 1)"))), ERROR, RES,
        "/resources/c/column/expression", "'sumIf' is an aggregate function");
  }

  @Test
  void columnExpressionCallsAWindowFunction() {
    find(run(res(column("c", "@otel/logs#logs", "row_number() OVER ()"))), ERROR, RES,
        "/resources/c/column/expression", "window function");
  }

  @Test
  void columnExpressionUsesAQualifiedName() {
    find(run(res(column("c", "@otel/logs#logs", "otel_logs.Body"))), ERROR, RES,
        "/resources/c/column/expression", "qualified names are not allowed");
  }

  @Test
  void columnExpressionIsNotAStatementSubqueryOrTableFunction() {
    for (String bad : new String[] {"Body; DROP TABLE x", "(SELECT 1)", "url('http://h/x', 'CSV')",
        "file('/etc/passwd')", "remote('h', 'db', 't')", "s3('b')"}) {
      Report r = run(res(column("c", "@otel/logs#logs", bad)));
      find(r, ERROR, RES, "/resources/c/column/expression", "the column expression is not allowed: ");
    }
  }

  @Test
  void columnExpressionReadsAMeasure() {
    find(run(res(column("c", "@otel/logs#logs", "LogCount + 1"))), ERROR, RES,
        "/resources/c/column/expression", "reads measure 'LogCount'");
  }

  @Test
  void columnExpressionReadsAnAggregateScalar() {
    find(run(res(column("c", "@otel/logs#logs", "lower(errors_share)"))), ERROR, RES,
        "/resources/c/column/expression", "reads aggregate scalar 'errors_share'");
  }

  @Test
  void columnExpressionReadsAnotherEntry() {
    Report r = run(res(column("a", "@otel/logs#logs", "lower(Body)"), column("b", "@otel/logs#logs", "upper(a)")));
    find(r, ERROR, RES, "/resources/b/column/expression", "reads entry 'a'");
  }

  // ---- errors: "a name is an entry of another kind, a column entry of another physical table, or a measure"

  @Test
  void nameIsAnEntryOfAnotherKind() {
    Report r = run(res(
        "\"p\": {\"projection\": {\"table\": \"@otel/logs#logs\", \"order_by\": [\"ServiceName\"]}}",
        "\"i\": {\"index\": {\"table\": \"@otel/logs#logs\", \"column\": \"p\", \"kind\": \"minmax\"}}"));
    find(r, ERROR, RES, "/resources/i/index/column", "'p' is a projection entry, not a column");
  }

  @Test
  void nameIsAColumnEntryOfAnotherPhysicalTable() {
    Report r = run(res(column("span_pod", "@otel/logs#spans", "ResourceAttributes['k8s.pod.name']"),
        "\"i\": {\"index\": {\"table\": \"@otel/logs#logs\", \"column\": \"span_pod\", \"kind\": \"bloom_filter\"}}"));
    find(r, ERROR, RES, "/resources/i/index/column", "column entry of otel.otel_traces, not of otel.otel_logs");
  }

  @Test
  void nameIsAMeasure() {
    Report r = run(res("\"p\": {\"projection\": {\"table\": \"@otel/logs#logs\", \"order_by\": [\"Timestamp\", \"LogCount\"]}}"));
    find(r, ERROR, RES, "/resources/p/projection/order_by/1", "'LogCount' is a measure");
  }

  // ---- errors: "a rollup measure is missing or is a row scalar"

  private static String rollup(String key, String grain, String dims, String measures, String extra) {
    return "\"" + key + "\": {\"rollup\": {\"table\": \"@otel/logs#logs\", \"grain\": \"" + grain
        + "\", \"dimensions\": " + dims + ", \"measures\": " + measures + extra + "}}";
  }

  @Test
  void rollupMeasureIsMissing() {
    find(run(res(rollup("r", "1m", "[\"ServiceName\"]", "[\"LogCount\", \"Nope\"]", ""))), ERROR, RES,
        "/resources/r/rollup/measures/1", "'Nope' is not a measure of @otel/logs#logs");
  }

  @Test
  void rollupMeasureIsARowScalar() {
    find(run(res(rollup("r", "1m", "[\"ServiceName\"]", "[\"pod\"]", ""))), ERROR, RES,
        "/resources/r/rollup/measures/0", "'pod' is a row scalar");
  }

  @Test
  void rollupMayStoreAnAggregateScalar() {
    Report r = run(res(rollup("r", "1m", "[\"ServiceName\"]", "[\"errors_share\"]", "")));
    assertEquals(0, r.findings().size(), r.text());
  }

  // ---- errors: "a rollup from is not a rollup of the file, forms a cycle, or does not divide the grain"

  @Test
  void rollupFromIsNotARollupOfTheFile() {
    Report r = run(res(column("c", "@otel/logs#logs", "lower(Body)"),
        rollup("r", "1h", "[]", "[\"LogCount\"]", ", \"from\": \"c\""),
        rollup("s", "1h", "[]", "[\"LogCount\"]", ", \"from\": \"nowhere\"")));
    find(r, ERROR, RES, "/resources/r/rollup/from", "'c' is not a rollup of this file");
    find(r, ERROR, RES, "/resources/s/rollup/from", "'nowhere' is not a rollup of this file");
  }

  @Test
  void rollupFromFormsACycle() {
    Report r = run(res(rollup("a", "1m", "[]", "[\"LogCount\"]", ", \"from\": \"b\""),
        rollup("b", "1m", "[]", "[\"LogCount\"]", ", \"from\": \"a\"")));
    find(r, ERROR, RES, "/resources/a/rollup/from", "forms a cycle (a -> b -> a)");
    find(r, ERROR, RES, "/resources/b/rollup/from", "forms a cycle");
  }

  @Test
  void rollupFromDoesNotDivideTheGrain() {
    Report r = run(res(rollup("fine", "10m", "[]", "[\"LogCount\"]", ""),
        rollup("coarse", "15m", "[]", "[\"LogCount\"]", ", \"from\": \"fine\"")));
    find(r, ERROR, RES, "/resources/coarse/rollup/from", "grain 10m, which does not divide this grain 15m");
  }

  @Test
  void rollupFromMustStoreWhatThisRollupUses() {
    Report r = run(res(rollup("fine", "1m", "[\"ServiceName\"]", "[\"LogCount\"]", ""),
        rollup("coarse", "1h", "[\"ServiceName\", \"SeverityText\"]", "[\"LogCount\", \"UniqTraces\"]",
            ", \"from\": \"fine\"")));
    find(r, ERROR, RES, "/resources/coarse/rollup/from", "lacks SeverityText, UniqTraces");
  }

  // ---- errors: "a key appears twice in the file, or two column entries store the same expression on one table"

  @Test
  void keyAppearsTwiceInTheFile() {
    Report r = run("{\"resources\": {\n" + column("c", "@otel/logs#logs", "lower(Body)") + ",\n"
        + column("c", "@otel/logs#logs", "upper(Body)") + "}}");
    Finding f = find(r, ERROR, RES, "/resources/c", "key 'c' appears twice");
    assertEquals(3, f.line());
  }

  @Test
  void twoColumnEntriesStoreTheSameExpression() {
    Report r = run(res(column("a", "@otel/logs#logs", "ResourceAttributes['k8s.pod.name']"),
        column("b", "otel.otel_logs", "arrayElement(`ResourceAttributes`, 'k8s.pod.name')")));
    find(r, ERROR, RES, "/resources/b/column/expression", "'a' and 'b' store the same expression on otel.otel_logs");
  }

  @Test
  void theSameExpressionOnTwoTablesIsFine() {
    Report r = run(res(column("a", "@otel/logs#logs", "ResourceAttributes['k8s.pod.name']"),
        column("b", "@otel/logs#spans", "ResourceAttributes['k8s.pod.name']")));
    assertEquals(0, r.findings().size(), r.text());
  }

  // ---- refused aggregates (rollup section)

  @Test
  void ifOrNullAggregatesAreRefusedWithTheSeedsAdvice() {
    Report r = run(res(rollup("r", "1m", "[]", "[\"NullCount\", \"Quants\", \"Uniqs\", \"GoodNullCount\"]", "")));
    find(r, ERROR, RES, "/resources/r/rollup/measures/0", "countIfOrNull is refused because it returns NULL only"
        + " for groups with no rows; use countOrNullIf instead");
    find(r, ERROR, RES, "/resources/r/rollup/measures/1", "use quantilesOrNullIf instead");
    find(r, ERROR, RES, "/resources/r/rollup/measures/2", "use uniqOrNullIf instead");
    assertEquals(3, TestProjects.errors(r).size(), r.text());
  }

  // ---- warnings: "the database cannot install the entry (with its reason)" -- offline reasons

  @Test
  void expressionWithoutImpliedTypeNeedsType() {
    Report r = run(res(column("hour", "@otel/logs#logs", "toStartOfHour(Timestamp)")));
    find(r, WARNING, RES, "/resources/hour/column/expression", "declare \"type\"");
    assertEquals(0, r.exitCode(), "warnings do not fail validation");
    Report typed = run("{\"resources\": {\"hour\": {\"column\": {\"table\": \"@otel/logs#logs\","
        + " \"expression\": \"toStartOfHour(Timestamp)\", \"type\": \"DateTime\"}}}}");
    assertEquals(0, typed.findings().size(), typed.text());
  }

  @Test
  void mapSubscriptsAndStringExpressionsNeedNoType() {
    Report r = run(res(column("a", "@otel/logs#logs", "LogAttributes['x']"),
        column("b", "@otel/logs#logs", "lower(Body)"), column("c", "@otel/logs#logs", "concat(ServiceName, '/', SpanId)")));
    assertEquals(0, r.findings().size(), r.text());
  }

  @Test
  void measuresThatCannotBeStored() {
    Report r = run(res(rollup("r", "1m", "[]", "[\"ExactTraces\", \"P99\", \"MapMax\", \"Groups\", \"Approx99\"]", "")));
    find(r, WARNING, RES, "/resources/r/rollup/measures/0", "uniqExact cannot be stored");
    find(r, WARNING, RES, "/resources/r/rollup/measures/1", "quantileExact is an exact quantile and cannot be stored");
    find(r, WARNING, RES, "/resources/r/rollup/measures/2", "maxMap and minMap do not support OrNull");
    find(r, WARNING, RES, "/resources/r/rollup/measures/3", "groupArray cannot be stored");
    assertEquals(4, r.findings().size(), r.text());
    // the code, not the message, is what makes the installer leave the rollup out
    assertTrue(r.findings().stream().allMatch(f -> f.code() == FindingCode.CANNOT_INSTALL), r.text());
    assertEquals(0, r.exitCode());
  }

  @Test
  void grainThatDoesNotDivideTheBucketLadder() {
    find(run(res(rollup("r", "7m", "[]", "[\"LogCount\"]", ""))), WARNING, RES, "/resources/r/rollup/grain",
        "does not divide the bucket ladder");
    assertEquals(0, run(res(rollup("r", "15m", "[]", "[\"LogCount\"]", ""))).findings().size());
  }

  @Test
  void perSeriesMeasureLackingItsDimensions() {
    find(run(res(rollup("r", "1m", "[\"ServiceName\"]", "[\"PerPod\"]", ""))), WARNING, RES,
        "/resources/r/rollup/measures/0", "lacks the dimensions pod_name");
  }

  // ---- warning: "a name is a view scalar and is read as the physical column of that name"

  @Test
  void nameIsAViewScalar() {
    Finding f = find(run(res("\"p\": {\"projection\": {\"table\": \"@otel/logs#logs\", \"order_by\": [\"pod\"]}}")), WARNING, RES,
        "/resources/p/projection/order_by/0", "read as the physical column of that name");
    assertEquals(FindingCode.VIEW_SCALAR_READ_AS_COLUMN, f.code()); // nothing is left out for it
  }

  @Test
  void oneTextIndexPerColumn() {
    Report r = run(res("\"a\": {\"index\": {\"table\": \"@otel/logs#logs\", \"column\": \"Body\", \"kind\": \"text\"}}",
        "\"b\": {\"index\": {\"table\": \"otel.otel_logs\", \"column\": \"Body\", \"kind\": \"text\"}}"));
    find(r, WARNING, RES, "/resources/b/index/kind", "one text index per column");
  }

  @Test
  void twoFilesCannotInstallTheSameRollupObjects() {
    String r = res(rollup("r", "1m", "[]", "[\"LogCount\"]", ""));
    TestProjects.withResources(dir, r);
    TestProjects.write(dir, "@frames/otel/more.resources.json", r);
    find(TestProjects.validate(dir), WARNING, "@frames/otel/more.resources.json", "/resources/r/rollup",
        "also installs as otel.noemata_rollup_logs_r");
  }

  // ---- Ownership and local files

  @Test
  void localFilesCannotDeclareDatabaseObjects() {
    String body = res(column("c", "@otel/logs#logs", "lower(Body)"));
    for (String path : new String[] {"@frames/otel/x.local.resources.json", "@frames/otel/x.resources.local.json",
        "@frames/otel/.local/x.resources.json"}) {
      TestProjects.write(dir, "@frames/otel/logs.frame.json", TestProjects.LOGS_FRAME, path, body);
      Report r = TestProjects.validate(dir);
      find(r, ERROR, path, "/resources", "cannot declare database objects");
      assertTrue(r.text().contains("local files are excluded from revisions"));
    }
  }

  @Test
  void resourcesFilesTakeNoOverrides() {
    TestProjects.write(dir, "@frames/otel/logs.frame.json", TestProjects.LOGS_FRAME,
        "@frames/otel/logs.resources.overrides.json", res(column("c", "@otel/logs#logs", "lower(Body)")));
    Report r = TestProjects.validate(dir);
    assertEquals(1, r.errors(), r.text());
    assertTrue(r.findings().get(0).message().contains("take no .overrides overlays"), r.text());
  }

  // ---- entries: keys, kinds, fields

  @Test
  void entryKeysFollowTheSeedsRule() {
    find(run(res(column("9lives", "@otel/logs#logs", "lower(Body)"))), ERROR, RES, "/resources/9lives",
        "keys start with a letter or _");
    assertEquals(0, run(res(column("_a-9", "@otel/logs#logs", "lower(Body)"))).findings().size());
  }

  @Test
  void anEntryHasOneKind() {
    Report r = run("{\"resources\": {\"x\": {\"column\": {\"table\": \"otel.otel_logs\", \"expression\": \"Body\"},"
        + " \"index\": {\"table\": \"otel.otel_logs\", \"column\": \"Body\", \"kind\": \"minmax\"}}}}");
    find(r, ERROR, RES, "/resources/x/index", "more than one kind");
    find(run("{\"resources\": {\"x\": {}}}"), ERROR, RES, "/resources/x", "has no kind");
  }

  @Test
  void fieldsNextToTheKindAreShownWhereTheyBelong() {
    Report r = run("{\"resources\": {\"x\": {\"table\": \"otel.otel_logs\", \"column\": {\"expression\": \"Body\"}}}}");
    find(r, ERROR, RES, "/resources/x/table", "'table' belongs inside the entry's kind, such as {\"x\": {\"column\": {\"table\": ...}}}");
  }

  @Test
  void unknownFieldsAreErrorsWithASuggestion() {
    Report r = run("{\"resources\": {\"x\": {\"column\": {\"table\": \"otel.otel_logs\", \"expresion\": \"Body\"}}}}");
    find(r, ERROR, RES, "/resources/x/column/expresion", "did you mean 'expression'?");
    find(r, ERROR, RES, "/resources/x/column", "missing field 'expression'");
  }

  @Test
  void wrongTypesSayWhatIsExpected() {
    Report r = run("{\"resources\": {\"p\": {\"projection\": {\"table\": \"otel.otel_logs\", \"order_by\": \"Timestamp\","
        + " \"async\": \"yes\"}}, \"q\": {\"projection\": {\"table\": \"otel.otel_logs\", \"order_by\": []}}}}");
    find(r, ERROR, RES, "/resources/p/projection/order_by", "must be a list of names");
    find(r, ERROR, RES, "/resources/p/projection/async", "must be true or false");
    find(r, ERROR, RES, "/resources/q/projection/order_by", "at least one");
  }

  @Test
  void tableFormsAndIndexKinds() {
    Report r = run("{\"resources\": {\"i\": {\"index\": {\"table\": \"otel_logs\", \"column\": \"Body\", \"kind\": \"hash\"}}}}");
    find(r, ERROR, RES, "/resources/i/index/table", "write <frame id>#<alias>");
    find(r, ERROR, RES, "/resources/i/index/kind", "use bloom_filter, minmax, set or text");
  }

  @Test
  void durationsAreWholeUnits() {
    find(run(res(rollup("r", "1.5m", "[]", "[\"LogCount\"]", ", \"retention\": \"forever\""))), ERROR, RES,
        "/resources/r/rollup/grain", "is not a duration");
  }

  @Test
  void invalidJsonNamesTheLine() {
    Report r = run("{\"resources\": {\n  \"a\": {\"column\": }\n}}");
    assertEquals(1, r.errors(), r.text());
    Finding f = r.findings().get(0);
    assertEquals(RES, f.file());
    assertEquals(2, f.line());
    assertTrue(f.message().startsWith("not valid JSON"), f.message());
    assertEquals("/resources/a/column", f.pointer());
  }
}

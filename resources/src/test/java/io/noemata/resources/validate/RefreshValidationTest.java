package io.noemata.resources.validate;

import static io.noemata.resources.finding.Severity.ERROR;
import static io.noemata.resources.finding.Severity.WARNING;
import static io.noemata.resources.validate.TestProjects.RES;
import static io.noemata.resources.validate.TestProjects.find;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.core.catalog.SourceRows;
import io.noemata.resources.catalog.Catalog;
import io.noemata.resources.catalog.PhysicalColumn;
import io.noemata.resources.catalog.PhysicalTable;
import io.noemata.resources.finding.FindingCode;
import io.noemata.resources.model.Entry;
import io.noemata.resources.model.PhysicalName;
import io.noemata.resources.model.Refresh;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A rollup's {@code "refresh"}: how it is read, what validation refuses, and the refused insert-fed remedy. */
class RefreshValidationTest {

  @TempDir Path dir;

  private static final PhysicalName LOGS = new PhysicalName("otel", "otel_logs");

  private static String rollup(String extra) {
    return "{\"resources\": {\"r\": {\"rollup\": {\"table\": \"@otel/logs#logs\", \"grain\": \"1m\","
        + " \"dimensions\": [\"ServiceName\"], \"measures\": [\"LogCount\"]" + extra + "}}}}";
  }

  private static PhysicalTable logs(String engine) {
    return new PhysicalTable(LOGS, engine, List.of(PhysicalColumn.plain("Timestamp", "DateTime64(9)"),
        PhysicalColumn.plain("ServiceName", "LowCardinality(String)"), PhysicalColumn.plain("SeverityNumber", "UInt8"),
        PhysicalColumn.plain("Body", "String")), Optional.empty(),
        SourceRows.of(engine, engine + " ORDER BY ServiceName", "", List.of()));
  }

  private Report run(String resources) {
    return TestProjects.validate(TestProjects.withResources(dir, resources));
  }

  private Report online(String engine, String resources) {
    return TestProjects.validate(TestProjects.withResources(dir, resources), Catalog.of(Map.of(LOGS, logs(engine))));
  }

  @Test
  void everyAndAfterAreRead() {
    for (String schedule : List.of("every", "after")) {
      Report r = run(rollup(", \"refresh\": {\"" + schedule + "\": \"5m\", \"append\": false}"));
      assertEquals(0, r.findings().size(), r.text());
    }
    Refresh every = new Refresh(Refresh.Schedule.EVERY, io.noemata.resources.model.Interval.parse("5m"), false);
    assertEquals("EVERY 5 MINUTE", every.clause());
    assertEquals("AFTER 1 HOUR", new Refresh(Refresh.Schedule.AFTER,
        io.noemata.resources.model.Interval.parse("1h"), false).clause());
  }

  @Test
  void aBadRefreshIsAnErrorAtItsPointer() {
    assertEquals(FindingCode.INVALID, find(run(rollup(", \"refresh\": {\"every\": \"5 minutes\"}")), ERROR, RES,
        "/resources/r/rollup/refresh/every", "is not a duration").code());
    find(run(rollup(", \"refresh\": {\"every\": \"5m\", \"after\": \"5m\"}")), ERROR, RES,
        "/resources/r/rollup/refresh", "exactly one of 'every'");
    find(run(rollup(", \"refresh\": {}")), ERROR, RES, "/resources/r/rollup/refresh", "exactly one of 'every'");
    find(run(rollup(", \"refresh\": \"5m\"")), ERROR, RES, "/resources/r/rollup/refresh", "must be a JSON object");
    find(run(rollup(", \"refresh\": {\"every\": \"5m\", \"append\": true}")), ERROR, RES,
        "/resources/r/rollup/refresh/append", "remove \"append\"");
    find(run(rollup(", \"refresh\": {\"evry\": \"5m\"}")), ERROR, RES, "/resources/r/rollup/refresh/evry",
        "did you mean 'every'");
  }

  @Test
  void refreshBelongsToRollupsOnly() {
    Report r = run("{\"resources\": {\"c\": {\"column\": {\"table\": \"otel.otel_logs\", \"expression\":"
        + " \"lower(Body)\", \"refresh\": {\"every\": \"5m\"}}}}}");
    assertEquals(FindingCode.INVALID, find(r, ERROR, RES, "/resources/c/column/refresh", "rollups only").code());
  }

  @Test
  void aRefreshedRollupIsFedFromNoOtherAndFeedsNone() {
    String ladder = "{\"resources\": {\"fine\": {\"rollup\": {\"table\": \"@otel/logs#logs\", \"grain\": \"1m\","
        + " \"dimensions\": [\"ServiceName\"], \"measures\": [\"LogCount\"]%s}}, \"coarse\": {\"rollup\": {\"table\":"
        + " \"@otel/logs#logs\", \"grain\": \"1h\", \"dimensions\": [\"ServiceName\"], \"measures\": [\"LogCount\"],"
        + " \"from\": \"fine\"%s}}}}";
    String refresh = ", \"refresh\": {\"every\": \"5m\"}";
    find(run(String.format(ladder, "", refresh)), ERROR, RES, "/resources/coarse/rollup/refresh", "remove 'from'");
    find(run(String.format(ladder, refresh, "")), ERROR, RES, "/resources/coarse/rollup/from", "is refreshed");
  }

  @Test
  void aReplacingSourceIsRefusedForAnInsertFedRollupWithRefreshAsTheRemedyAndTakenWithRefresh() {
    for (String engine : List.of("ReplacingMergeTree", "CollapsingMergeTree", "VersionedCollapsingMergeTree")) {
      Report refused = online(engine, rollup(""));
      assertEquals(FindingCode.CANNOT_INSTALL, find(refused, WARNING, RES, "/resources/r/rollup/table",
          "\"refresh\": {\"every\": \"5m\"}").code());
      Report taken = online(engine, rollup(", \"refresh\": {\"every\": \"5m\"}"));
      assertEquals(0, taken.findings().size(), taken.text());
    }
  }

  @Test
  void theEntryCarriesItsRefresh() {
    Entry.Rollup plain = new Entry.Rollup("r", io.noemata.resources.model.TableRef.parse("otel.otel_logs"), false,
        io.noemata.resources.model.Interval.parse("1m"), List.of("ServiceName"), List.of("LogCount"),
        Optional.empty(), Optional.empty());
    assertEquals(Optional.empty(), plain.refresh());
  }
}

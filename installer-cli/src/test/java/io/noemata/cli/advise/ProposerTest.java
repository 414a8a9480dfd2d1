package io.noemata.cli.advise;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.resources.model.PhysicalName;
import io.noemata.resources.parse.ProjectReader;
import io.noemata.resources.validate.Report;
import io.noemata.resources.validate.Validator;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What advise proposes for query shapes, from the example project's frames (no server needed). */
class ProposerTest {

  static final Path EXAMPLE = io.noemata.cli.Examples.OTEL;
  static final String DAYS = "Timestamp >= toDateTime('2026-11-24 00:00:00') AND Timestamp < toDateTime('2026-11-30 00:00:00')";
  static final Set<String> LOGS = Set.of("Timestamp", "ServiceName", "SeverityText", "SeverityNumber", "Body",
      "ResourceAttributes", "LogAttributes");
  static final Set<String> SPANS = Set.of("Timestamp", "ServiceName", "SpanName", "SpanKind", "StatusCode", "Duration", "TraceId");

  @TempDir Path dir;

  static QueryNeeds needs(String sql) throws Exception {
    FrameIndex frames = new FrameIndex(ProjectReader.read(EXAMPLE).project());
    return QueryNeeds.read(sql, "otel", frames, t -> t.table().equals("otel_logs") ? LOGS
        : t.table().equals("otel_traces") ? SPANS : Set.of(), new TimeBounds(ZoneOffset.UTC));
  }

  static List<Proposer.Labeled> labeled(String... sqls) throws Exception {
    List<Proposer.Labeled> out = new ArrayList<>();
    for (int i = 0; i < sqls.length; i++) {
      for (LevelNeed l : needs(sqls[i]).levels()) {
        out.add(new Proposer.Labeled("q" + (i + 1), l));
      }
    }
    return out;
  }

  @Test
  void aBucketedPanelNeedsTheBucketsGrainItsGroupKeysAndTheMeasureOfItsAggregate() throws Exception {
    LevelNeed n = needs("SELECT toStartOfHour(Timestamp) AS t, ServiceName, countIf(SeverityNumber >= 17) AS e"
        + " FROM otel.otel_logs WHERE " + DAYS + " GROUP BY t, ServiceName").levels().get(0);
    assertEquals(3600, n.grainSeconds());
    assertEquals(List.of(new Dimension("ServiceName", null)), n.dimensions());
    assertEquals(List.of("ErrorCount"), n.measures());
  }

  @Test
  void anUnbucketedPanelOverWholeDaysNeedsADayGrainAndPointFiltersLeadTheKey() throws Exception {
    LevelNeed n = needs("SELECT SpanName, quantilesDD(0.01, 0.5, 0.9, 0.99)(Duration)[4] AS p FROM otel.otel_traces WHERE "
        + DAYS + " AND SpanKind = 'Server' GROUP BY SpanName").levels().get(0);
    assertEquals(86400, n.grainSeconds());
    assertEquals(List.of(new Dimension("SpanKind", null), new Dimension("SpanName", null)), n.dimensions());
    assertEquals(List.of("DurationQuantiles"), n.measures());
  }

  @Test
  void aCountIfWithoutItsOwnMeasureReadsTheCountWithTheConditionsColumnsAsDimensions() throws Exception {
    LevelNeed n = needs("SELECT ServiceName, countIf(StatusCode = 'Error') / count() AS r FROM otel.otel_traces WHERE "
        + DAYS + " GROUP BY ServiceName").levels().get(0);
    assertEquals(List.of(new Dimension("ServiceName", null), new Dimension("StatusCode", null)), n.dimensions());
    assertEquals(List.of("SpanCount"), n.measures());
  }

  @Test
  void rowsWindowlessAndUnknownAggregatesNeedNoRollupAndSayWhy() throws Exception {
    assertTrue(needs("SELECT Body FROM otel.otel_logs WHERE " + DAYS).levels().get(0).noRollup().contains("does not aggregate"));
    assertTrue(needs("SELECT count() FROM otel.otel_logs").levels().get(0).noRollup().contains("no time window"));
    assertTrue(needs("SELECT groupArray(Body) FROM otel.otel_logs WHERE " + DAYS).levels().get(0).noRollup()
        .contains("no measure"));
    assertTrue(needs("SELECT count() FROM other.t WHERE " + DAYS).notes().get(0).contains("not a table"));
  }

  @Test
  void anUnalignedWindowKeepsTheBucketsGrainAndItsEdgesAreRaw() throws Exception {
    LevelNeed n = needs("SELECT toStartOfInterval(Timestamp, INTERVAL 1 HOUR) AS t, count() AS c FROM otel.otel_logs"
        + " WHERE Timestamp >= toDateTime(1764213451) AND Timestamp <= toDateTime(1764343051) GROUP BY t").levels().get(0);
    assertEquals(3600, n.grainSeconds());
  }

  @Test
  void aHyperDxBucketOverToDateTimeOfTheTimeColumnNeedsItsGrain() throws Exception {
    LevelNeed n = needs("SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 5 minute) AS ts, SeverityText, count() AS c"
        + " FROM otel.otel_logs WHERE (Timestamp >= fromUnixTimestamp64Milli(1764213451123)"
        + " AND Timestamp <= fromUnixTimestamp64Milli(1764343051456)) GROUP BY ts, SeverityText").levels().get(0);
    assertEquals(null, n.noRollup());
    assertEquals(300, n.grainSeconds());
    assertEquals(List.of(new Dimension("SeverityText", null)), n.dimensions());
  }

  @Test
  void ladderFeedsACoarseRollupFromTheFinerOneThatHoldsItsDimensionsAndCarriesItsMeasuresDown() throws Exception {
    Proposal p = Proposer.propose(labeled(
        "SELECT toStartOfFiveMinutes(Timestamp) AS t, ServiceName, SeverityText, count() AS c FROM otel.otel_logs WHERE "
            + DAYS + " GROUP BY t, ServiceName, SeverityText",
        "SELECT toStartOfHour(Timestamp) AS t, ServiceName, countIf(SeverityNumber >= 17) AS e FROM otel.otel_logs WHERE "
            + DAYS + " GROUP BY t, ServiceName",
        "SELECT toStartOfHour(Timestamp) AS t, count() AS c FROM otel.otel_logs WHERE " + DAYS + " GROUP BY t"));
    assertEquals(List.of("logs_5m", "logs_1h"), p.rollups().stream().map(Proposal.Rollup::key).toList());
    Proposal.Rollup fine = p.rollups().get(0);
    Proposal.Rollup hour = p.rollups().get(1);
    assertNull(fine.from());
    assertEquals("logs_5m", hour.from());
    assertEquals(List.of("ServiceName"), hour.dimensions(), "the total per hour reads the per-service rollup");
    assertEquals(List.of("q2", "q3"), hour.why());
    assertTrue(fine.measures().containsAll(hour.measures()), "the finer rollup stores what it feeds");
  }

  @Test
  void aRollupFedFromTheTableLeavesTheFinerOneItsOwnMeasures() throws Exception {
    Proposal p = Proposer.propose(labeled(
        "SELECT toStartOfFiveMinutes(Timestamp) AS t, ServiceName, SeverityText, count() AS c FROM otel.otel_logs WHERE "
            + DAYS + " GROUP BY t, ServiceName, SeverityText",
        "SELECT toStartOfHour(Timestamp) AS t, ServiceName, countIf(SeverityNumber >= 17) AS e FROM otel.otel_logs WHERE "
            + DAYS + " GROUP BY t, ServiceName"), Set.of("logs_1h"));
    assertNull(p.rollups().get(1).from());
    assertEquals(List.of("LogCount"), p.rollups().get(0).measures());
  }

  @Test
  void mapSubscriptsGetStoredColumnsAndPointFiltersNoRollupAnswersGetABloomIndex() throws Exception {
    List<Proposer.Labeled> l = labeled("SELECT Body FROM otel.otel_logs WHERE " + DAYS
        + " AND ResourceAttributes['k8s.pod.name'] = 'checkout-1'");
    Proposal p = Proposer.withIndexes(Proposer.propose(l), l, Set.of());
    assertEquals(List.of("k8s_pod_name"), p.columns().stream().map(Proposal.Column::key).toList());
    assertEquals(List.of("k8s_pod_name"), p.indexes().stream().map(Proposal.Index::column).toList());
    assertEquals(List.of(), p.rollups());
  }

  @Test
  void theProposedFileIsValidAndOnlyKeepsWhatIsReadOrFeedsWhatIsRead() throws Exception {
    Proposal p = Proposer.propose(labeled(
        "SELECT toStartOfFiveMinutes(Timestamp) AS t, ServiceName, SeverityText, count() AS c FROM otel.otel_logs WHERE "
            + DAYS + " GROUP BY t, ServiceName, SeverityText",
        "SELECT toStartOfHour(Timestamp) AS t, ServiceName, countIf(SeverityNumber >= 17) AS e FROM otel.otel_logs WHERE "
            + DAYS + " GROUP BY t, ServiceName",
        "SELECT ResourceAttributes['k8s.pod.name'] AS pod, count() AS c FROM otel.otel_logs WHERE " + DAYS + " GROUP BY pod",
        "SELECT ServiceName, avg(Duration) AS d FROM otel.otel_traces WHERE " + DAYS + " GROUP BY ServiceName"));
    Proposal pruned = Proposer.pruned(p, Set.of("logs_1h", "spans_1d"), Set.of());
    assertEquals(List.of("logs_1h", "spans_1d"), pruned.rollups().stream().map(Proposal.Rollup::key).toList(),
        "the per-pod rollup and logs_5m, which nobody read, are gone");
    assertEquals("logs_5m", p.rollups().stream().filter(r -> r.key().equals("logs_1h")).findFirst().orElseThrow().from());
    assertEquals(null, pruned.rollups().get(0).from(), "logs_1h is fed from the table, not through a level nobody reads");
    Proposal both = Proposer.pruned(p, Set.of("logs_5m", "logs_1h"), Set.of());
    assertEquals("logs_5m", both.rollups().get(1).from(), "a read level below it still feeds it");
    assertEquals(List.of(), pruned.columns(), "no kept rollup or query reads the pod column");
    Files.copy(EXAMPLE.resolve("noemata.json"), dir.resolve("noemata.json"));
    for (String f : List.of("logs.frame.json", "traces.frame.json")) {
      Path target = dir.resolve("@frames/opentelemetry/views/" + f);
      Files.createDirectories(target.getParent());
      Files.copy(EXAMPLE.resolve("@frames/opentelemetry/views/" + f), target);
    }
    Files.writeString(dir.resolve("@frames/opentelemetry/views/advised.resources.json"), ProposalJson.text(p));
    Report r = Validator.run(dir, null);
    assertEquals(List.of(), r.findings(), r.text());
    assertEquals(ProposalJson.text(p), ProposalJson.text(Proposer.propose(labeled(
        "SELECT toStartOfFiveMinutes(Timestamp) AS t, ServiceName, SeverityText, count() AS c FROM otel.otel_logs WHERE "
            + DAYS + " GROUP BY t, ServiceName, SeverityText",
        "SELECT toStartOfHour(Timestamp) AS t, ServiceName, countIf(SeverityNumber >= 17) AS e FROM otel.otel_logs WHERE "
            + DAYS + " GROUP BY t, ServiceName",
        "SELECT ResourceAttributes['k8s.pod.name'] AS pod, count() AS c FROM otel.otel_logs WHERE " + DAYS + " GROUP BY pod",
        "SELECT ServiceName, avg(Duration) AS d FROM otel.otel_traces WHERE " + DAYS + " GROUP BY ServiceName"))),
        "the same workload gives the same file");
    assertTrue(new PhysicalName("otel", "otel_logs").toString().equals(p.rollups().get(0).view().table().table().toString()));
  }

  @Test
  void rollupsOverATableThatRewritesRowsAreProposedRefreshedAndFedFromTheTable() throws Exception {
    Proposal p = Proposer.propose(labeled(
        "SELECT toStartOfMinute(Timestamp) AS t, ServiceName, count() AS n FROM otel.otel_logs FINAL WHERE " + DAYS
            + " GROUP BY t, ServiceName",
        "SELECT toStartOfHour(Timestamp) AS t, count() AS n FROM otel.otel_logs FINAL WHERE " + DAYS + " GROUP BY t"));
    Proposal refreshed = Proposer.refreshed(p, Set.of(new io.noemata.resources.model.PhysicalName("otel", "otel_logs")));
    assertTrue(!refreshed.rollups().isEmpty() && refreshed.rollups().stream()
        .allMatch(r -> "5m".equals(r.refresh()) && r.from() == null), refreshed.rollups().toString());
    assertTrue(ProposalJson.text(refreshed).contains("\"refresh\": {\"every\": \"5m\"}"), ProposalJson.text(refreshed));
    assertTrue(Proposer.refreshed(p, Set.of()).rollups().stream().allMatch(r -> r.refresh() == null));
  }
}

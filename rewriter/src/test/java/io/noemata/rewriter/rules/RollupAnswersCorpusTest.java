package io.noemata.rewriter.rules;

import io.noemata.rewriter.provenance.RollupDecision;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.Rewriter;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.core.corpus.Corpus;
import io.noemata.core.sql.SqlParser;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** The rule on the shared corpus with the header's two rollups installed. */
class RollupAnswersCorpusTest {

  static final String BUCKET = RollupAnswersTest.BUCKET;
  static final String LOGS_TARGET = RollupAnswersTest.LOGS_TARGET;

  /** With the values of its "-- params:" line bound, as a JDBC driver sends strings. */
  static RewriteResult rewrite(Corpus.Entry e) {
    return Rewriter.rewrite(e.sql(), RollupCatalog.snapshot(), "otel", params(e));
  }

  static List<String> params(Corpus.Entry e) {
    List<String> out = new ArrayList<>();
    for (String line : e.notes().split("\n")) {
      if (line.startsWith("-- params:")) {
        for (String p : line.substring("-- params:".length()).split(",")) {
          out.add(p.strip());
        }
      }
    }
    return out;
  }

  @Test
  void parameterBoundsWithoutValuesAreNotDecided() {
    Corpus.Entry e = Corpus.byId(Corpus.shared(), "mb-jdbc-params-minute").orElseThrow();
    assertEquals(List.of("'checkout'", "'2024-06-10 08:00:00'", "'2024-06-10 14:00:00'"), params(e));
    RewriteResult r = Rewriter.rewrite(e.sql(), RollupCatalog.snapshot(), "otel");
    assertSame(e.sql(), r.sql());
    assertEquals(RollupSkip.WINDOW_NOT_ON_BOUNDARIES, RollupDecision.rollups(r.provenance()).get(0).code());
  }

  static Stream<Corpus.Entry> labelled(String label) {
    return Corpus.shared().stream().filter(e -> e.label().equals(label));
  }

  static Stream<Corpus.Entry> rollupQueries() {
    return labelled("rollup");
  }

  static Stream<Corpus.Entry> passthroughQueries() {
    return labelled("passthrough");
  }

  @Test
  void aLevelWithoutAWindowReadsTheRollupAndRawRowsBeforeItsCoveredRange() {
    // the seed reads a rollup only for a level with a window; the union rewrite needs none
    RewriteResult r = rewrite(Corpus.byId(Corpus.shared(), "hand-no-time-filter").orElseThrow());
    assertTrue(RollupDecision.rollups(r.provenance()).get(0).rawEdges(), r.sql());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("rollupQueries")
  void everyRollupQueryReadsARollup(Corpus.Entry e) {
    RewriteResult r = rewrite(e);
    List<RollupDecision> read = RollupDecision.rollups(r.provenance()).stream().filter(RollupDecision::read).toList();
    assertFalse(read.isEmpty(), () -> e.id() + ": " + RollupDecision.rollups(r.provenance()));
    assertTrue(r.changed());
    assertTrue(SqlParser.parse(r.sql()).understood(), r.sql());
    for (RollupDecision u : read) {
      assertTrue(r.sql().contains("`otel`.`" + u.stableView() + "__"), r.sql()); // its target, the view's name and hash
    }
    for (RollupDecision u : RollupDecision.rollups(r.provenance())) {
      assertTrue(u.read() || u.code() != null && !u.reason().isBlank(), u.toString());
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("passthroughQueries")
  void everyPassthroughQueryIsSentByteForByteOrReadsRawEdges(Corpus.Entry e) {
    RewriteResult r = rewrite(e);
    List<RollupDecision> read = RollupDecision.rollups(r.provenance()).stream().filter(RollupDecision::read).toList();
    if (read.isEmpty()) {
      assertSame(e.sql(), r.sql(), e.id());
    } else {
      // the labels follow the seed; the union rewrite answers unaligned windows exactly (RewriterRollupIT)
      assertTrue(read.stream().allMatch(RollupDecision::rawEdges), e.id());
      assertTrue(e.notes().contains("hybrid-candidate") || e.notes().contains("lenient-rollup")
          || e.notes().contains("unaligned"), e.id());
    }
  }

  @Test
  void columnQueriesReadNoRollup() {
    labelled("column").forEach(e -> assertTrue(RollupDecision.rollups(rewrite(e).provenance()).stream().noneMatch(RollupDecision::read),
        e.id()));
  }

  private static String replaced(String sql, String... pairs) {
    String out = sql;
    for (int i = 0; i < pairs.length; i += 2) {
      String from = pairs[i];
      assertTrue(out.contains(from), () -> "test data: not in query: " + from);
      out = out.replace(from, pairs[i + 1]);
    }
    return out;
  }

  @Test
  void aGrafanaPanelReadsTheBucketAndTheCountState() {
    Corpus.Entry e = Corpus.byId(Corpus.shared(), "graf-ts-1m-halfopen").orElseThrow();
    assertEquals(replaced(e.sql(), "toDateTime(Timestamp)", "toDateTime(" + BUCKET + ")",
        "count() AS hits", "sum(`LogCount`) AS hits", "FROM otel.otel_logs", "FROM " + LOGS_TARGET,
        // bounds on bucket boundaries compare the bare bucket (BareBucketBounds)
        "WHERE Timestamp >= toDateTime(1718006400)", "WHERE `bucket` >= toDateTime(1718006400)",
        "AND Timestamp < toDateTime(1718028000)", "AND `bucket` < toDateTime(1718028000)"), rewrite(e).sql());
  }

  @Test
  void formatCommentsAndSettingsStayByteForByte() {
    Corpus.Entry daily = Corpus.byId(Corpus.shared(), "hand-daily-format").orElseThrow();
    assertEquals(replaced(daily.sql(), "toStartOfDay(Timestamp)", "toStartOfDay(" + BUCKET + ")",
        "count() AS n", "sum(`LogCount`) AS n", "uniq(TraceId) AS traces", "uniqMerge(`UniqTraces`) AS traces",
        "FROM otel.otel_logs", "FROM " + LOGS_TARGET, "WHERE Timestamp >=", "WHERE " + BUCKET + " >=",
        "AND Timestamp <", "AND " + BUCKET + " <"), rewrite(daily).sql());
    String metabase = rewrite(Corpus.byId(Corpus.shared(), "mb-hour-severity").orElseThrow()).sql();
    assertTrue(metabase.startsWith("-- Metabase:: userID: 7 queryType: MBQL"), metabase);
    String settings = rewrite(Corpus.byId(Corpus.shared(), "hand-settings-rollup").orElseThrow()).sql();
    assertTrue(settings.endsWith("LIMIT 500\nSETTINGS max_threads = 8, max_execution_time = 30;"), settings);
  }

  @Test
  void eachLevelIsDecidedAlone() {
    RewriteResult join = rewrite(Corpus.byId(Corpus.shared(), "superset-series-limit-join").orElseThrow());
    assertEquals(List.of("1:r_logs:read", "2:r_logs:read"), RollupDecision.rollups(join.provenance()).stream()
        .map(u -> u.level() + ":" + u.rollup() + ":" + (u.read() ? "read" : u.code())).toList());
    RewriteResult union = rewrite(Corpus.byId(Corpus.shared(), "hand-union-logs-traces").orElseThrow());
    assertEquals(List.of("1:r_logs:read", "2:r_traces:read"), RollupDecision.rollups(union.provenance()).stream()
        .map(u -> u.level() + ":" + u.rollup() + ":" + (u.read() ? "read" : u.code())).toList());
    assertTrue(union.sql().contains("(sum(`AvgDuration__sum`) / sum(`AvgDuration__count`)) AS avg_duration_ns"));
  }
}

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
import io.noemata.core.sql.Literals;
import io.noemata.core.sql.SqlParser;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/** The rule on the repository's corpus (corpus/queries.sql) with its header's two rollups installed. */
class RollupAnswersCorpusTest {

  static final String BUCKET = RollupAnswersTest.BUCKET;
  static final String LOGS_TARGET = RollupAnswersTest.LOGS_TARGET;

  /** With the values of its "-- params:" line bound as the SQL text a JDBC driver sends strings as. */
  static RewriteResult rewrite(Corpus.Entry e) {
    return Rewriter.rewrite(e.sql(), RollupCatalog.snapshot(), "otel", e.params().stream().map(Literals::string).toList());
  }

  private static Corpus.Entry query(String id) {
    return Corpus.byId(Corpus.queries(), id).orElseThrow();
  }

  @Test
  void parameterBoundsWithoutValuesAreNotDecided() {
    Corpus.Entry e = query("mb-jdbc-bound-window");
    assertEquals(List.of("2024-06-10 06:00:00", "2024-06-10 14:00:00", "checkout"), e.params());
    assertTrue(RollupDecision.rollups(rewrite(e).provenance()).get(0).read(), "with its values bound, the rollup answers");
    RewriteResult r = Rewriter.rewrite(e.sql(), RollupCatalog.snapshot(), "otel");
    assertSame(e.sql(), r.sql());
    assertEquals(RollupSkip.WINDOW_NOT_ON_BOUNDARIES, RollupDecision.rollups(r.provenance()).get(0).code());
  }

  static Stream<Corpus.Entry> labelled(String label) {
    return Corpus.everyQuery().stream().filter(e -> e.label().equals(label));
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
    RewriteResult r = rewrite(query("dbeaver-totals-no-window"));
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
    Corpus.Entry e = query("graf-sql-levels-2m");
    assertEquals(replaced(e.sql(), "toDateTime(Timestamp)", "toDateTime(" + BUCKET + ")",
        "count() AS lines", "sum(`LogCount`) AS lines", "FROM otel.otel_logs", "FROM " + LOGS_TARGET,
        // bounds on bucket boundaries compare the bare bucket (BareBucketBounds)
        "WHERE Timestamp >= toDateTime(1717912800)", "WHERE `bucket` >= toDateTime(1717912800)",
        "AND Timestamp < toDateTime(1717956000)", "AND `bucket` < toDateTime(1717956000)"), rewrite(e).sql());
  }

  @Test
  void formatCommentsAndSettingsStayByteForByte() {
    Corpus.Entry daily = query("clickhouse-client-daily-pretty");
    assertEquals(replaced(daily.sql(), "toStartOfDay(Timestamp)", "toStartOfDay(" + BUCKET + ")",
        "count() AS lines", "sum(`LogCount`) AS lines", "uniq(TraceId) AS traces", "uniqMerge(`UniqTraces`) AS traces",
        "FROM otel.otel_logs", "FROM " + LOGS_TARGET, "WHERE Timestamp >=", "WHERE " + BUCKET + " >=",
        "AND Timestamp <", "AND " + BUCKET + " <"), rewrite(daily).sql());
    String metabase = rewrite(query("mb-hour-by-service")).sql();
    assertTrue(metabase.startsWith("-- Metabase:: userID: 12 queryType: MBQL"), metabase);
    String settings = rewrite(query("hand-settings-12h")).sql();
    assertTrue(settings.endsWith("LIMIT 200\nSETTINGS max_threads = 4, max_execution_time = 60;"), settings);
  }

  @Test
  void eachLevelIsDecidedAlone() {
    RewriteResult join = rewrite(query("superset-top-levels-join"));
    assertEquals(List.of("1:r_logs:read", "2:r_logs:read"), RollupDecision.rollups(join.provenance()).stream()
        .map(u -> u.level() + ":" + u.rollup() + ":" + (u.read() ? "read" : u.code())).toList());
    RewriteResult union = rewrite(query("hand-union-signals-hourly"));
    assertEquals(List.of("1:r_logs:read", "2:r_traces:read"), RollupDecision.rollups(union.provenance()).stream()
        .map(u -> u.level() + ":" + u.rollup() + ":" + (u.read() ? "read" : u.code())).toList());
    assertTrue(union.sql().contains("(sum(`AvgDuration__sum`) / sum(`AvgDuration__count`)) AS mean_duration"), union.sql());
  }
}

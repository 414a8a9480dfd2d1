package io.noemata.driver.proxy;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.syntax.Parameters;
import io.noemata.rewriter.Rewriter;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.core.corpus.Corpus;

/**
 * Planning one query of corpus/queries.sql with the corpus's two rollups installed: cold (parse and every
 * rule, what a statement costs the first time) and from the driver's decision cache (what a
 * dashboard's repeated statement costs). Sample mode, so the report gives p50 and p99; each call
 * takes the next corpus query. Goals: cold p50 200 us, cache hit p50 5 us.
 *
 * <p>Lives in the driver's package to reach its package-private {@code RewriteCache}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PlanningBenchmark {

  private List<Corpus.Entry> queries;
  private CatalogSnapshot snapshot;
  private int next;

  @Setup
  public void setUp() {
    queries = Corpus.queries();
    snapshot = withRows(RollupCatalog.snapshot());
    for (Corpus.Entry e : queries) {
      RewriteCache.rewrite(e.sql(), snapshot, "otel", Parameters.NONE);
    }
  }

  /**
   * Thirty daily partitions for every table and rollup target: decisions go through the cost
   * estimate; the tables sorted as the exporter sorts them, so raw edges restate their range on the key.
   */
  static CatalogSnapshot withRows(CatalogSnapshot s) {
    java.util.Map<io.noemata.core.catalog.TableName, io.noemata.core.catalog.TableRows> rows = new java.util.HashMap<>();
    s.tables().forEach((name, info) -> {
      rows.put(name, daily(6_000_000, "toStartOfFiveMinutes(Timestamp)"));
      info.rollups().forEach(r -> rows.put(new io.noemata.core.catalog.TableName(name.database(), r.target()),
          daily(80_000, "")));
    });
    return s.withRows(rows, s.version() + 1);
  }

  private static io.noemata.core.catalog.TableRows daily(long perDay, String leadingKey) {
    List<io.noemata.core.catalog.TableRows.Partition> parts = new java.util.ArrayList<>();
    java.time.Instant day = java.time.Instant.parse("2024-05-20T00:00:00Z");
    for (int d = 0; d < 30; d++, day = day.plusSeconds(86_400)) {
      parts.add(new io.noemata.core.catalog.TableRows.Partition(day, day.plusSeconds(86_399), perDay));
    }
    return new io.noemata.core.catalog.TableRows(parts, leadingKey);
  }

  private String nextQuery() {
    next = (next + 1) % queries.size();
    return queries.get(next).sql();
  }

  @Benchmark
  public RewriteResult coldPlan() {
    return Rewriter.rewrite(nextQuery(), snapshot, "otel", List.of());
  }

  /**
   * The server's analysed form of a statement the local path does not read (issue 26: a bound only
   * the server parses), as {@code EXPLAIN SYNTAX run_query_tree_passes = 1} returns it on ClickHouse 26.5.
   */
  private static final String ANALYSED = "SELECT\n    __table1.ServiceName AS ServiceName,\n    count() AS `count()`\n"
      + "FROM otel.otel_logs AS __table1\nWHERE (__table1.Timestamp >= _CAST('2024-06-05 00:00:00', 'DateTime'))"
      + " AND (__table1.Timestamp < _CAST('2024-06-07 00:00:00', 'DateTime'))\nGROUP BY __table1.ServiceName\n";

  /** The local part of the analysed path: deciding on the analysed form (its round trip is the server's, measured apart). */
  @Benchmark
  public java.util.Optional<RewriteResult> analysedForm() {
    return ServerAnalysis.decide(ANALYSED, snapshot, "otel");
  }

  @Benchmark
  public RewriteResult cacheHit() {
    return RewriteCache.rewrite(nextQuery(), snapshot, "otel", Parameters.NONE);
  }
}

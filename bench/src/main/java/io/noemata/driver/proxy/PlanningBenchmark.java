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
import io.noemata.rewriter.Parameters;
import io.noemata.rewriter.Rewriter;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.core.corpus.Corpus;

/**
 * Planning one shared-corpus query with the corpus's two rollups installed: cold (parse and every
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
    queries = Corpus.shared();
    snapshot = RollupCatalog.snapshot();
    for (Corpus.Entry e : queries) {
      RewriteCache.rewrite(e.sql(), snapshot, "otel", Parameters.NONE);
    }
  }

  private String nextQuery() {
    next = (next + 1) % queries.size();
    return queries.get(next).sql();
  }

  @Benchmark
  public RewriteResult coldPlan() {
    return Rewriter.rewrite(nextQuery(), snapshot, "otel", List.of());
  }

  @Benchmark
  public RewriteResult cacheHit() {
    return RewriteCache.rewrite(nextQuery(), snapshot, "otel", Parameters.NONE);
  }
}

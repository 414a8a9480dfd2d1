package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.sql.Expr;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The seed: a rollup answers when "every inline aggregate can read the states stored by the rollup.
 * For example, count() can use the count stored by a RequestCount measure. sum(Duration) can use the
 * sum stored by an avg(Duration) measure. If no stored column has the required state, the query reads
 * raw data", and when "every measure the query reads is stored with the definition the query reads,
 * so quantileExact over a quantileDD sketch is not answered".
 */
class StoredAggregatesTest {

  /** r_traces: SpanCount = count(), AvgDuration = avg(Duration), P99Duration = quantile(0.99)(Duration), UniqTraces. */
  private final Rollup traces = RollupCatalog.tracesRollup(RollupCatalog.COVERED_FROM, null);

  /** {@code aggregate} read with the level reading what is inside it as {@code inside} says, its text as written. */
  private Checked<String> read(String aggregate, StoredAggregates.Inside inside) {
    Expr.Call c = Levels.call(aggregate);
    return new StoredAggregates(aggregate, traces, Levels.traces(), java.util.Optional.empty()).read(c, null, c,
        id -> id.parts().size() == 1 ? Optional.of(id.name()) : Optional.empty(),
        id -> traces.dimensions().contains(id.name()), new StoredAggregates.Inside() {
          @Override
          public Optional<Skip> read(Expr e) {
            return inside.read(e);
          }

          @Override
          public String text(Expr e) {
            return aggregate.substring(e.start(), e.end());
          }
        });
  }

  /** {@code aggregate} with every condition and argument read as written. */
  private Checked<String> read(String aggregate) {
    return read(aggregate, new StoredAggregates.Inside() {
      @Override
      public Optional<Skip> read(Expr e) {
        return Optional.empty();
      }

      @Override
      public String text(Expr e) {
        throw new AssertionError("not asked: the outer Inside gives the text");
      }
    });
  }

  @Test
  void countReadsTheStoredCount() {
    assertTrue(Levels.holds(read("count()")).contains("SpanCount"));
    assertTrue(Levels.holds(read("COUNT(*)")).contains("SpanCount"), "count() in another spelling");
  }

  @Test
  void sumReadsTheSumStoredByAnAvgMeasure() {
    assertTrue(Levels.holds(read("sum(Duration)")).contains("AvgDuration__sum"));
    String avg = Levels.holds(read("avg(Duration)"));
    assertTrue(avg.contains("AvgDuration__sum") && avg.contains("AvgDuration__count"), avg);
  }

  @Test
  void anIfOverDimensionsReadsTheStoredStateWhereItsConditionHolds() {
    String errors = Levels.holds(read("countIf(StatusCode = 'Error')"));
    assertTrue(errors.contains("SpanCount") && errors.contains("StatusCode = 'Error'"), errors);
  }

  @Test
  void anAggregateOverDimensionsAloneIsComputedFromTheStoredCounts() {
    assertEquals("uniqExact(ServiceName)", Levels.holds(read("uniqExact(ServiceName)")));
  }

  @Test
  void onlyAColumnThatHoldsNoNullCountsEveryRow() {
    assertTrue(Levels.holds(read("count(Timestamp)")).contains("SpanCount"), "DateTime64 is never NULL");
    for (String type : new String[] {"Nullable(UInt64)", "LowCardinality(Nullable(String))", "Dynamic", "Variant(UInt8, String)",
        "JSON", "Object('json')", null}) {
      assertTrue(!AggregateForms.neverNull(type), "count(x) skips the NULLs of " + type);
    }
    assertTrue(AggregateForms.neverNull("LowCardinality(String)"));
  }

  @Test
  void withoutAStoredColumnWithTheRequiredStateTheQueryReadsRawData() {
    Levels.skips(RollupSkip.MEASURE_NOT_STORED, read("max(Duration)"));
    Levels.skips(RollupSkip.MEASURE_NOT_STORED, read("sum(Duration * 2)"));
  }

  @Test
  void aMeasureStoredWithAnotherDefinitionDoesNotAnswer() {
    Levels.skips(RollupSkip.MEASURE_NOT_STORED, read("quantileExact(0.99)(Duration)"));
    Levels.skips(RollupSkip.MEASURE_NOT_STORED, read("quantile(0.5)(Duration)"));
    assertTrue(Levels.holds(read("quantile(0.99)(Duration)")).contains("P99Duration"));
  }

  @Test
  void aConditionTheLevelCannotReadIsReturnedAsItsOwnSkip() {
    Skip body = new Skip(RollupSkip.COLUMN_NOT_DIMENSION, "SpanName is read outside an aggregate");
    StoredAggregates.Inside failing = new StoredAggregates.Inside() {
      @Override
      public Optional<Skip> read(Expr e) {
        return Optional.of(body);
      }

      @Override
      public String text(Expr e) {
        throw new AssertionError("the text of a condition the level does not read is never asked for");
      }
    };
    assertSame(body, Levels.skips(RollupSkip.COLUMN_NOT_DIMENSION, read("countIf(SpanName = 'GET')", failing)));
  }

  /** r_traces with slow spans counted ({@code countIf(Duration > 1000000)}) over a table with one Nullable column. */
  private Checked<String> readSlow(String aggregate) {
    java.util.List<io.noemata.core.catalog.Measure> measures = new java.util.ArrayList<>(traces.measures());
    measures.add(new io.noemata.core.catalog.Measure("SlowCount", "countIf(Duration > 1000000)", "SlowCount",
        "SimpleAggregateFunction(sum, UInt64)"));
    measures.add(new io.noemata.core.catalog.Measure("LongRetried", "countIf(Retries > 2)", "LongRetried",
        "SimpleAggregateFunction(sum, UInt64)"));
    Rollup slow = new Rollup(traces.key(), traces.stableView(), traces.target(), traces.contentHash(), traces.grain(),
        traces.timeColumn(), traces.bucketColumn(), traces.dimensions(), measures, traces.coveredFrom(), null);
    io.noemata.core.catalog.TableInfo t = Levels.traces();
    java.util.Map<String, String> types = new java.util.LinkedHashMap<>(t.columnTypes());
    types.put("Retries", "Nullable(UInt32)");
    io.noemata.core.catalog.TableInfo info = new io.noemata.core.catalog.TableInfo(t.name(), types,
        t.materializedColumns(), t.skipIndexes(), t.projections(), java.util.List.of(slow));
    Expr.Call c = Levels.call(aggregate);
    return new StoredAggregates(aggregate, slow, info, java.util.Optional.empty()).read(c, null, c,
        id -> id.parts().size() == 1 ? Optional.of(id.name()) : Optional.empty(),
        id -> slow.dimensions().contains(id.name()), new StoredAggregates.Inside() {
          @Override
          public Optional<Skip> read(Expr e) {
            return Optional.of(new Skip(RollupSkip.COLUMN_NOT_DIMENSION, "not a dimension"));
          }

          @Override
          public String text(Expr e) {
            return aggregate.substring(e.start(), e.end());
          }
        });
  }

  @Test
  void theSpellingsToolsGiveACountOfRowsWhereAConditionHoldsReadTheStoredCountIf() {
    for (String spelling : new String[] {"sum(if(Duration > 1000000, 1, 0))", "SUM(CASE WHEN Duration > 1000000 THEN 1"
        + " ELSE 0 END)", "sum(Duration > 1000000 ? 1 : 0)", "sumIf(1, Duration > 1000000)", "sum(multiIf(Duration >"
        + " 1000000, 1, 0))", "count(if(Duration > 1000000, 1, NULL))", "COUNT(CASE WHEN Duration > 1000000 THEN 1 END)",
        "count(CASE WHEN Duration > 1000000 THEN TraceId END)", "sum(Duration > 1000000)", "sum((Duration > 1000000))",
        "countIf(Retries > 2)", "sum(if(Retries > 2, 1, 0))", "count(CASE WHEN Retries > 2 THEN 1 END)"}) {
      String read = Levels.holds(readSlow(spelling));
      assertTrue(read.contains("SlowCount") || read.contains("LongRetried"), spelling + " read " + read);
    }
  }

  @Test
  void aSpellingThatIsNotAlwaysTheCountIfReadsRawRows() {
    for (String other : new String[] {
        "sum(Retries > 2)", // Nullable(UInt64), where countIf is UInt64
        "sum(if(Duration > 1000000, 1.0, 0))", // Float64
        "sum(if(Duration > 1000000, 2, 0))", "sum(if(Duration > 1000000, 0, 1))", "sum(if(Duration > 1000000, 1, NULL))",
        "count(if(Duration > 1000000, 1, 0))", // counts every row
        "count(CASE WHEN Duration > 1000000 THEN Retries END)", // skips the NULL Retries
        "sum(if(Duration, 1, 0))", // if refuses a UInt64 condition, which countIf reads as true when not 0
        "sumIf(2, Duration > 1000000)"}) {
      assertTrue(readSlow(other) instanceof Checked.Fails<String>, other);
    }
  }
}

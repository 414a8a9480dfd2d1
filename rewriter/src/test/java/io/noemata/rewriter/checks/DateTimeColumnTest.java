package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.core.catalog.TableInfo;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import java.util.LinkedHashMap;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Bounds and buckets are read in the time column's precision, so it must be a DateTime column. */
class DateTimeColumnTest {

  @Test
  void theResolutionIsTheColumnsPrecision() {
    assertEquals(1_000_000_000L, DateTimeColumn.resolutionNanos("DateTime"));
    assertEquals(1_000_000_000L, DateTimeColumn.resolutionNanos("DateTime('UTC')"));
    assertEquals(1_000_000L, DateTimeColumn.resolutionNanos("DateTime64(3)"));
    assertEquals(1L, DateTimeColumn.resolutionNanos("DateTime64(9, 'UTC')"));
    assertEquals(0L, DateTimeColumn.resolutionNanos("Date"));
    assertEquals(0L, DateTimeColumn.resolutionNanos(null));
  }

  @Test
  void aTimeColumnThatIsNoDateTimeIsNotRead() {
    TableInfo logs = Levels.logs();
    var rollup = RollupCatalog.logsRollup(RollupCatalog.COVERED_FROM, null);
    assertEquals(Optional.empty(), DateTimeColumn.check(rollup, logs));
    var types = new LinkedHashMap<>(logs.columnTypes());
    types.put("Timestamp", "String");
    TableInfo stringTime = new TableInfo(logs.name(), types, logs.materializedColumns(), logs.skipIndexes(),
        logs.projections(), logs.rollups());
    Levels.skips(RollupSkip.NOT_UNDERSTOOD, DateTimeColumn.check(rollup, stringTime));
  }
}

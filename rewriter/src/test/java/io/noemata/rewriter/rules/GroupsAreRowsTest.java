package io.noemata.rewriter.rules;

import static io.noemata.rewriter.rules.RollupAnswersTest.rewrite;
import static io.noemata.rewriter.rules.RollupAnswersTest.use;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.Measure;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.TableName;
import io.noemata.core.catalog.TableRows;
import io.noemata.rewriter.RewriteResult;
import io.noemata.rewriter.RollupCatalog;
import java.time.Duration;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A small read whose groups are the rollup's rows reads them with FINAL and no GROUP BY. */
class GroupsAreRowsTest {

  static final String TARGET = "`otel`.`noemata_rollup_logs_r_svc_1h__0000cccc`";
  static final String WINDOW = " WHERE Timestamp >= toDateTime(1717977600) AND Timestamp < toDateTime(1718064000)";

  /** Hourly, keyed by ServiceName alone: a count, an avg's sum and count, a quantile sketch. */
  final Rollup services = new Rollup("r_svc_1h", "noemata_rollup_logs_r_svc_1h", "noemata_rollup_logs_r_svc_1h__0000cccc",
      "0000cccc", Duration.ofHours(1), "Timestamp", "bucket", List.of("ServiceName"), List.of(
          new Measure("LogCount", "count()", "LogCount", "SimpleAggregateFunction(sum, UInt64)"),
          new Measure("AvgSeverity", "sum(SeverityNumber)", "AvgSeverity__sum", "SimpleAggregateFunction(sum, Int64)"),
          new Measure("AvgSeverity", "count(SeverityNumber)", "AvgSeverity__count", "SimpleAggregateFunction(sum, UInt64)"),
          new Measure("P95Severity", "quantile(0.95)(SeverityNumber)", "P95Severity",
              "AggregateFunction(quantile(0.95), Int32)")),
      RollupCatalog.COVERED_FROM, null);

  CatalogSnapshot snapshot(long targetRows) {
    return RollupCatalog.snapshot(List.of(services), List.of()).withServerTimeZone(ZoneOffset.UTC)
        .withRows(Map.of(new TableName("otel", "otel_logs"), new TableRows(SmallReadTest.day(10_000_000).partitions(),
            "Timestamp"), new TableName("otel", services.target()), SmallReadTest.day(targetRows)), 3)
        .withChangeableSettings(SmallRead.SETTINGS.keySet());
  }

  RewriteResult read(String sql) {
    RewriteResult r = rewrite(sql, snapshot(192));
    assertTrue(use(r, "r_svc_1h").read(), r.provenance().toString());
    return r;
  }

  @Test
  void eachGroupIsOneRowReadWithFinalAndItsStatesAsValues() {
    RewriteResult r = read("SELECT toStartOfHour(Timestamp) AS time, ServiceName, count() AS logs,"
        + " avg(SeverityNumber) AS severity FROM otel.otel_logs" + WINDOW + " GROUP BY time, ServiceName"
        + " ORDER BY time, ServiceName");
    assertEquals("SELECT toStartOfHour(CAST(toUnixTimestamp(`bucket`) AS DateTime64(9))) AS time, ServiceName,"
        + " CAST(`LogCount` AS UInt64) AS logs, (CAST(`AvgSeverity__sum` AS Int64) / CAST(`AvgSeverity__count` AS UInt64))"
        + " AS severity FROM " + TARGET + " FINAL WHERE `bucket` >= toDateTime(1717977600) AND `bucket` <"
        + " toDateTime(1718064000)  ORDER BY time, ServiceName" + SmallReadTest.ALL, r.sql());
  }

  @Test
  void anUnaliasedAggregateKeepsItsName() {
    RewriteResult r = read("SELECT ServiceName, toStartOfInterval(Timestamp, INTERVAL 1 hour) AS t, count() FROM otel.otel_logs"
        + WINDOW + " GROUP BY ServiceName, toStartOfInterval(Timestamp, INTERVAL 1 hour)");
    assertTrue(r.sql().contains(" FINAL ") && r.sql().contains("CAST(`LogCount` AS UInt64) AS `count()`"), r.sql());
  }

  @Test
  void otherLevelsKeepTheirGroupBy() {
    for (String sql : List.of(
        // a dimension of the rollup is not a key: one group holds several rows
        "SELECT toStartOfHour(Timestamp) AS time, count() FROM otel.otel_logs" + WINDOW + " GROUP BY time",
        // a function of the dimension may map two rows to one group
        "SELECT toStartOfHour(Timestamp) AS time, lower(ServiceName) AS s, count() FROM otel.otel_logs" + WINDOW
            + " GROUP BY time, s",
        // buckets wider than the grain
        "SELECT toStartOfDay(Timestamp) AS day, ServiceName, count() FROM otel.otel_logs" + WINDOW + " GROUP BY day, ServiceName",
        // a select item that is no key: the server refuses the level, and must go on refusing it
        "SELECT toStartOfHour(Timestamp) AS time, ServiceName, toStartOfDay(Timestamp) AS day, count() FROM otel.otel_logs"
            + WINDOW + " GROUP BY time, ServiceName",
        // positions in the select list
        "SELECT toStartOfHour(Timestamp) AS time, ServiceName, count() FROM otel.otel_logs" + WINDOW + " GROUP BY 1, 2",
        // a state that needs its merge function, a condition over a dimension, HAVING, WITH TOTALS
        "SELECT toStartOfHour(Timestamp) AS time, ServiceName, quantile(0.95)(SeverityNumber) FROM otel.otel_logs" + WINDOW
            + " GROUP BY time, ServiceName",
        "SELECT toStartOfHour(Timestamp) AS time, ServiceName, countIf(ServiceName = 'api') AS api FROM otel.otel_logs" + WINDOW
            + " GROUP BY time, ServiceName",
        "SELECT toStartOfHour(Timestamp) AS time, ServiceName, count() AS n FROM otel.otel_logs" + WINDOW
            + " GROUP BY time, ServiceName HAVING n > 3",
        "SELECT toStartOfHour(Timestamp) AS time, ServiceName, count() FROM otel.otel_logs" + WINDOW
            + " GROUP BY time, ServiceName WITH TOTALS")) {
      RewriteResult r = read(sql);
      assertTrue(r.sql().contains("GROUP BY") && !r.sql().contains("FINAL"), r.sql());
    }
  }

  @Test
  void aTargetWithoutPartsOfItsOwnKeepsItsGroupBy() {
    // a Distributed rollup: its parts are its shards' local tables, whose rows FINAL would merge apart
    CatalogSnapshot distributed = RollupCatalog.snapshot(List.of(services), List.of()).withServerTimeZone(ZoneOffset.UTC)
        .withRows(Map.of(new TableName("otel", "otel_logs"), new TableRows(SmallReadTest.day(10_000_000).partitions(),
            "Timestamp"), new TableName("otel", services.target()), new TableRows(List.of())), 3)
        .withChangeableSettings(SmallRead.SETTINGS.keySet());
    RewriteResult r = rewrite("SELECT toStartOfHour(Timestamp) AS time, ServiceName, count() FROM otel.otel_logs" + WINDOW
        + " GROUP BY time, ServiceName", distributed);
    assertTrue(use(r, "r_svc_1h").read() && r.sql().endsWith(SmallReadTest.ALL), r.sql());
    assertTrue(r.sql().contains("GROUP BY") && !r.sql().contains("FINAL"), r.sql());
  }

  @Test
  void aLargeReadKeepsItsGroupBy() {
    RewriteResult r = rewrite("SELECT toStartOfHour(Timestamp) AS time, ServiceName, count() FROM otel.otel_logs" + WINDOW
        + " GROUP BY time, ServiceName", snapshot(40_000));
    assertTrue(use(r, "r_svc_1h").read(), r.provenance().toString());
    assertTrue(r.sql().contains("GROUP BY") && !r.sql().contains("FINAL"), r.sql());
  }
}

-- =============================================================================================
-- tools.sql: what BI tools, semantic layers, query engines' JDBC connectors and SQL builders send
-- to ClickHouse over the OpenTelemetry exporter's tables, written for this repository from the
-- SHAPES their public sources generate (never their text):
--   Metabase ClickHouse driver (backticked db.table.column, the bucket aliased by the column's own
--     name, parseDateTimeBestEffort('...Z') bounds, toDate for days)
--   Superset clickhouse-connect dialect (toStartOfFiveMinutes(toDateTime(col)) AS "__timestamp",
--     "col" AS "col", toDateTime('...') bounds, ORDER BY the measure, LIMIT 10000)
--   Cube ClickHouse driver (toDateTime(toStartOfHour(toTimeZone(col, tz)), tz), implicit backticked
--     aliases "cube__member", parseDateTime64BestEffort(?, 3) bounds, inclusive ends at .999)
--   Trino / Presto ClickHouse connector (aggregation pushdown: double-quoted names, _pfgnrtd_N
--     aliases, bound values, the pushed-down query wrapped in a derived table)
--   Spark JDBC source with aggregate pushdown (IS NOT NULL before every filter, 'yyyy-MM-dd HH:mm:ss.0'
--     and TIMESTAMP '...' literals, COUNT(*) without alias, SPARK_GEN_SUBQ_N derived tables)
--   jOOQ's ClickHouse dialect (lower-case keywords, fully qualified quoted names, timestamp '...',
--     extract(hour from ...))
--   Apache Calcite's ClickHouseSqlDialect (backticks, FLOOR as toStartOfHour / toDate, COUNT(*))
--   dbt-clickhouse (dateTrunc('hour', ...), GROUP BY 1, 2; generic tests over a derived table)
--   Looker's ClickHouse dialect (parenthesised everything, dotted aliases, ORDER BY 1)
--   Tableau's ClickHouse connector (SUM(1) as the record count, table aliased by its own name)
--   Hibernate / JPA with a ClickHouse dialect (l1_0 aliases, no spaces, bound values)
-- Format, labels and exactness rules: those of the shared corpus (queries_shared.sql; same rollups
-- R_logs / R_traces, grain 1 minute, server time zone UTC). Statements the server refuses (a name in
-- a case ClickHouse does not resolve) are labelled passthrough: through noemata they must fail the
-- same way.
-- =============================================================================================

-- id: tl-mb-hour | tool-shape: Metabase, count by hour, bucket aliased by the column's name, ISO bounds with Z | expect: rollup
SELECT toStartOfHour(`otel`.`otel_logs`.`Timestamp`) AS `Timestamp`, count(*) AS `count` FROM `otel`.`otel_logs` WHERE (`otel`.`otel_logs`.`Timestamp` >= parseDateTimeBestEffort('2024-06-10T00:00:00Z')) AND (`otel`.`otel_logs`.`Timestamp` < parseDateTimeBestEffort('2024-06-11T00:00:00Z')) GROUP BY toStartOfHour(`otel`.`otel_logs`.`Timestamp`) ORDER BY toStartOfHour(`otel`.`otel_logs`.`Timestamp`) ASC;

-- id: tl-mb-service-day | tool-shape: Metabase, count by day and service, qualified columns unaliased | expect: rollup
SELECT toDate(`otel`.`otel_logs`.`Timestamp`) AS `Timestamp`, `otel`.`otel_logs`.`ServiceName`, count(*) AS `count` FROM `otel`.`otel_logs` WHERE (`otel`.`otel_logs`.`Timestamp` >= parseDateTimeBestEffort('2024-06-03T00:00:00.000Z')) AND (`otel`.`otel_logs`.`Timestamp` < parseDateTimeBestEffort('2024-06-10T00:00:00.000Z')) GROUP BY toDate(`otel`.`otel_logs`.`Timestamp`), `otel`.`otel_logs`.`ServiceName` ORDER BY toDate(`otel`.`otel_logs`.`Timestamp`) ASC, `otel`.`otel_logs`.`ServiceName` ASC;

-- id: tl-mb-errors | tool-shape: Metabase, filtered count by service, JDBC parameters | expect: rollup
-- params: 'ERROR', '2024-06-10 08:00:00', '2024-06-10 14:00:00'
SELECT `otel`.`otel_logs`.`ServiceName` AS `ServiceName`, count(*) AS `count` FROM `otel`.`otel_logs` WHERE (`otel`.`otel_logs`.`SeverityText` = ?) AND (`otel`.`otel_logs`.`Timestamp` >= ?) AND (`otel`.`otel_logs`.`Timestamp` < ?) GROUP BY `otel`.`otel_logs`.`ServiceName` ORDER BY `count` DESC, `otel`.`otel_logs`.`ServiceName` ASC LIMIT 1048575;

-- id: tl-mb-pod | tool-shape: Metabase, filter on a Map key (qualified subscript) | expect: column
SELECT count(*) AS `count` FROM `otel`.`otel_logs` WHERE `otel`.`otel_logs`.`ResourceAttributes`['k8s.pod.name'] = 'checkout-boundary-0';

-- id: tl-ss-5m | tool-shape: Superset clickhouse-connect, time series at PT5M with a group-by | expect: rollup
SELECT toStartOfFiveMinutes(toDateTime("Timestamp")) AS "__timestamp", "ServiceName" AS "ServiceName", count(*) AS "count" FROM "otel"."otel_logs" WHERE "Timestamp" >= toDateTime('2024-06-10 08:00:00') AND "Timestamp" < toDateTime('2024-06-10 14:00:00') GROUP BY toStartOfFiveMinutes(toDateTime("Timestamp")), "ServiceName" ORDER BY "count" DESC LIMIT 10000;

-- id: tl-ss-big-number | tool-shape: Superset big number over a week | expect: rollup
SELECT count(*) AS "count" FROM "otel"."otel_logs" WHERE "Timestamp" >= toDateTime('2024-06-03 00:00:00') AND "Timestamp" < toDateTime('2024-06-10 00:00:00');

-- id: tl-ss-uniq | tool-shape: Superset table chart, uniq metric, IN filter | expect: rollup
SELECT "ServiceName" AS "ServiceName", uniq("TraceId") AS "uniq_traces" FROM "otel"."otel_logs" WHERE "SeverityText" IN ('ERROR', 'FATAL') AND "Timestamp" >= toDateTime('2024-06-09 00:00:00') AND "Timestamp" < toDateTime('2024-06-11 00:00:00') GROUP BY "ServiceName" ORDER BY "uniq_traces" DESC LIMIT 50;

-- id: tl-ss-p99 | tool-shape: Superset line chart on traces, p99 by status, PT1H grain | expect: rollup
-- note: dep-StatusCode
SELECT toStartOfHour(toDateTime("Timestamp")) AS "__timestamp", "StatusCode" AS "StatusCode", quantile(0.99)("Duration") AS "p99" FROM "otel"."otel_traces" WHERE "Timestamp" >= toDateTime('2024-06-10 00:00:00') AND "Timestamp" < toDateTime('2024-06-11 00:00:00') GROUP BY toStartOfHour(toDateTime("Timestamp")), "StatusCode" ORDER BY "p99" DESC LIMIT 10000;

-- id: tl-cube-hour-halfopen | tool-shape: Cube, hourly count with the time dimension in the server's zone, afterOrOnDate/beforeDate filters | expect: rollup
SELECT toDateTime(toStartOfHour(toTimeZone(`otel_logs`.Timestamp, 'UTC')), 'UTC') `otel_logs__timestamp_hour`, count(*) `otel_logs__count` FROM otel.otel_logs AS `otel_logs` WHERE (`otel_logs`.Timestamp >= parseDateTime64BestEffort('2024-06-10T00:00:00.000Z', 3) AND `otel_logs`.Timestamp < parseDateTime64BestEffort('2024-06-11T00:00:00.000Z', 3)) GROUP BY `otel_logs__timestamp_hour` ORDER BY `otel_logs__timestamp_hour` ASC LIMIT 10000;

-- id: tl-cube-service | tool-shape: Cube, count and uniq by service, dimension filter | expect: rollup
SELECT `otel_logs`.ServiceName `otel_logs__service_name`, count(*) `otel_logs__count`, uniq(`otel_logs`.TraceId) `otel_logs__traces` FROM otel.otel_logs AS `otel_logs` WHERE (`otel_logs`.SeverityText = 'ERROR') AND (`otel_logs`.Timestamp >= parseDateTime64BestEffort('2024-06-10T08:00:00.000Z', 3) AND `otel_logs`.Timestamp < parseDateTime64BestEffort('2024-06-10T14:00:00.000Z', 3)) GROUP BY `otel_logs__service_name` ORDER BY `otel_logs__count` DESC LIMIT 10000;

-- id: tl-cube-indaterange | tool-shape: Cube inDateRange: inclusive end at .999 | expect: rollup
-- note: the end is inclusive (a row at 23:59:59.9995 falls outside): the last minute is read from the table
SELECT toDateTime(toStartOfHour(toTimeZone(`otel_logs`.Timestamp, 'UTC')), 'UTC') `otel_logs__timestamp_hour`, count(*) `otel_logs__count` FROM otel.otel_logs AS `otel_logs` WHERE (`otel_logs`.Timestamp >= parseDateTime64BestEffort('2024-06-10T00:00:00.000', 3) AND `otel_logs`.Timestamp <= parseDateTime64BestEffort('2024-06-10T23:59:59.999', 3)) GROUP BY `otel_logs__timestamp_hour` ORDER BY `otel_logs__timestamp_hour` ASC LIMIT 10000;

-- id: tl-trino-agg | tool-shape: Trino ClickHouse connector, aggregation pushdown with bound values | expect: rollup
-- params: '2024-06-10 08:00:00', '2024-06-10 14:00:00'
SELECT "ServiceName", count(*) AS "_pfgnrtd_0" FROM "otel"."otel_logs" WHERE ("Timestamp" >= ? AND "Timestamp" < ?) GROUP BY "ServiceName";

-- id: tl-trino-wrapped | tool-shape: Trino, the pushed-down aggregation wrapped in a derived table, IN and IS NOT NULL | expect: rollup
SELECT "ServiceName", "_pfgnrtd_0" FROM (SELECT "ServiceName", count(*) AS "_pfgnrtd_0" FROM "otel"."otel_logs" WHERE ("SeverityText" IS NOT NULL) AND ("SeverityText" IN ('ERROR', 'WARN')) AND ("Timestamp" >= timestamp '2024-06-10 08:00:00' AND "Timestamp" < timestamp '2024-06-10 14:00:00') GROUP BY "ServiceName") o;

-- id: tl-trino-traces | tool-shape: Trino, avg and count of spans by status | expect: rollup
-- note: dep-StatusCode
SELECT "StatusCode", count(*) AS "_pfgnrtd_0", avg("Duration") AS "_pfgnrtd_1" FROM "otel"."otel_traces" WHERE ("StatusCode" IS NOT NULL) AND ("Timestamp" >= timestamp '2024-06-09 00:00:00' AND "Timestamp" < timestamp '2024-06-10 00:00:00') GROUP BY "StatusCode";

-- id: tl-spark-agg | tool-shape: Spark JDBC aggregate pushdown, string timestamps with .0 | expect: rollup
SELECT "ServiceName",COUNT(*) FROM otel.otel_logs  WHERE ("Timestamp" IS NOT NULL) AND ("Timestamp" >= '2024-06-10 08:00:00.0') AND ("Timestamp" < '2024-06-10 14:00:00.0')  GROUP BY "ServiceName";

-- id: tl-spark-subquery | tool-shape: Spark JDBC over a query option (derived table that projects), TIMESTAMP literals | expect: rollup
SELECT "ServiceName",COUNT(*) FROM (SELECT "ServiceName", "Timestamp", "SeverityText" FROM otel.otel_logs) SPARK_GEN_SUBQ_0  WHERE ("SeverityText" IS NOT NULL) AND ("SeverityText" = 'ERROR') AND ("Timestamp" IS NOT NULL) AND ("Timestamp" >= TIMESTAMP '2024-06-10 08:00:00') AND ("Timestamp" < TIMESTAMP '2024-06-10 14:00:00')  GROUP BY "ServiceName";

-- id: tl-spark-traces | tool-shape: Spark JDBC aggregate pushdown on traces, AVG and COUNT | expect: rollup
SELECT "ServiceName",AVG("Duration"),COUNT(*) FROM otel.otel_traces  WHERE ("Timestamp" IS NOT NULL) AND ("Timestamp" >= '2024-06-10 00:00:00.0') AND ("Timestamp" < '2024-06-11 00:00:00.0')  GROUP BY "ServiceName";

-- id: tl-spark-scan | tool-shape: Spark JDBC column pruning without aggregation (rows for Spark to aggregate) | expect: passthrough
SELECT "ServiceName","SeverityText" FROM otel.otel_logs  WHERE ("Timestamp" IS NOT NULL) AND ("Timestamp" >= '2024-06-10 08:00:00.0') AND ("Timestamp" < '2024-06-10 08:05:00.0');

-- id: tl-jooq-qualified | tool-shape: jOOQ ClickHouse dialect, fully qualified names, inline timestamps | expect: rollup
select "otel"."otel_logs"."ServiceName", count(*) from "otel"."otel_logs" where ("otel"."otel_logs"."Timestamp" >= timestamp '2024-06-10 08:00:00.0' and "otel"."otel_logs"."Timestamp" < timestamp '2024-06-10 14:00:00.0') group by "otel"."otel_logs"."ServiceName";

-- id: tl-jooq-extract | tool-shape: jOOQ, hour of day with extract | expect: rollup
select extract(hour from "otel"."otel_logs"."Timestamp"), count(*) from "otel"."otel_logs" where ("otel"."otel_logs"."Timestamp" >= timestamp '2024-06-03 00:00:00.0' and "otel"."otel_logs"."Timestamp" < timestamp '2024-06-10 00:00:00.0') group by extract(hour from "otel"."otel_logs"."Timestamp");

-- id: tl-jooq-severity | tool-shape: jOOQ, filtered count by severity with an alias | expect: rollup
select "otel"."otel_logs"."SeverityText" as "level", count(*) as "n" from "otel"."otel_logs" where ("otel"."otel_logs"."ServiceName" = 'checkout' and "otel"."otel_logs"."Timestamp" >= timestamp '2024-06-10 00:00:00' and "otel"."otel_logs"."Timestamp" < timestamp '2024-06-11 00:00:00') group by "otel"."otel_logs"."SeverityText";

-- id: tl-calcite-floor | tool-shape: Calcite ClickHouseSqlDialect, FLOOR(ts TO HOUR) unparsed as toStartOfHour | expect: rollup
SELECT toStartOfHour(`Timestamp`) AS `H`, COUNT(*) AS `C` FROM `otel`.`otel_logs` WHERE `Timestamp` >= toDateTime('2024-06-10 08:00:00') AND `Timestamp` < toDateTime('2024-06-10 14:00:00') GROUP BY toStartOfHour(`Timestamp`);

-- id: tl-calcite-day | tool-shape: Calcite, FLOOR(ts TO DAY) as toDate, unaliased items | expect: rollup
SELECT toDate(`Timestamp`), `ServiceName`, COUNT(*) FROM `otel`.`otel_logs` WHERE `Timestamp` >= toDateTime('2024-06-03 00:00:00') AND `Timestamp` < toDateTime('2024-06-10 00:00:00') GROUP BY toDate(`Timestamp`), `ServiceName`;

-- id: tl-dbt-metric | tool-shape: dbt-clickhouse model query, dateTrunc and positional GROUP BY | expect: rollup
select dateTrunc('hour', Timestamp) as period, ServiceName, count(*) as n from otel.otel_logs where Timestamp >= '2024-06-10 00:00:00' and Timestamp < '2024-06-11 00:00:00' group by 1, 2;

-- id: tl-dbt-not-null | tool-shape: dbt generic test not_null over a derived table that projects | expect: rollup
-- note: no time window: exact because the rollups hold every row (no retention; the ledger says the backfill reached the oldest)
select count(*) as failures, count(*) != 0 as should_warn, count(*) != 0 as should_error from (select ServiceName from otel.otel_logs where ServiceName is null) dbt_internal_test;

-- id: tl-looker-hour | tool-shape: Looker ClickHouse dialect, parenthesised filters, dotted aliases, ORDER BY 1 | expect: rollup
SELECT (toStartOfHour(otel_logs.Timestamp)) AS `otel_logs.timestamp_hour`, COUNT(*) AS `otel_logs.count` FROM otel.otel_logs AS otel_logs WHERE ((( otel_logs.Timestamp ) >= ((parseDateTimeBestEffort('2024-06-10 00:00:00'))) AND ( otel_logs.Timestamp ) < ((parseDateTimeBestEffort('2024-06-11 00:00:00'))))) GROUP BY (toStartOfHour(otel_logs.Timestamp)) ORDER BY 1 DESC LIMIT 500;

-- id: tl-looker-notnull | tool-shape: Looker, dimension "is not null" filter, GROUP BY 1 | expect: rollup
SELECT otel_logs.ServiceName AS `otel_logs.service_name`, COUNT(*) AS `otel_logs.count` FROM otel.otel_logs AS otel_logs WHERE (otel_logs.ServiceName) IS NOT NULL AND ((( otel_logs.Timestamp ) >= ((parseDateTimeBestEffort('2024-06-10 08:00:00'))) AND ( otel_logs.Timestamp ) < ((parseDateTimeBestEffort('2024-06-10 14:00:00'))))) GROUP BY 1 ORDER BY 2 DESC LIMIT 500;

-- id: tl-tableau-records | tool-shape: Tableau, SUM(1) as the number of records, table aliased by its own name | expect: rollup
SELECT `otel_logs`.`ServiceName` AS `ServiceName`, SUM(1) AS `sum_Number_of_Records_ok` FROM `otel`.`otel_logs` `otel_logs` WHERE ((`otel_logs`.`Timestamp` >= toDateTime('2024-06-10 08:00:00')) AND (`otel_logs`.`Timestamp` < toDateTime('2024-06-10 14:00:00'))) GROUP BY `otel_logs`.`ServiceName`;

-- id: tl-tableau-day | tool-shape: Tableau, day truncation and COUNT(1) | expect: rollup
SELECT toStartOfDay(`otel_logs`.`Timestamp`) AS `tdy_Timestamp_ok`, COUNT(1) AS `cnt_Number_of_Records_ok` FROM `otel`.`otel_logs` `otel_logs` WHERE ((`otel_logs`.`Timestamp` >= toDateTime('2024-06-03 00:00:00')) AND (`otel_logs`.`Timestamp` < toDateTime('2024-06-10 00:00:00'))) GROUP BY toStartOfDay(`otel_logs`.`Timestamp`);

-- id: tl-hibernate | tool-shape: Hibernate 6 with a ClickHouse dialect, bound window | expect: rollup
-- params: '2024-06-10 08:00:00', '2024-06-10 14:00:00'
select l1_0.ServiceName,count(*) from otel.otel_logs l1_0 where l1_0.Timestamp>=? and l1_0.Timestamp<? group by l1_0.ServiceName;

-- id: tl-hibernate-traces | tool-shape: Hibernate 6, avg duration by service | expect: rollup
-- params: '2024-06-09 00:00:00', '2024-06-10 00:00:00'
select t1_0.ServiceName,avg(t1_0.Duration),count(*) from otel.otel_traces t1_0 where t1_0.Timestamp>=? and t1_0.Timestamp<? group by t1_0.ServiceName order by 2 desc;

-- id: tl-spark-http | tool-shape: Spark JDBC, filter on a Map key pushed down | expect: column
-- note: dep-http-status-column
SELECT "ServiceName","Timestamp" FROM otel.otel_logs  WHERE ("Timestamp" IS NOT NULL) AND ("LogAttributes"['http.status_code'] = '500') AND ("Timestamp" >= '2024-06-10 08:00:00.0') AND ("Timestamp" < '2024-06-10 09:00:00.0');

-- id: tl-refused-uniq | tool-shape: a hand-written Metabase native question, UNIQ in upper case | expect: passthrough
-- note: the server refuses UNIQ (uniq is case-sensitive): the same error through noemata
SELECT ServiceName, UNIQ(TraceId) AS u FROM otel.otel_logs WHERE Timestamp >= toDateTime('2024-06-10 08:00:00') AND Timestamp < toDateTime('2024-06-10 14:00:00') GROUP BY ServiceName;

-- id: tl-refused-countif | tool-shape: an analyst's countIF | expect: passthrough
-- note: the server refuses countIF (the If combinator is matched case-sensitively)
SELECT ServiceName, countIF(SeverityText = 'ERROR') AS e FROM otel.otel_logs WHERE Timestamp >= toDateTime('2024-06-10 08:00:00') AND Timestamp < toDateTime('2024-06-10 14:00:00') GROUP BY ServiceName;

-- id: tl-refused-quantile | tool-shape: a hand-written Superset SQL Lab query, QUANTILE in upper case | expect: passthrough
-- note: the server refuses QUANTILE
SELECT ServiceName, QUANTILE(0.99)(Duration) AS p99 FROM otel.otel_traces WHERE Timestamp >= toDateTime('2024-06-10 00:00:00') AND Timestamp < toDateTime('2024-06-11 00:00:00') GROUP BY ServiceName;

-- id: tl-refused-bucket | tool-shape: a bucket function in the wrong case | expect: passthrough
-- note: the server refuses toStartOfHOUR
SELECT toStartOfHOUR(Timestamp) AS h, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime('2024-06-10 08:00:00') AND Timestamp < toDateTime('2024-06-10 14:00:00') GROUP BY h;

-- ---------------------------------------------------------------------------------------------
-- Shapes no rule was written from (2026-12-05): each one a habit of a tool or an analyst the rules
-- above do not name (string and date-only bounds, toDateTime64 of an epoch, GROUP BY ALL and
-- positions, HAVING, WITH TOTALS, IN and joined subqueries, UNION ALL, sumIf(1, ...), count(column),
-- scalars over dimensions, PREWHERE, SETTINGS, OFFSET, zones as arguments; no FORMAT clause: the
-- JDBC runs read only clickhouse-jdbc's own format, the proxy's tests cover FORMAT). Every one is
-- answered from the rollups; the windows lie in the data's days.
-- ---------------------------------------------------------------------------------------------

-- id: sh-superset-string-bounds | tool-shape: Superset, time grain hour, string bounds | expect: rollup
SELECT toStartOfHour(toDateTime("Timestamp")) AS "__timestamp", "ServiceName" AS "ServiceName", COUNT(*) AS "count"
FROM "otel"."otel_logs"
WHERE "Timestamp" >= '2024-06-09 00:00:00' AND "Timestamp" < '2024-06-10 00:00:00'
GROUP BY toStartOfHour(toDateTime("Timestamp")), "ServiceName"
ORDER BY "count" DESC
LIMIT 10000;

-- id: sh-metabase-qualified | tool-shape: Metabase, qualified columns, parseDateTimeBestEffort | expect: rollup
SELECT toStartOfDay(`otel`.`otel_logs`.`Timestamp`) AS `Timestamp`, count(*) AS `count`
FROM `otel`.`otel_logs`
WHERE (`otel`.`otel_logs`.`Timestamp` >= parseDateTimeBestEffort('2024-06-04 00:00:00')) AND (`otel`.`otel_logs`.`Timestamp` < parseDateTimeBestEffort('2024-06-10 00:00:00'))
GROUP BY toStartOfDay(`otel`.`otel_logs`.`Timestamp`)
ORDER BY toStartOfDay(`otel`.`otel_logs`.`Timestamp`) ASC;

-- id: sh-hyperdx-milli | tool-shape: HyperDX, fromUnixTimestamp64Milli half-open | expect: rollup
SELECT toStartOfInterval(Timestamp, INTERVAL 5 minute) AS `__hdx_time_bucket`, count() AS `count()`
FROM otel.otel_logs
WHERE (Timestamp >= fromUnixTimestamp64Milli(1717912800000) AND Timestamp < fromUnixTimestamp64Milli(1717956000000)) AND (ServiceName IN ('cart', 'api'))
GROUP BY `__hdx_time_bucket`
ORDER BY `__hdx_time_bucket`;

-- id: sh-grafana-ms | tool-shape: Grafana time series, epoch ms time column | expect: rollup
SELECT toUnixTimestamp(toStartOfHour(Timestamp)) * 1000 AS t, ServiceName, count() AS c
FROM otel.otel_logs
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
GROUP BY t, ServiceName
ORDER BY t;

-- id: sh-error-rate | tool-shape: analyst, error ratio per service | expect: rollup
SELECT ServiceName, countIf(SeverityText = 'ERROR') / count() AS error_rate
FROM otel.otel_logs
WHERE Timestamp >= '2024-06-09 00:00:00' AND Timestamp < '2024-06-10 00:00:00'
GROUP BY ServiceName
ORDER BY error_rate DESC;

-- id: sh-cte-top | tool-shape: analyst, CTE top services | expect: rollup
WITH t AS (SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime('2024-06-09 00:00:00') AND Timestamp < toDateTime('2024-06-10 00:00:00') GROUP BY ServiceName)
SELECT * FROM t ORDER BY c DESC LIMIT 5;

-- id: sh-date-trunc | tool-shape: Superset/Cube, date_trunc | expect: rollup
SELECT date_trunc('hour', Timestamp) AS h, count() FROM otel.otel_logs
WHERE Timestamp >= toDateTime64('2024-06-09 00:00:00', 9) AND Timestamp < toDateTime64('2024-06-10 00:00:00', 9)
GROUP BY h ORDER BY h;

-- id: sh-fifteen | tool-shape: Grafana, toStartOfFifteenMinutes | expect: rollup
SELECT toStartOfFifteenMinutes(Timestamp) AS time, SeverityText, count() AS n FROM otel.otel_logs
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
GROUP BY time, SeverityText ORDER BY time;

-- id: sh-traces-p99 | tool-shape: Grafana traces panel, p99 per service | expect: rollup
SELECT ServiceName, quantile(0.99)(Duration) / 1e6 AS p99_ms, avg(Duration) / 1e6 AS avg_ms
FROM otel.otel_traces
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
GROUP BY ServiceName ORDER BY p99_ms DESC;

-- id: sh-group-by-all | tool-shape: analyst, GROUP BY ALL | expect: rollup
SELECT ServiceName, SeverityText, count() AS c FROM otel.otel_logs
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
GROUP BY ALL ORDER BY c DESC;

-- id: sh-count-distinct-unaliased | tool-shape: analyst, unaliased count(DISTINCT dimension): the server names it countDistinct(SeverityText) | expect: rollup
SELECT ServiceName, count(DISTINCT SeverityText) FROM otel.otel_logs
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-count-distinct-upper | tool-shape: SQL console, COUNT(DISTINCT ...) unaliased per hour: named COUNTDistinct(ServiceName) | expect: rollup
SELECT toStartOfHour(Timestamp), COUNT(DISTINCT ServiceName) FROM otel.otel_logs
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
GROUP BY toStartOfHour(Timestamp) ORDER BY toStartOfHour(Timestamp);

-- id: sh-positional | tool-shape: DBeaver, positional GROUP BY/ORDER BY | expect: rollup
SELECT ServiceName, count() FROM otel.otel_logs
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
GROUP BY 1 ORDER BY 2 DESC;

-- id: sh-having | tool-shape: analyst, HAVING | expect: rollup
SELECT ServiceName, count() AS c FROM otel.otel_logs
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
GROUP BY ServiceName HAVING count() > 10 ORDER BY c DESC;

-- id: sh-in-subquery | tool-shape: Grafana, top 5 services as a series filter | expect: rollup
SELECT toStartOfHour(Timestamp) AS t, ServiceName, count() AS c FROM otel.otel_logs
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
  AND ServiceName IN (SELECT ServiceName FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName ORDER BY count() DESC LIMIT 5)
GROUP BY t, ServiceName ORDER BY t;

-- id: sh-todate-day | tool-shape: Metabase, day grain | expect: rollup
SELECT toDate(Timestamp) AS day, count() AS c FROM otel.otel_logs
WHERE toDate(Timestamp) >= '2024-06-04' AND toDate(Timestamp) < '2024-06-10'
GROUP BY day ORDER BY day;

-- id: sh-todate-eq | tool-shape: analyst, one day by toDate | expect: rollup
SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE toDate(Timestamp) = '2024-06-09' GROUP BY ServiceName;

-- id: sh-date-strings | tool-shape: Superset, date-only strings | expect: rollup
SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp >= '2024-06-09' AND Timestamp < '2024-06-10' GROUP BY ServiceName;

-- id: sh-lower-dim | tool-shape: analyst, scalar over a dimension | expect: rollup
SELECT lower(SeverityText) AS sev, count() AS c FROM otel.otel_logs
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
GROUP BY sev ORDER BY c DESC;

-- id: sh-uniq-traces | tool-shape: HyperDX, distinct traces per service | expect: rollup
SELECT ServiceName, uniq(TraceId) AS traces FROM otel.otel_logs
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
GROUP BY ServiceName;

-- id: sh-with-totals | tool-shape: clickhouse-client, WITH TOTALS | expect: rollup
SELECT ServiceName, count() AS c FROM otel.otel_logs
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
GROUP BY ServiceName WITH TOTALS ORDER BY c DESC;

-- id: sh-between-buckets | tool-shape: Grafana, BETWEEN on the bucket | expect: rollup
SELECT toStartOfHour(Timestamp) AS h, count() AS c FROM otel.otel_logs
WHERE toStartOfHour(Timestamp) BETWEEN toDateTime('2024-06-09 00:00:00') AND toDateTime('2024-06-09 23:00:00')
GROUP BY h ORDER BY h;

-- id: sh-status-code-traces | tool-shape: Grafana traces, errors by status | expect: rollup
SELECT ServiceName, countIf(StatusCode = 'Error') AS errors, count() AS total FROM otel.otel_traces
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
GROUP BY ServiceName ORDER BY errors DESC;

-- id: sh-interval-hour-upper | tool-shape: Grafana, INTERVAL 1 HOUR upper case | expect: rollup
SELECT toStartOfInterval(Timestamp, INTERVAL 1 HOUR) AS time, count() FROM otel.otel_logs
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
GROUP BY time ORDER BY time;

-- id: sh-subquery-outer | tool-shape: Superset virtual dataset, filter outside | expect: rollup
SELECT ServiceName, sum(c) AS c FROM (SELECT ServiceName, SeverityText, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName, SeverityText) AS virtual_table
WHERE SeverityText = 'ERROR' GROUP BY ServiceName ORDER BY c DESC LIMIT 100;

-- id: sh-toStartOfMinute-dt | tool-shape: HyperDX, minute buckets with alias reuse in where | expect: rollup
SELECT toStartOfMinute(Timestamp) AS m, count() AS c FROM otel.otel_logs
WHERE m >= toDateTime(1717912800) AND m < toDateTime(1717956000)
GROUP BY m ORDER BY m;

-- id: sh-interval-fn | tool-shape: Grafana, toIntervalMinute | expect: rollup
SELECT toStartOfInterval(Timestamp, toIntervalMinute(5)) AS t, count() FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY t ORDER BY t;

-- id: sh-format-label | tool-shape: Metabase, formatted hour label | expect: rollup
SELECT formatDateTime(toStartOfHour(Timestamp), '%Y-%m-%d %H') AS label, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY label ORDER BY label;

-- id: sh-countif-in | tool-shape: Grafana stat, errors and fatals | expect: rollup
SELECT countIf(SeverityText IN ('ERROR', 'FATAL')) AS bad FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000);

-- id: sh-sumif-one | tool-shape: analyst, sumIf(1, ...) | expect: rollup
SELECT ServiceName, sumIf(1, SeverityText = 'ERROR') AS errors FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName;

-- id: sh-count-one | tool-shape: Superset, COUNT(1) | expect: rollup
SELECT ServiceName, COUNT(1) AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName;

-- id: sh-count-col | tool-shape: Metabase, count of a non-null column | expect: rollup
SELECT ServiceName, count(Timestamp) AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName;

-- id: sh-join-two | tool-shape: analyst, logs and traces per service joined | expect: rollup
SELECT l.ServiceName, l.c AS logs, t.c AS spans FROM (SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName) AS l INNER JOIN (SELECT ServiceName, count() AS c FROM otel.otel_traces WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName) AS t ON l.ServiceName = t.ServiceName ORDER BY logs DESC;

-- id: sh-union-all | tool-shape: Grafana, two series in one query | expect: rollup
SELECT 'logs' AS kind, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) UNION ALL SELECT 'spans' AS kind, count() AS c FROM otel.otel_traces WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000);

-- id: sh-strict-lower | tool-shape: Grafana, strict lower bound | expect: rollup
SELECT ServiceName, count() FROM otel.otel_logs WHERE Timestamp > toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName;

-- id: sh-week | tool-shape: Superset, week grain | expect: rollup
SELECT toStartOfWeek(Timestamp) AS w, count() FROM otel.otel_logs WHERE Timestamp >= toDateTime('2024-06-03 00:00:00') AND Timestamp < toDateTime('2024-06-10 00:00:00') GROUP BY w;

-- id: sh-like-dim | tool-shape: Grafana variable, LIKE on a dimension | expect: rollup
SELECT ServiceName, count() FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) AND ServiceName LIKE 'ca%' GROUP BY ServiceName;

-- id: sh-not-dim | tool-shape: analyst, NOT on a dimension | expect: rollup
SELECT SeverityText, count() FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) AND NOT (SeverityText = 'DEBUG') AND ServiceName != '' GROUP BY SeverityText;

-- id: sh-multiif | tool-shape: Grafana, multiIf class | expect: rollup
SELECT multiIf(SeverityText = 'ERROR', 'err', SeverityText = 'WARN', 'warn', 'other') AS k, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY k;

-- id: sh-prewhere | tool-shape: analyst, PREWHERE on a dimension | expect: rollup
SELECT count() FROM otel.otel_logs PREWHERE ServiceName = 'cart' WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000);

-- id: sh-settings | tool-shape: curl, trailing SETTINGS | expect: rollup
SELECT ServiceName, count() FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName SETTINGS max_threads = 2;

-- id: sh-offset | tool-shape: DBeaver paging | expect: rollup
SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName ORDER BY c DESC LIMIT 3 OFFSET 2;

-- id: sh-dt64-epoch | tool-shape: HyperDX, toDateTime64 of epoch | expect: rollup
SELECT count() FROM otel.otel_logs WHERE Timestamp >= toDateTime64(1717912800, 3) AND Timestamp < toDateTime64(1717956000, 3);

-- id: sh-fromunix | tool-shape: Grafana, fromUnixTimestamp | expect: rollup
SELECT count() FROM otel.otel_logs WHERE Timestamp >= fromUnixTimestamp(1717912800) AND Timestamp < fromUnixTimestamp(1717956000);

-- id: sh-tz-arg | tool-shape: Grafana, toDateTime with UTC | expect: rollup
SELECT toStartOfHour(Timestamp, 'UTC') AS h, count() FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800, 'UTC') AND Timestamp < toDateTime(1717956000, 'UTC') GROUP BY h;

-- id: sh-interval-tz | tool-shape: Grafana, toStartOfInterval with a zone | expect: rollup
SELECT toStartOfInterval(Timestamp, INTERVAL 1 day, 'UTC') AS d, count() FROM otel.otel_logs WHERE Timestamp >= toDateTime('2024-06-04 00:00:00') AND Timestamp < toDateTime('2024-06-10 00:00:00') GROUP BY d;

-- id: sh-cube | tool-shape: Cube, toTimeZone day grain, half-open | expect: rollup
SELECT toDateTime(toStartOfDay(toTimeZone("otel_logs"."Timestamp", 'UTC')), 'UTC') "otel_logs__timestamp_day", count(*) "otel_logs__count" FROM otel.otel_logs AS "otel_logs" WHERE ("otel_logs"."Timestamp" >= parseDateTimeBestEffort('2024-06-04T00:00:00.000Z') AND "otel_logs"."Timestamp" < parseDateTimeBestEffort('2024-06-10T00:00:00.000Z')) GROUP BY 1 ORDER BY 1 ASC LIMIT 10000;

-- id: sh-avg-hour-traces | tool-shape: Grafana traces, avg per hour | expect: rollup
SELECT toStartOfHour(Timestamp) AS h, ServiceName, avg(Duration) AS d FROM otel.otel_traces WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY h, ServiceName ORDER BY h;

-- id: sh-lower-kw | tool-shape: analyst, lower-case keywords | expect: rollup
select servicename_alias, c from (select ServiceName as servicename_alias, count() as c from otel.otel_logs where Timestamp >= toDateTime(1717912800) and Timestamp < toDateTime(1717956000) group by servicename_alias) order by c desc;

-- id: sh-exists-dim | tool-shape: analyst, has() over dimension array | expect: rollup
SELECT ServiceName, count() FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) AND has(['cart', 'api'], ServiceName) GROUP BY ServiceName;

-- id: sh-interval-days | tool-shape: analyst, a day plus INTERVAL n DAY (a UTC server: a day is 86,400 s) | expect: rollup
SELECT ServiceName, count() AS lines FROM otel.otel_logs WHERE Timestamp >= toDateTime('2024-06-09 00:00:00') AND Timestamp < toDateTime('2024-06-09 00:00:00') + INTERVAL 2 DAY GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-interval-week-back | tool-shape: analyst, a week back from a day (subtractWeeks) | expect: rollup
SELECT toStartOfDay(Timestamp) AS d, count() AS lines FROM otel.otel_logs WHERE Timestamp >= subtractWeeks(toDateTime('2024-06-11 00:00:00'), 1) AND Timestamp < toDateTime('2024-06-11 00:00:00') GROUP BY d ORDER BY d;

-- id: sh-sum-if-errors | tool-shape: Looker / Metabase custom column, errors as sum(if(c, 1, 0)) | expect: rollup
SELECT ServiceName, sum(if(SeverityNumber >= 17, 1, 0)) AS errors FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName ORDER BY errors DESC;

-- id: sh-sum-case-errors | tool-shape: Tableau, SUM(CASE WHEN c THEN 1 ELSE 0 END) per hour | expect: rollup
SELECT toStartOfHour(`otel_logs`.`Timestamp`) AS `hour`, SUM(CASE WHEN `otel_logs`.`SeverityNumber` >= 17 THEN 1 ELSE 0 END) AS `errors`, COUNT(*) AS `lines` FROM `otel`.`otel_logs` `otel_logs` WHERE `otel_logs`.`Timestamp` >= toDateTime('2024-06-09 00:00:00') AND `otel_logs`.`Timestamp` < toDateTime('2024-06-10 00:00:00') GROUP BY `hour` ORDER BY `hour`;

-- id: sh-count-case-errors | tool-shape: Superset / Calcite, COUNT(CASE WHEN c THEN 1 END) | expect: rollup
SELECT "ServiceName" AS "ServiceName", COUNT(CASE WHEN "SeverityNumber" >= 17 THEN 1 END) AS "errors" FROM "otel"."otel_logs" WHERE "Timestamp" >= toDateTime('2024-06-09 00:00:00') AND "Timestamp" < toDateTime('2024-06-10 00:00:00') GROUP BY "ServiceName" ORDER BY "errors" DESC LIMIT 10000;

-- id: sh-sum-truth-errors | tool-shape: analyst, sum of a comparison over a column without NULL | expect: rollup
SELECT toStartOfFifteenMinutes(Timestamp) AS t, sum(SeverityNumber >= 17) AS errors, round(100 * sum(SeverityNumber >= 17) / count(), 2) AS pct FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY t ORDER BY t;

-- id: sh-sumif-one-errors | tool-shape: Grafana, sumIf(1, c) | expect: rollup
SELECT ServiceName, sumIf(1, SeverityNumber >= 17) AS errors FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName;

-- id: sh-ternary-errors | tool-shape: analyst, sum(c ? 1 : 0) | expect: rollup
SELECT sum(SeverityNumber >= 17 ? 1 : 0) AS errors FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000);

-- id: sh-sum-if-null-errors | tool-shape: analyst, sum(if(c, 1, NULL)) is Nullable: not the stored count | expect: passthrough
SELECT ServiceName, sum(if(SeverityNumber >= 17, 1, NULL)) AS errors FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName;

-- id: sh-count-if-zero | tool-shape: analyst, count(if(c, 1, 0)) counts every row (not the errors: no stored form) | expect: passthrough
SELECT ServiceName, count(if(SeverityNumber >= 17, 1, 0)) AS n FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName;

-- id: sh-count-one-unaliased | tool-shape: DBeaver / analyst, COUNT(1) without an alias | expect: rollup
SELECT ServiceName, COUNT(1) FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-countif-unaliased | tool-shape: analyst, countIf over a dimension without an alias | expect: rollup
SELECT ServiceName, countIf(SeverityText = 'ERROR') FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-filter-unaliased | tool-shape: analyst, count() FILTER (WHERE ...) without an alias | expect: rollup
SELECT SeverityText, count() FILTER (WHERE ServiceName = 'cart') FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY SeverityText ORDER BY SeverityText;

-- id: sh-rate-unaliased | tool-shape: analyst, an error rate without an alias | expect: rollup
SELECT ServiceName, round(100 * countIf(SeverityNumber >= 17) / count(), 2) FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-distinct-var | tool-shape: Grafana template variable, distinct values in the dashboard's range | expect: rollup
SELECT DISTINCT ServiceName FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) ORDER BY ServiceName;

-- id: sh-distinct-filter-box | tool-shape: Superset native filter, distinct values with a limit | expect: rollup
SELECT DISTINCT "SeverityText" AS "SeverityText" FROM "otel"."otel_logs" WHERE "Timestamp" >= toDateTime('2024-06-09 00:00:00') AND "Timestamp" < toDateTime('2024-06-10 00:00:00') AND "ServiceName" = 'cart' ORDER BY "SeverityText" LIMIT 1000;

-- id: sh-distinct-ragged | tool-shape: Grafana variable over a range off the minute | expect: rollup
SELECT DISTINCT ServiceName, SeverityText FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912833) AND Timestamp <= toDateTime(1717956021) ORDER BY ServiceName, SeverityText;

-- id: sh-distinct-traces | tool-shape: HyperDX facet values, distinct status per service | expect: rollup
SELECT DISTINCT ServiceName, StatusCode FROM otel.otel_traces WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) ORDER BY ServiceName, StatusCode;

-- id: sh-distinct-hours | tool-shape: analyst, which hours have logs | expect: rollup
SELECT DISTINCT toStartOfHour(Timestamp) AS h FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) ORDER BY h;

-- id: sh-distinct-body | tool-shape: analyst, distinct values of a column no rollup holds | expect: passthrough
SELECT DISTINCT SeverityNumber FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) ORDER BY SeverityNumber;

-- id: sh-window-share | tool-shape: analyst / Superset, each service's share of all logs | expect: rollup
SELECT ServiceName, count() AS c, round(100 * c / sum(c) OVER (), 2) AS pct FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName ORDER BY c DESC;

-- id: sh-window-running | tool-shape: Grafana, running total per hour | expect: rollup
SELECT toStartOfHour(Timestamp) AS h, count() AS c, sum(count()) OVER (ORDER BY h) AS running FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY h ORDER BY h;

-- id: sh-window-rank | tool-shape: analyst, top severities per service by rank | expect: rollup
SELECT ServiceName, SeverityText, count() AS c, rank() OVER (PARTITION BY ServiceName ORDER BY count() DESC, SeverityText) AS r, count() OVER () AS groups FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName, SeverityText ORDER BY ServiceName, r;

-- id: sh-window-ragged | tool-shape: Grafana, share per service over a range off the minute | expect: rollup
SELECT ServiceName, count() AS c, c / sum(c) OVER () AS share FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912833) AND Timestamp <= toDateTime(1717956021) GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-window-rows | tool-shape: analyst, a window over source rows (no GROUP BY) | expect: passthrough
SELECT ServiceName, count() OVER (PARTITION BY ServiceName) AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717913400) ORDER BY ServiceName LIMIT 5;

-- id: sh-rollup-subtotals | tool-shape: analyst, subtotals per service and a grand total, GROUP BY ROLLUP() with grouping() | expect: rollup
SELECT ServiceName, SeverityText, count() AS c, GROUPING(ServiceName, SeverityText) AS level FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ROLLUP(ServiceName, SeverityText) ORDER BY level, ServiceName, SeverityText;

-- id: sh-grouping-sets | tool-shape: analyst, two breakdowns and the total in one statement, GROUPING SETS | expect: rollup
SELECT ServiceName, SeverityText, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY GROUPING SETS ((ServiceName), (SeverityText), ()) ORDER BY ServiceName, SeverityText;

-- id: sh-cube-hour | tool-shape: analyst, CUBE over the hour and the service, error counts | expect: rollup
SELECT toStartOfHour(Timestamp) AS h, ServiceName, countIf(SeverityNumber >= 17) AS errors, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY CUBE(h, ServiceName) ORDER BY h, ServiceName;

-- id: sh-with-rollup-totals | tool-shape: Tabix / ClickHouse play, the legacy WITH ROLLUP and WITH TOTALS modifiers | expect: rollup
SELECT SeverityText, ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY SeverityText, ServiceName WITH ROLLUP WITH TOTALS ORDER BY SeverityText, ServiceName;

-- id: sh-fn-strings | tool-shape: analyst, services folded by lowerUTF8 and a regex, severities by initial | expect: rollup
SELECT lowerUTF8(replaceRegexpAll(ServiceName, '[-_].*$', '')) AS family, left(SeverityText, 1) AS sev, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY family, sev ORDER BY family, sev;

-- id: sh-fn-math | tool-shape: Superset custom SQL metrics, functions of aggregates | expect: rollup
SELECT ServiceName, round(sqrt(count()), 3) AS root, round(log10(uniq(TraceId) + 1), 3) AS lg, toInt32(count() / 60) AS per_minute, intDiv(countIf(SeverityNumber >= 17) * 100, count()) AS pct FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-minute-of-hour | tool-shape: analyst, which minute of the hour is busiest (toMinute) | expect: rollup
SELECT toMinute(Timestamp) AS minute, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY minute ORDER BY minute;

-- id: sh-calendar-parts | tool-shape: Metabase "day of week" / "week of year" binning, toDayOfWeek with a mode, toISOWeek, toQuarter | expect: rollup
SELECT toDayOfWeek(Timestamp, 1) AS dow, toISOWeek(Timestamp) AS week, toQuarter(Timestamp) AS q, toDayOfYear(Timestamp) AS doy, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY dow, week, q, doy ORDER BY dow, week, q, doy;

-- id: sh-set-aggregates | tool-shape: Superset table chart, min / max / distinct count of a dimension per service | expect: rollup
SELECT ServiceName, min(SeverityText) AS lo, max(SeverityText) AS hi, uniq(SeverityText) AS u, countDistinct(SeverityText) AS d FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-second-of-minute | tool-shape: analyst, toSecond reads the time finer than the grain | expect: passthrough
SELECT toSecond(Timestamp) AS s, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY s ORDER BY s;

-- id: sh-any-dimension | tool-shape: Superset, any() of a dimension: which value depends on the rows | expect: passthrough
SELECT ServiceName, any(SeverityText) AS sample, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-altinity-timeseries | tool-shape: Altinity's Grafana plugin, $timeSeries (whole seconds of a DateTime64 divided into buckets, in milliseconds) and $timeFilter with an inclusive end | expect: rollup
SELECT (intDiv(toUInt32(Timestamp), 60) * 60) * 1000 AS t, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp <= toDateTime(1717956000) GROUP BY t ORDER BY t;

-- id: sh-altinity-columns | tool-shape: Altinity's Grafana plugin, $columns(ServiceName, count() c): the grouped level inside a groupArray of pairs (an exclusive end here; sh-altinity-timeseries has the plugin's inclusive one) | expect: rollup
SELECT t, groupArray((ServiceName, c)) AS groupArr FROM (SELECT (intDiv(toUInt32(Timestamp), 300) * 300) * 1000 AS t, ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY t, ServiceName ORDER BY t, ServiceName) GROUP BY t ORDER BY t;

-- id: sh-date-literals | tool-shape: Spark / jOOQ, DATE '...' bounds on a DateTime64 column (midnight in the column's zone) | expect: rollup
SELECT ServiceName, count(*) AS c FROM otel.otel_logs WHERE Timestamp >= DATE '2024-06-09' AND Timestamp < DATE '2024-06-10' GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-now-minus-seconds | tool-shape: Grafana user, a DateTime minus a number of seconds (here on a minute boundary) | expect: rollup
SELECT toStartOfMinute(Timestamp) AS t, count() AS c FROM otel.otel_logs WHERE Timestamp >= toStartOfMinute(now()) - 3600 GROUP BY t ORDER BY t;

-- id: sh-todatetime-today | tool-shape: analyst, toDateTime(today() - 7) as the start of the last week | expect: rollup
SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(today() - 7) GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-this-month | tool-shape: Metabase relative filter "this month" and "this week": the calendar's first day (a Date) | expect: rollup
SELECT ServiceName, count(*) AS `count` FROM `otel`.`otel_logs` WHERE `otel`.`otel_logs`.`Timestamp` >= toStartOfMonth(now()) AND `otel`.`otel_logs`.`Timestamp` >= toMonday(today()) - 7 GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-cast-bounds | tool-shape: Power BI / Cube, the time cast to DateTime and to DateTime64(3) compared with constants (floors of the time) | expect: rollup
SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE CAST(Timestamp AS DateTime) >= '2024-06-10 08:00:00' AND CAST(Timestamp AS DateTime64(3)) <= '2024-06-10 13:59:59.999' GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-todatetime64-ragged | tool-shape: analyst, toDateTime64(t, 3) against bounds off the minute (raw edges filtered as written) | expect: rollup
SELECT SeverityText, count() AS c FROM otel.otel_logs WHERE toDateTime64(Timestamp, 3) >= '2024-06-10 08:00:30.250' AND Timestamp::DateTime < '2024-06-10 13:59:45' GROUP BY SeverityText ORDER BY SeverityText;

-- id: sh-floor-of-constant | tool-shape: HyperDX metrics / analyst, the bucket start of a constant as a bound (toStartOfInterval(fromUnixTimestamp64Milli(n), INTERVAL 1 minute), toStartOfDay(toDateTime('...')) in the server's zone) | expect: rollup
SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp >= toStartOfInterval(fromUnixTimestamp64Milli(1717999290000), INTERVAL 1 minute) AND Timestamp < toStartOfDay(toDateTime('2024-06-10 13:00:00')) + INTERVAL 14 HOUR GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-date-sub-interval | tool-shape: Redash / MySQL-minded analyst, DATE_SUB(NOW(), INTERVAL 6 HOUR) and subDate as window starts (the server reads them as now() - INTERVAL) | expect: rollup
SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp >= DATE_SUB(NOW(), INTERVAL 6 HOUR) AND Timestamp >= subDate(toStartOfHour(now()), INTERVAL 1 DAY) GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-date-trunc-now | tool-shape: analyst, date_trunc('day', now()) and a six-hour floor of now() as window starts | expect: rollup
SELECT SeverityText, count() AS c FROM otel.otel_logs WHERE Timestamp >= date_trunc('day', now()) - INTERVAL 1 DAY AND Timestamp >= toStartOfInterval(now(), INTERVAL 6 HOUR) - INTERVAL 24 HOUR GROUP BY SeverityText ORDER BY SeverityText;

-- id: sh-format-day | tool-shape: Grafana table panel / analyst, the time formatted by day and hour as the group key | expect: rollup
SELECT formatDateTime(Timestamp, '%Y-%m-%d %H:00') AS hour, ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY hour, ServiceName ORDER BY hour, ServiceName;

-- id: sh-format-seconds | tool-shape: analyst, formatDateTime with seconds (%T) reads the time finer than the grain | expect: passthrough
SELECT formatDateTime(Timestamp, '%F %T') AS s, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717916400) GROUP BY s ORDER BY s;

-- id: sh-cast-bounds | tool-shape: jOOQ / Hibernate / Trino pushdown, bounds as CAST(... AS DateTime) and '...'::DateTime64(3) | expect: rollup
SELECT ServiceName, SeverityText, count(*) AS c FROM otel.otel_logs WHERE Timestamp >= cast('2024-06-09 06:00:00' as DateTime) AND Timestamp < '2024-06-09 18:00:00.000'::DateTime64(3) GROUP BY ServiceName, SeverityText ORDER BY ServiceName, SeverityText;

-- id: sh-cast-date | tool-shape: Looker / Power BI, a day range as CAST('...' AS Date) | expect: rollup
SELECT toStartOfHour(Timestamp) AS h, count(*) AS c FROM otel.otel_logs WHERE Timestamp >= CAST('2024-06-09' AS Date) AND Timestamp < CAST('2024-06-10' AS Date) GROUP BY h ORDER BY h;

-- id: sh-with-constants | tool-shape: Grafana panel written by hand, WITH constants for the service and the window (the names reach every read of the rewritten query) | expect: rollup
WITH 'frontend' AS svc, toDateTime(1717912800) AS start, toDateTime(1717956000) AS stop SELECT toStartOfHour(Timestamp) AS h, count() AS c FROM otel.otel_logs WHERE ServiceName != svc AND Timestamp >= start AND Timestamp < stop GROUP BY h ORDER BY h;

-- id: sh-with-row-expression | tool-shape: analyst, a WITH expression over the row (the bucket named in WITH) | expect: passthrough
WITH toStartOfHour(Timestamp) AS h SELECT h, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY h ORDER BY h;

-- id: sh-grafana-from-ms | tool-shape: Grafana panel written by hand with $__from / 1000 and $__to / 1000 (milliseconds, a Float64 toDateTime truncates) | expect: rollup
SELECT toStartOfHour(Timestamp) AS t, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800000 / 1000) AND Timestamp < toDateTime64(1717956000000 / 1000, 3) GROUP BY t ORDER BY t;

-- id: sh-constant-minus-seconds | tool-shape: analyst, a bound an hour of seconds before a constant (C - 3600) | expect: rollup
SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717916400) - 3600 AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-named-window | tool-shape: analyst, a rank over a named WINDOW of the groups | expect: rollup
SELECT ServiceName, count() AS c, rank() OVER w AS r FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName WINDOW w AS (ORDER BY count() DESC, ServiceName) ORDER BY ServiceName;

-- id: sh-qualify-top | tool-shape: analyst, the top services by QUALIFY over the groups | expect: rollup
SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName QUALIFY row_number() OVER (ORDER BY c DESC, ServiceName) <= 3 ORDER BY c DESC, ServiceName;

-- id: sh-limit-with-ties | tool-shape: analyst, the top hours with their ties | expect: rollup
SELECT toStartOfHour(Timestamp) AS h, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY h ORDER BY c DESC LIMIT 2 WITH TIES;

-- id: sh-todatetime-of-time | tool-shape: analyst, the window on toDateTime(Timestamp) (the second each row lies in) | expect: rollup
SELECT toStartOfHour(Timestamp) AS h, ServiceName, count() AS c FROM otel.otel_logs WHERE toDateTime(Timestamp) >= toDateTime(1717912800) AND toDateTime(Timestamp) < toDateTime(1717956000) GROUP BY h, ServiceName ORDER BY h, ServiceName;

-- id: sh-unix-seconds-between | tool-shape: Altinity-era panel, the window on toUnixTimestamp(Timestamp) BETWEEN integers | expect: rollup
SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE toUnixTimestamp(Timestamp) BETWEEN 1717912800 AND 1717955999 GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-unix-seconds-inclusive | tool-shape: analyst, an inclusive end on toUnixTimestamp(Timestamp): the second after the hour is an edge read raw as written | expect: rollup
SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE toDateTime(Timestamp) > toDateTime(1717912799) AND toUnixTimestamp(Timestamp) <= 1717956000 GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-qualify-ragged | tool-shape: analyst, the top services by QUALIFY over a named WINDOW with ties, over a window off the grain (the raw edges under the union) | expect: rollup
SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912830) AND Timestamp < toDateTime(1717956000) GROUP BY ServiceName WINDOW w AS (ORDER BY count() DESC, ServiceName) QUALIFY row_number() OVER w <= 4 ORDER BY c DESC LIMIT 3 WITH TIES;

-- id: sh-errors-where | tool-shape: Grafana panel written by hand, error lines per hour by service with the severity in WHERE (the rollup stores countIf(SeverityNumber >= 17), not SeverityNumber) | expect: rollup
SELECT toStartOfHour(Timestamp) AS h, ServiceName, count() AS errors FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) AND SeverityNumber >= 17 GROUP BY h, ServiceName ORDER BY h, ServiceName;

-- id: sh-errors-where-having-ragged | tool-shape: analyst, services with many error lines over a window off the grain (the raw edges count the condition) | expect: rollup
SELECT ServiceName, count() AS errors FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912830) AND Timestamp < toDateTime(1717956000) AND SeverityNumber >= 17 GROUP BY ServiceName HAVING errors > 3 OR ServiceName = 'checkout' ORDER BY errors DESC, ServiceName;

-- id: sh-errors-where-total | tool-shape: Grafana stat panel, all error lines of the window | expect: rollup
SELECT count() AS errors FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) AND SeverityNumber >= 17;

-- id: sh-errors-where-uniq | tool-shape: analyst, distinct traces with errors: no stored state of the filtered rows | expect: passthrough
SELECT ServiceName, uniq(TraceId) AS traces FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) AND SeverityNumber >= 17 GROUP BY ServiceName ORDER BY ServiceName;

-- id: sh-errors-gt-16 | tool-shape: analyst, errors written as SeverityNumber > 16 (the stored countIf says >= 17: one condition on an integer column) | expect: rollup
SELECT toStartOfHour(Timestamp) AS h, countIf(SeverityNumber > 16) AS errors FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY h ORDER BY h;

-- id: sh-errors-where-gt-16 | tool-shape: Grafana panel written by hand, error lines by service with SeverityNumber > 16 in WHERE | expect: rollup
SELECT ServiceName, count() AS errors FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) AND SeverityNumber > 16 GROUP BY ServiceName ORDER BY ServiceName;

-- ---------------------------------------------------------------------------------------------
-- Tools the sections above do not name (2026-12-07), from the shapes their generators produce:
-- Grafana's ClickHouse plugin query builder ($__timeInterval / $__timeInterval_ms, $__timeFilter
-- with its inclusive end, $__fromTime, $__dateFilter, ORDER BY time ASC LIMIT 1000, the logs volume),
-- HyperDX v2's renderChartConfig (__hdx_time_bucket, fromUnixTimestamp64Milli, WITH FILL, countIf,
-- quantile), Lightdash, Rill (parseDateTime64BestEffort without a precision, t::DateTime64, NULLS
-- LAST), Power BI's folded "rows" derived table, SQLAlchemy (anon_1, columns qualified by the table),
-- DBeaver / DataGrip (wrapped counts, the group-by panel, a whole-table count), Redash, Evidence,
-- Superset's series limit as an inner join.
-- ---------------------------------------------------------------------------------------------

-- id: tl-grafana-qb-ts | tool-shape: Grafana query builder, time series: $__timeInterval, $__timeFilter's inclusive end, IN filter, LIMIT 1000 | expect: rollup
SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 60 second) as "time", ServiceName, count(*) FROM "otel"."otel_logs" WHERE ( Timestamp >= toDateTime(1717912800) AND Timestamp <= toDateTime(1717956000) ) AND ( ServiceName IN ('cart', 'api') ) GROUP BY ServiceName, time ORDER BY time ASC LIMIT 1000;

-- id: tl-grafana-qb-ts-ms | tool-shape: Grafana query builder, $__timeInterval_ms (milliseconds of a DateTime64(3)) and $__timeFilter_ms | expect: rollup
SELECT toStartOfInterval(toDateTime64(Timestamp, 3), INTERVAL 60000 millisecond) as "time", count(*) FROM "otel"."otel_logs" WHERE ( Timestamp >= fromUnixTimestamp64Milli(1717912800000) AND Timestamp <= fromUnixTimestamp64Milli(1717956000000) ) GROUP BY time ORDER BY time ASC LIMIT 1000;

-- id: tl-grafana-qb-ts-5m | tool-shape: Grafana query builder, a five-minute interval in milliseconds, $__fromTime / $__toTime | expect: rollup
SELECT toStartOfInterval(toDateTime64(Timestamp, 3), INTERVAL 300000 millisecond) as "time", ServiceName, count(*) FROM "otel"."otel_logs" WHERE ( Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) ) GROUP BY ServiceName, time ORDER BY time ASC LIMIT 1000;

-- id: tl-grafana-qb-table | tool-shape: Grafana query builder, table in aggregate mode, unaliased aggregates, IN filter | expect: rollup
SELECT ServiceName, count(*), uniq(TraceId) FROM "otel"."otel_logs" WHERE ( Timestamp >= toDateTime(1717912800) AND Timestamp <= toDateTime(1717956000) ) AND ( SeverityText IN ('ERROR', 'WARN') ) GROUP BY ServiceName LIMIT 1000;

-- id: tl-grafana-qb-traces-table | tool-shape: Grafana query builder, traces table: count and avg with aliases, equality filter | expect: rollup
-- note: dep-StatusCode
SELECT ServiceName, count(*) as "count", avg(Duration) as "avg" FROM "otel"."otel_traces" WHERE ( Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) ) AND ( StatusCode = 'Error' ) GROUP BY ServiceName ORDER BY "count" DESC LIMIT 1000;

-- id: tl-grafana-fromtime-intdiv | tool-shape: Grafana plugin, $__fromTime as toDateTime(intDiv(ms, 1000)) | expect: rollup
SELECT ServiceName, count(*) FROM "otel"."otel_logs" WHERE ( Timestamp >= toDateTime(intDiv(1717912800000,1000)) AND Timestamp < toDateTime(intDiv(1717956000000,1000)) ) GROUP BY ServiceName LIMIT 1000;

-- id: tl-grafana-datefilter | tool-shape: Grafana plugin, $__dateFilter on toDate of the time (inclusive days) | expect: rollup
SELECT ServiceName, count(*) FROM "otel"."otel_logs" WHERE toDate(Timestamp) >= toDate('2024-06-09') AND toDate(Timestamp) <= toDate('2024-06-10') GROUP BY ServiceName;

-- id: tl-grafana-logs-volume | tool-shape: Grafana plugin, logs volume: per-level sums of IN over the severity | expect: rollup
SELECT toStartOfInterval("Timestamp", INTERVAL 60 second) AS time, sum(toString("SeverityText") IN ('ERROR', 'error')) AS error, sum(toString("SeverityText") IN ('WARN', 'warn')) AS warn, count(*) as logs FROM "otel"."otel_logs" WHERE ( Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) ) GROUP BY time ORDER BY time ASC;

-- id: tl-grafana-logs-builder | tool-shape: Grafana query builder, logs: rows with their body | expect: passthrough
-- note: Body is read row by row: no rollup holds it
SELECT Timestamp as "timestamp", Body as "body", SeverityText as "level" FROM "otel"."otel_logs" WHERE ( Timestamp >= toDateTime(1717912800) AND Timestamp <= toDateTime(1717956000) ) ORDER BY timestamp DESC LIMIT 1000;

-- id: tl-hdx-bucket | tool-shape: HyperDX v2, __hdx_time_bucket over toDateTime of the time, the inclusive end HyperDX writes | expect: rollup
SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 minute) AS `__hdx_time_bucket`, count() AS "count()" FROM otel.otel_logs WHERE (Timestamp >= fromUnixTimestamp64Milli(1717912800000) AND Timestamp <= fromUnixTimestamp64Milli(1717956000000)) GROUP BY `__hdx_time_bucket` ORDER BY `__hdx_time_bucket`;

-- id: tl-hdx-fill | tool-shape: HyperDX v2, a grouped series ordered WITH FILL over the window's buckets | expect: rollup
SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 minute) AS `__hdx_time_bucket`, ServiceName, count() FROM otel.otel_logs WHERE (Timestamp >= fromUnixTimestamp64Milli(1717912800000) AND Timestamp < fromUnixTimestamp64Milli(1717956000000)) GROUP BY ServiceName, `__hdx_time_bucket` ORDER BY `__hdx_time_bucket` WITH FILL FROM toUnixTimestamp(toStartOfInterval(fromUnixTimestamp64Milli(1717912800000), INTERVAL 1 minute)) TO toUnixTimestamp(toStartOfInterval(fromUnixTimestamp64Milli(1717956000000), INTERVAL 1 minute)) STEP 60 LIMIT 100000;

-- id: tl-hdx-countif | tool-shape: HyperDX v2, countIf over a dimension named by its own text | expect: rollup
SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 5 minute) AS `__hdx_time_bucket`, countIf(SeverityText = 'ERROR') AS "countIf(SeverityText = 'ERROR')" FROM otel.otel_logs WHERE (Timestamp >= fromUnixTimestamp64Milli(1717912800000) AND Timestamp < fromUnixTimestamp64Milli(1717956000000)) GROUP BY `__hdx_time_bucket` ORDER BY `__hdx_time_bucket`;

-- id: tl-hdx-p99 | tool-shape: HyperDX v2, quantile(0.99) of the duration per service | expect: rollup
-- note: dep-StatusCode
SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 minute) AS `__hdx_time_bucket`, quantile(0.99)(Duration) AS "quantile(0.99)(Duration)", ServiceName FROM otel.otel_traces WHERE (Timestamp >= fromUnixTimestamp64Milli(1717912800000) AND Timestamp < fromUnixTimestamp64Milli(1717956000000)) GROUP BY ServiceName, `__hdx_time_bucket` ORDER BY `__hdx_time_bucket`, ServiceName;

-- id: tl-hdx-ratio | tool-shape: HyperDX v2, a ratio of two aggregates (error rate of spans) | expect: rollup
-- note: dep-StatusCode
SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 minute) AS `__hdx_time_bucket`, countIf(StatusCode = 'Error') / count() AS error_rate FROM otel.otel_traces WHERE (Timestamp >= fromUnixTimestamp64Milli(1717912800000) AND Timestamp < fromUnixTimestamp64Milli(1717956000000)) GROUP BY `__hdx_time_bucket` ORDER BY `__hdx_time_bucket`;

-- id: tl-hdx-cte | tool-shape: HyperDX v2, the chart's query as a CTE read by an outer select | expect: rollup
WITH source AS (SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 minute) AS `__hdx_time_bucket`, count() AS c FROM otel.otel_logs WHERE (Timestamp >= fromUnixTimestamp64Milli(1717912800000) AND Timestamp < fromUnixTimestamp64Milli(1717956000000)) GROUP BY `__hdx_time_bucket`) SELECT * FROM source ORDER BY `__hdx_time_bucket`;

-- id: tl-hdx-p95 | tool-shape: HyperDX v2, quantile(0.95): a level no rollup stores | expect: passthrough
-- note: r_traces stores quantile(0.99) only; another level's state is no answer
SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 minute) AS `__hdx_time_bucket`, quantile(0.95)(Duration) AS p95 FROM otel.otel_traces WHERE (Timestamp >= fromUnixTimestamp64Milli(1717912800000) AND Timestamp < fromUnixTimestamp64Milli(1717956000000)) GROUP BY `__hdx_time_bucket` ORDER BY `__hdx_time_bucket`;

-- id: tl-hdx-count-distinct | tool-shape: HyperDX v2 / Lightdash, count(DISTINCT) is exact: uniq's state is an estimate | expect: passthrough
-- note: count(DISTINCT x) is uniqExact; the rollup keeps uniq
SELECT count(DISTINCT TraceId) FROM otel.otel_logs WHERE (Timestamp >= fromUnixTimestamp64Milli(1717912800000) AND Timestamp < fromUnixTimestamp64Milli(1717956000000));

-- id: tl-hdx-avg-float | tool-shape: HyperDX v2, avg of a number parsed from the column's text | expect: passthrough
-- note: a Float64 average of a conversion, not the stored integer sum and count
SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 minute) AS `__hdx_time_bucket`, avg(toFloat64OrDefault(toString(Duration))) AS v FROM otel.otel_traces WHERE (Timestamp >= fromUnixTimestamp64Milli(1717912800000) AND Timestamp < fromUnixTimestamp64Milli(1717956000000)) GROUP BY `__hdx_time_bucket` ORDER BY `__hdx_time_bucket`;

-- id: tl-lightdash-hour | tool-shape: Lightdash, DATE_TRUNC('HOUR', ...), parenthesised string bounds, GROUP BY 1, LIMIT 500 | expect: rollup
SELECT DATE_TRUNC('HOUR', "otel_logs".Timestamp) AS "otel_logs_timestamp_hour", COUNT(*) AS "otel_logs_count" FROM "otel"."otel_logs" AS "otel_logs" WHERE (("otel_logs".Timestamp) >= ('2024-06-10 00:00:00') AND ("otel_logs".Timestamp) < ('2024-06-11 00:00:00')) GROUP BY 1 ORDER BY "otel_logs_timestamp_hour" DESC LIMIT 500;

-- id: tl-lightdash-metrics-cte | tool-shape: Lightdash, a metric filter over a metrics CTE | expect: rollup
WITH metrics AS (SELECT "otel_logs".ServiceName AS "otel_logs_service_name", COUNT(*) AS "otel_logs_count" FROM "otel"."otel_logs" AS "otel_logs" WHERE (("otel_logs".Timestamp) >= ('2024-06-09 00:00:00') AND ("otel_logs".Timestamp) < ('2024-06-11 00:00:00')) GROUP BY 1) SELECT * FROM metrics WHERE (("otel_logs_count") > (10)) ORDER BY "otel_logs_count" DESC LIMIT 500;

-- id: tl-rill-ts | tool-shape: Rill, date_trunc with a zone, the bucket aliased by the column's name, ORDER BY 1 NULLS LAST | expect: rollup
SELECT date_trunc('hour', "Timestamp", 'UTC') AS "Timestamp", count(*) AS "total_records" FROM "otel"."otel_logs" WHERE ("Timestamp" >= parseDateTime64BestEffort('2024-06-10T00:00:00Z') AND "Timestamp" < parseDateTime64BestEffort('2024-06-11T00:00:00Z')) GROUP BY 1 ORDER BY 1 NULLS LAST LIMIT 100;

-- id: tl-rill-ts-cast | tool-shape: Rill, the time cast to DateTime64 and moved to the zone before its bucket | expect: rollup
SELECT toStartOfInterval(toTimeZone("Timestamp"::DateTime64, 'UTC'), INTERVAL 1 HOUR) AS "ts", count(*) AS "total_records" FROM "otel"."otel_logs" WHERE ("Timestamp" >= parseDateTime64BestEffort('2024-06-10T00:00:00Z') AND "Timestamp" < parseDateTime64BestEffort('2024-06-11T00:00:00Z')) GROUP BY 1 ORDER BY 1 NULLS LAST LIMIT 100;

-- id: tl-rill-toplist | tool-shape: Rill, a dimension's top list: WHERE 1=1, parseDateTime64BestEffort without a precision | expect: rollup
SELECT "ServiceName" AS "ServiceName", count(*) AS "total_records" FROM "otel"."otel_logs" WHERE 1=1 AND ("Timestamp" >= parseDateTime64BestEffort('2024-06-10T00:00:00Z') AND "Timestamp" < parseDateTime64BestEffort('2024-06-11T00:00:00Z')) GROUP BY 1 ORDER BY "total_records" DESC NULLS LAST LIMIT 250;

-- id: tl-rill-totals | tool-shape: Rill, the totals row with an IN filter | expect: rollup
SELECT count(*) AS "total_records" FROM "otel"."otel_logs" WHERE ("SeverityText" IN ('ERROR','WARN')) AND ("Timestamp" >= parseDateTime64BestEffort('2024-06-10T00:00:00Z') AND "Timestamp" < parseDateTime64BestEffort('2024-06-11T00:00:00Z'));

-- id: tl-pbi-rows | tool-shape: Power BI DirectQuery folding, the "rows" derived table with columns qualified by `_`, an outer NOT NULL filter and limit 1000001 | expect: rollup
select `_`.`ServiceName`, `_`.`a0` from (select `rows`.`ServiceName` as `ServiceName`, count(1) as `a0` from (select `_`.`Timestamp`, `_`.`ServiceName` from `otel`.`otel_logs` `_` where `_`.`Timestamp` >= toDateTime('2024-06-10 00:00:00') and `_`.`Timestamp` < toDateTime('2024-06-11 00:00:00')) `rows` group by `ServiceName`) `_` where not `_`.`a0` is null limit 1000001;

-- id: tl-pbi-grouped | tool-shape: Power BI, the grouped query in a derived table filtered outside | expect: rollup
select `_`.`ServiceName`, `_`.`a0` from (select `ServiceName`, count(1) as `a0` from `otel`.`otel_logs` where `Timestamp` >= toDateTime('2024-06-10 00:00:00') and `Timestamp` < toDateTime('2024-06-11 00:00:00') group by `ServiceName`) `_` where not `_`.`a0` is null limit 1000001;

-- id: tl-sqla-qualified | tool-shape: SQLAlchemy (clickhouse-sqlalchemy), columns qualified by the table's name, count_1 | expect: rollup
SELECT otel_logs.ServiceName, count(*) AS count_1 FROM otel.otel_logs WHERE otel_logs.Timestamp >= '2024-06-10 08:00:00' AND otel_logs.Timestamp < '2024-06-10 14:00:00' GROUP BY otel_logs.ServiceName;

-- id: tl-sqla-anon | tool-shape: SQLAlchemy, a grouped anon_1 subquery read by its alias | expect: rollup
SELECT anon_1."ServiceName", anon_1.c FROM (SELECT "ServiceName", count(*) AS c FROM otel.otel_logs WHERE "Timestamp" >= '2024-06-10 08:00:00' AND "Timestamp" < '2024-06-10 14:00:00' GROUP BY "ServiceName") AS anon_1 ORDER BY anon_1.c DESC, anon_1."ServiceName";

-- id: tl-sqla-select-from | tool-shape: SQLAlchemy, select_from() of a projecting anon_1 whose columns are qualified by the table | expect: rollup
SELECT anon_1."ServiceName", count(*) AS count_1 FROM (SELECT otel_logs."ServiceName" AS "ServiceName", otel_logs."Timestamp" AS "Timestamp" FROM otel.otel_logs) AS anon_1 WHERE anon_1."Timestamp" >= '2024-06-10 08:00:00' AND anon_1."Timestamp" < '2024-06-10 14:00:00' GROUP BY anon_1."ServiceName";

-- id: tl-dbvr-count-query | tool-shape: DBeaver, "calculate total row count" of a grouped query | expect: rollup
SELECT COUNT(*) FROM (SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp >= '2024-06-10 08:00:00' AND Timestamp < '2024-06-10 14:00:00' GROUP BY ServiceName) dbvrcnt;

-- id: tl-dbvr-groupby-panel | tool-shape: DBeaver, the grouping panel over a filtered SELECT *, ORDER BY 2 | expect: rollup
SELECT ServiceName, COUNT(*) FROM (SELECT * FROM otel.otel_logs WHERE Timestamp >= '2024-06-10 08:00:00' AND Timestamp < '2024-06-10 14:00:00') GROUP BY ServiceName ORDER BY 2 DESC, 1;

-- id: tl-datagrip-count | tool-shape: DataGrip / DBeaver, the table's row count | expect: rollup
-- note: no time window: exact because the rollups hold every row (no retention; the ledger says the backfill reached the oldest)
select count(*) from otel.otel_logs;

-- id: tl-ss-series-limit-join | tool-shape: Superset, series limit as an inner join with the top series (ServiceName__, mme_inner__, series_limit) | expect: rollup
SELECT toStartOfHour(toDateTime("Timestamp")) AS "__timestamp", "ServiceName" AS "ServiceName", count(*) AS "count" FROM "otel"."otel_logs" JOIN (SELECT "ServiceName" AS "ServiceName__", count(*) AS "mme_inner__" FROM "otel"."otel_logs" WHERE "Timestamp" >= toDateTime('2024-06-09 00:00:00') AND "Timestamp" < toDateTime('2024-06-10 00:00:00') GROUP BY "ServiceName" ORDER BY "mme_inner__" DESC LIMIT 5) AS "series_limit" ON "ServiceName" = "ServiceName__" WHERE "Timestamp" >= toDateTime('2024-06-09 00:00:00') AND "Timestamp" < toDateTime('2024-06-10 00:00:00') GROUP BY "ServiceName", toStartOfHour(toDateTime("Timestamp")) ORDER BY "count" DESC LIMIT 10000;

-- id: tl-series-limit-in | tool-shape: the top series as an IN subquery over the same table (its Timestamp is its own column): both levels read the rollup | expect: rollup
SELECT toStartOfHour(toDateTime("Timestamp")) AS "__timestamp", "ServiceName" AS "ServiceName", count(*) AS "count" FROM "otel"."otel_logs" WHERE "ServiceName" IN (SELECT "ServiceName" FROM "otel"."otel_logs" WHERE "Timestamp" >= toDateTime('2024-06-09 00:00:00') AND "Timestamp" < toDateTime('2024-06-10 00:00:00') GROUP BY "ServiceName" ORDER BY count(*) DESC LIMIT 5) AND "Timestamp" >= toDateTime('2024-06-09 00:00:00') AND "Timestamp" < toDateTime('2024-06-10 00:00:00') GROUP BY "ServiceName", toStartOfHour(toDateTime("Timestamp")) ORDER BY "count" DESC LIMIT 10000;

-- id: tl-redash-between-dates | tool-shape: Redash, a date-range parameter substituted into BETWEEN on toDate | expect: rollup
SELECT toDate(Timestamp) AS day, count(*) AS logs FROM otel.otel_logs WHERE toDate(Timestamp) BETWEEN '2024-06-03' AND '2024-06-09' GROUP BY day ORDER BY day;

-- id: tl-evidence-month | tool-shape: Evidence source query, every month of the table | expect: rollup
-- note: no time window: exact because the rollups hold every row
SELECT toStartOfMonth(Timestamp) AS month, count(*) AS logs FROM otel.otel_logs GROUP BY month ORDER BY month;

-- id: tl-cast-second | tool-shape: analyst, the time cast to DateTime and grouped by it: each second, finer than the grain | expect: passthrough
-- note: a cast to DateTime keeps seconds: no bucket the rollup holds
SELECT CAST(Timestamp AS DateTime) AS s, count() AS c FROM otel.otel_logs WHERE Timestamp >= '2024-06-10 00:00:00' AND Timestamp < '2024-06-10 01:00:00' GROUP BY s ORDER BY s;

-- id: tl-grafana-logs-volume-ci | tool-shape: Grafana plugin, logs volume summing multiSearchAnyCaseInsensitive over the level | expect: rollup
SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 60 second) as time, sum(multiSearchAnyCaseInsensitive(toString(SeverityText),['critical','fatal','crit','emerg'])) as critical, sum(multiSearchAnyCaseInsensitive(toString(SeverityText), ['error','err','eror'])) as error, sum(multiSearchAnyCaseInsensitive(toString(SeverityText), ['warn','warning'])) as warn, count(*) as logs FROM "otel"."otel_logs" WHERE ( Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) ) GROUP BY time ORDER BY time ASC;

-- id: tl-grafana-adhoc | tool-shape: Grafana plugin, an ad-hoc filter as additional_table_filters | expect: rollup
SELECT ServiceName, count(*) FROM "otel"."otel_logs" WHERE ( Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) ) GROUP BY ServiceName settings additional_table_filters={'otel_logs' : ' SeverityText = \'ERROR\' '};

-- id: tl-grafana-ms-epoch | tool-shape: Grafana panel written by hand, milliseconds since the epoch between $__from and $__to, bucketed by intDiv | expect: rollup
SELECT intDiv(toUnixTimestamp64Milli(Timestamp), 60000) * 60000 AS t, ServiceName, count() AS c FROM otel.otel_logs WHERE toUnixTimestamp64Milli(Timestamp) BETWEEN 1717912800000 AND 1717956000000 GROUP BY t, ServiceName ORDER BY t;

-- id: tl-grafana-ms-epoch-ragged | tool-shape: Grafana panel written by hand, $__from / $__to in milliseconds off the minute | expect: rollup
SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE toUnixTimestamp64Milli(Timestamp) >= 1717912812345 AND toUnixTimestamp64Milli(Timestamp) < 1717955987654 GROUP BY ServiceName ORDER BY ServiceName;

-- id: tl-grafana-iso-from | tool-shape: Grafana panel written by hand, ${__from:date:iso} / ${__to:date:iso} (ISO instants with Z) | expect: passthrough
-- note: the server refuses the bare ISO string against the DateTime64 column (date_time_input_format basic): the same error through noemata
SELECT toStartOfHour(Timestamp) AS h, count() AS c FROM otel.otel_logs WHERE Timestamp >= '2024-06-09T06:00:00.000Z' AND Timestamp < '2024-06-09T18:00:00.000Z' GROUP BY h ORDER BY h;

-- id: tl-evidence-iso-offset | tool-shape: Evidence / a JavaScript client, ISO bounds with an offset | expect: passthrough
-- note: refused by the server like tl-grafana-iso-from
SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp >= '2024-06-09T08:00:00+02:00' AND Timestamp < '2024-06-09T20:00:00+02:00' GROUP BY ServiceName;

-- id: tl-hibernate-ansi-fetch | tool-shape: Hibernate / Spring Data with an ANSI dialect, OFFSET ... ROWS FETCH FIRST ... ROWS ONLY | expect: rollup
-- params: '2024-06-10 08:00:00', '2024-06-10 14:00:00'
select l1_0.ServiceName,count(*) as c from otel.otel_logs l1_0 where l1_0.Timestamp>=? and l1_0.Timestamp<? group by l1_0.ServiceName order by c desc, l1_0.ServiceName offset 0 rows fetch first 3 rows only;

-- id: tl-ss-pt30m | tool-shape: Superset clickhouse-connect, PT30M grain as intDiv of toUInt32 seconds | expect: rollup
SELECT toDateTime(intDiv(toUInt32(toDateTime("Timestamp")), 1800)*1800) AS "__timestamp", count(*) AS "count" FROM "otel"."otel_logs" WHERE "Timestamp" >= toDateTime('2024-06-10 00:00:00') AND "Timestamp" < toDateTime('2024-06-11 00:00:00') GROUP BY toDateTime(intDiv(toUInt32(toDateTime("Timestamp")), 1800)*1800) LIMIT 10000;

-- id: tl-pbi-date-hierarchy | tool-shape: Power BI, the date hierarchy: year, quarter, month, day | expect: rollup
select toYear(`Timestamp`) as `c1`, toQuarter(`Timestamp`) as `c2`, toMonth(`Timestamp`) as `c3`, toDayOfMonth(`Timestamp`) as `c4`, count(1) as `a0` from `otel`.`otel_logs` group by toYear(`Timestamp`), toQuarter(`Timestamp`), toMonth(`Timestamp`), toDayOfMonth(`Timestamp`);

-- id: tl-pbi-sum-case | tool-shape: Power BI, a measure as SUM(CASE WHEN ... THEN 1 ELSE 0 END) | expect: rollup
select `ServiceName`, sum(case when `SeverityText` = 'ERROR' then 1 else 0 end) as `a0` from `otel`.`otel_logs` where `Timestamp` >= toDateTime('2024-06-10 00:00:00') and `Timestamp` < toDateTime('2024-06-11 00:00:00') group by `ServiceName`;

-- id: tl-hdx-divide | tool-shape: HyperDX v2, a ratio as divide(countIf, count) with the inclusive end | expect: rollup
-- note: dep-StatusCode
SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 minute) AS `__hdx_time_bucket`, divide(countIf(StatusCode = 'Error'), count()) AS r FROM otel.otel_traces WHERE (Timestamp >= fromUnixTimestamp64Milli(1717912800000) AND Timestamp <= fromUnixTimestamp64Milli(1717956000000)) GROUP BY `__hdx_time_bucket` ORDER BY `__hdx_time_bucket`;

-- id: tl-lightdash-distinct-dim | tool-shape: Lightdash, COUNT(DISTINCT) of a dimension per service | expect: rollup
SELECT "otel_logs".ServiceName AS "otel_logs_service_name", COUNT(DISTINCT "otel_logs".SeverityText) AS "otel_logs_levels" FROM "otel"."otel_logs" AS "otel_logs" WHERE (("otel_logs".Timestamp) >= ('2024-06-10 00:00:00') AND ("otel_logs".Timestamp) < ('2024-06-11 00:00:00')) GROUP BY 1 ORDER BY 1 LIMIT 500;

-- id: tl-mb-week-sunday | tool-shape: Metabase, week grain starting on Sunday (toStartOfWeek mode 7) over every row | expect: rollup
-- note: no time window: exact because the rollups hold every row
SELECT toStartOfWeek(`otel`.`otel_logs`.`Timestamp`, 7) AS `Timestamp`, count(*) AS `count` FROM `otel`.`otel_logs` GROUP BY toStartOfWeek(`otel`.`otel_logs`.`Timestamp`, 7) ORDER BY toStartOfWeek(`otel`.`otel_logs`.`Timestamp`, 7) ASC;

-- id: tl-redash-remark | tool-shape: Redash, the query's leading comment with its job's details | expect: rollup
/* Username: admin, Query ID: 12, Queue: queries, Job ID: 4ab, Query Hash: 9f8, Scheduled: False */ SELECT ServiceName, count(*) AS c FROM otel.otel_logs WHERE Timestamp >= '2024-06-10 00:00:00' AND Timestamp < '2024-06-11 00:00:00' GROUP BY ServiceName;

-- id: tl-grafana-root-spans | tool-shape: Grafana plugin, traces: root spans per service (ParentSpanId = '') | expect: passthrough
-- note: ParentSpanId is no dimension of r_traces
SELECT toStartOfInterval(Timestamp, INTERVAL 60 second) as time, ServiceName, count() as c FROM otel.otel_traces WHERE Timestamp >= toDateTime(1717912800) AND Timestamp <= toDateTime(1717956000) AND ParentSpanId = '' GROUP BY time, ServiceName ORDER BY time;

-- id: tl-hdx-server-spans | tool-shape: HyperDX v2, services of server spans (SpanKind filter) | expect: passthrough
-- note: SpanKind is no dimension of r_traces
SELECT ServiceName AS "ServiceName", count() AS "count()" FROM otel.otel_traces WHERE (Timestamp >= fromUnixTimestamp64Milli(1717912800000) AND Timestamp <= fromUnixTimestamp64Milli(1717956000000)) AND (SpanKind IN ('Server', 'SPAN_KIND_SERVER')) GROUP BY ServiceName ORDER BY ServiceName;

-- id: tl-dbt-freshness | tool-shape: dbt source freshness, max of the time column | expect: passthrough
-- note: the rollup keeps minutes, not the latest instant
select max(Timestamp) as max_loaded_at from otel.otel_logs;

-- id: tl-grafana-max-duration | tool-shape: Grafana query builder, max(Duration) | expect: passthrough
-- note: r_traces stores no max
SELECT ServiceName, max(Duration) FROM "otel"."otel_traces" WHERE ( Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) ) GROUP BY ServiceName;

-- id: tl-ms-epoch-fine | tool-shape: analyst, the milliseconds themselves as the group key | expect: passthrough
-- note: finer than the grain
SELECT toUnixTimestamp64Milli(Timestamp) AS t, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717912860) GROUP BY t ORDER BY t;

-- id: tl-datediff-minutes | tool-shape: Metabase custom column / analyst, dateDiff('minute', start, bucket) as the group key | expect: rollup
SELECT dateDiff('minute', toDateTime('2024-06-10 00:00:00'), toStartOfFifteenMinutes(Timestamp)) AS m, count() AS c FROM otel.otel_logs WHERE Timestamp >= '2024-06-10 00:00:00' AND Timestamp < '2024-06-10 06:00:00' GROUP BY m ORDER BY m;

-- id: tl-datediff-raw | tool-shape: analyst, dateDiff('second', start, t): the seconds of each row | expect: passthrough
-- note: reads the time finer than the grain
SELECT dateDiff('second', toDateTime('2024-06-10 00:00:00'), Timestamp) AS s, count() AS c FROM otel.otel_logs WHERE Timestamp >= '2024-06-10 00:00:00' AND Timestamp < '2024-06-10 00:01:00' GROUP BY s ORDER BY s;

-- id: tl-cube-indaterange-day | tool-shape: Cube inDateRange over days, parseDateTimeBestEffort bounds (a DateTime: the end's .999 is cut to 23:59:59) | expect: rollup
SELECT `otel_logs`.ServiceName `otel_logs__service_name`, toStartOfDay(toTimeZone(toDateTime(`otel_logs`.Timestamp), 'UTC'), 'UTC') `otel_logs__timestamp_day`, count(*) `otel_logs__count` FROM otel.otel_logs AS `otel_logs` WHERE (`otel_logs`.Timestamp >= parseDateTimeBestEffort('2024-06-04T00:00:00.000') AND `otel_logs`.Timestamp <= parseDateTimeBestEffort('2024-06-09T23:59:59.999')) GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 10000;

-- id: tl-cast-lower-case | tool-shape: analyst, the time cast to datetime and a bound cast to timestamp (type names the server reads in any case) | expect: rollup
SELECT ServiceName, count() AS c FROM otel.otel_logs WHERE CAST(Timestamp AS datetime) >= '2024-06-10 08:00:00' AND Timestamp < CAST('2024-06-10 14:00:00' AS timestamp) GROUP BY ServiceName ORDER BY ServiceName;

-- id: tl-hdx-count-distinct-uniq | tool-shape: HyperDX number tile, count_distinct with the implementation named in the statement's SETTINGS (here uniq, which the rollup stores) | expect: rollup
SELECT count(DISTINCT TraceId) FROM otel.otel_logs WHERE (Timestamp >= fromUnixTimestamp64Milli(1717912800000) AND Timestamp < fromUnixTimestamp64Milli(1717956000000)) AND (ServiceName = 'checkout') SETTINGS count_distinct_implementation = 'uniq', cast_keep_nullable = 1;

-- id: tl-date-cast-day | tool-shape: Tableau / Power BI, the day as a cast to Date and as DATE() (toDate's alias), filtered by a ::date | expect: rollup
SELECT CAST(Timestamp AS Date) AS d, DATE(Timestamp) AS d2, ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp::date >= '2024-06-05' AND Timestamp < '2024-06-08 00:00:00' GROUP BY d, d2, ServiceName ORDER BY d, ServiceName;

-- ---------------------------------------------------------------------------------------------
-- Derived tables that rename the plain columns they project (2026-12-07): Power BI's folded "rows"
-- with generated names, Tableau's "Custom SQL Query", Trino's pushdown with its own column names,
-- SQL builders naming every column; the outer level filters and groups by the new names. A rename
-- to a name that means something else too reads raw.
-- ---------------------------------------------------------------------------------------------

-- id: tl-pbi-rows-renamed | tool-shape: Power BI DirectQuery folding, the "rows" derived table renaming its columns C1, C2, grouped outside by the new name | expect: rollup
select `rows`.`C1` as `C1`, count(1) as `a0` from (select `_`.`Timestamp` as `C2`, `_`.`ServiceName` as `C1` from `otel`.`otel_logs` `_` where `_`.`Timestamp` >= toDateTime('2024-06-10 00:00:00') and `_`.`Timestamp` < toDateTime('2024-06-11 00:00:00')) `rows` group by `C1` order by `C1` limit 1000001;

-- id: tl-tableau-custom-sql-renamed | tool-shape: Tableau over a Custom SQL Query that renames, SUM(1) as the record count, the window and a severity filter on the new names | expect: rollup
SELECT "Custom SQL Query"."svc" AS "svc", SUM(1) AS "cnt:otel_logs:ok" FROM (SELECT ServiceName AS svc, SeverityText AS sev, Timestamp AS ts FROM otel.otel_logs) "Custom SQL Query" WHERE ("Custom SQL Query"."ts" >= toDateTime('2024-06-09 00:00:00')) AND ("Custom SQL Query"."ts" < toDateTime('2024-06-11 00:00:00')) AND ("Custom SQL Query"."sev" = 'ERROR') GROUP BY "Custom SQL Query"."svc" ORDER BY "svc";

-- id: tl-trino-renamed-scan | tool-shape: Trino, the pushed-down scan with renamed columns, aggregated outside with TIMESTAMP bounds on the renamed time | expect: rollup
SELECT "svc_0", count(*) AS "_pfgnrtd_0" FROM (SELECT "ServiceName" AS "svc_0", "Timestamp" AS "ts_1" FROM "otel"."otel_logs") "o" WHERE (("ts_1" >= timestamp '2024-06-10 00:00:00') AND ("ts_1" < timestamp '2024-06-11 00:00:00')) GROUP BY "svc_0" ORDER BY "svc_0";

-- id: tl-builder-renamed-hourly | tool-shape: SQL builder naming every column, hourly count and uniq over the renamed time, a qualified unaliased key | expect: rollup
SELECT toStartOfHour(t.ts) AS hour, t.service, count(*) AS n, uniq(t.trace) AS traces FROM (SELECT Timestamp AS ts, ServiceName AS service, TraceId AS trace FROM otel.otel_logs WHERE Timestamp >= '2024-06-10 00:00:00' AND Timestamp < '2024-06-11 00:00:00') t GROUP BY hour, t.service ORDER BY hour, t.service;

-- id: tl-builder-renamed-traces | tool-shape: SQL builder over traces, hourly avg and p99 of a renamed Duration by renamed service | expect: rollup
SELECT toStartOfHour(ts) AS h, svc, avg(dur) AS avg_duration, quantile(0.99)(dur) AS p99 FROM (SELECT ServiceName AS svc, Duration AS dur, Timestamp AS ts FROM otel.otel_traces) x WHERE ts >= toDateTime('2024-06-10 00:00:00') AND ts < toDateTime('2024-06-11 00:00:00') GROUP BY h, svc ORDER BY h, svc;

-- id: tl-builder-renamed-ragged | tool-shape: SQL builder, error lines by renamed service over a window off the grain (the raw edges under the union), the severity renamed in WHERE | expect: rollup
SELECT s, count() AS errors FROM (SELECT ServiceName AS s, SeverityNumber AS n, Timestamp AS ts FROM otel.otel_logs) q WHERE ts >= toDateTime(1717912830) AND ts < toDateTime(1717999200) AND n >= 17 GROUP BY s ORDER BY errors DESC, s;

-- id: tl-renamed-to-other-column | tool-shape: a rename to another column's name (ServiceName AS SeverityText): over the rollup both would be visible | expect: passthrough
SELECT SeverityText, count() AS c FROM (SELECT ServiceName AS SeverityText, Timestamp FROM otel.otel_logs WHERE Timestamp >= '2024-06-10 00:00:00' AND Timestamp < '2024-06-11 00:00:00') t GROUP BY SeverityText ORDER BY SeverityText;

-- id: tl-renamed-old-name | tool-shape: the outer level names a renamed column by its old name: the server refuses it, and must through noemata too | expect: passthrough
SELECT ServiceName, count() AS c FROM (SELECT ServiceName AS svc, Timestamp FROM otel.otel_logs WHERE Timestamp >= '2024-06-10 00:00:00' AND Timestamp < '2024-06-11 00:00:00') t GROUP BY ServiceName;

-- id: tl-renamed-shadowed | tool-shape: an outer alias that takes a renamed column's old name | expect: passthrough
SELECT svc AS ServiceName, count() AS c FROM (SELECT ServiceName AS svc, Timestamp FROM otel.otel_logs WHERE Timestamp >= '2024-06-10 00:00:00' AND Timestamp < '2024-06-11 00:00:00') t GROUP BY ServiceName ORDER BY ServiceName;

-- ---------------------------------------------------------------------------------------------
-- Derived tables read by an outer level that only selects, filters or aggregates (2026-12-07):
-- Power BI's grouped "ITBL" with generated names, Superset virtual datasets and Metabase models
-- whose filters sit inside, and custom SQL written in ClickHouse's style, whose WHERE names the
-- level's own aliases.
-- ---------------------------------------------------------------------------------------------

-- id: tl-pbi-itbl | tool-shape: Power BI DirectQuery, the grouped query in an ITBL derived table under generated names C1, C2, ordered and limited outside | expect: rollup
select `C1`, `C2` from (select `ServiceName` as `C1`, count(1) as `C2` from `otel`.`otel_logs` where `Timestamp` >= toDateTime('2024-06-10 00:00:00') and `Timestamp` < toDateTime('2024-06-11 00:00:00') group by `ServiceName`) as `ITBL` order by `C2` desc limit 1000001;

-- id: tl-pbi-itbl-qualified | tool-shape: Power BI, ITBL's columns qualified outside, two keys and a filter inside | expect: rollup
select `ITBL`.`C1`, `ITBL`.`C2`, `ITBL`.`C3` from (select `ServiceName` as `C1`, `SeverityText` as `C2`, count(1) as `C3` from `otel`.`otel_logs` where `SeverityText` in ('ERROR', 'WARN') and `Timestamp` >= toDateTime('2024-06-10 00:00:00') and `Timestamp` < toDateTime('2024-06-11 00:00:00') group by `ServiceName`, `SeverityText`) as `ITBL` order by `ITBL`.`C3` desc, `ITBL`.`C1`, `ITBL`.`C2` limit 1000001;

-- id: tl-ss-virtual-filtered | tool-shape: Superset virtual dataset whose SQL filters, the chart's window and PT1H grain outside | expect: rollup
SELECT toStartOfHour(toDateTime("Timestamp")) AS "__timestamp", "ServiceName" AS "ServiceName", count(*) AS "count" FROM (SELECT * FROM otel.otel_logs WHERE SeverityText = 'ERROR') AS virtual_table WHERE "Timestamp" >= toDateTime('2024-06-10 00:00:00') AND "Timestamp" < toDateTime('2024-06-11 00:00:00') GROUP BY toStartOfHour(toDateTime("Timestamp")), "ServiceName" ORDER BY "count" DESC LIMIT 10000;

-- id: tl-ss-virtual-window-inside | tool-shape: Superset virtual dataset holding the window and a filter itself, a table chart outside | expect: rollup
SELECT "ServiceName" AS "ServiceName", count(*) AS "count" FROM (SELECT * FROM otel.otel_logs WHERE Timestamp >= toDateTime('2024-06-10 00:00:00') AND Timestamp < toDateTime('2024-06-11 00:00:00') AND SeverityText IN ('ERROR', 'WARN')) AS virtual_table GROUP BY "ServiceName" ORDER BY "count" DESC LIMIT 10000;

-- id: tl-mb-model-filtered | tool-shape: Metabase question over a model that projects qualified columns and filters inside, the window outside | expect: rollup
SELECT `source`.`ServiceName` AS `ServiceName`, count(*) AS `count` FROM (SELECT `otel`.`otel_logs`.`ServiceName` AS `ServiceName`, `otel`.`otel_logs`.`Timestamp` AS `Timestamp`, `otel`.`otel_logs`.`SeverityText` AS `SeverityText` FROM `otel`.`otel_logs` WHERE `otel`.`otel_logs`.`SeverityText` = 'ERROR') AS `source` WHERE (`source`.`Timestamp` >= parseDateTimeBestEffort('2024-06-10T00:00:00Z')) AND (`source`.`Timestamp` < parseDateTimeBestEffort('2024-06-11T00:00:00Z')) GROUP BY `source`.`ServiceName` ORDER BY `count` DESC, `source`.`ServiceName` ASC;

-- id: tl-mb-nested-aggregated | tool-shape: Metabase nested question: a filter on the aggregate of a summarized source | expect: rollup
SELECT `source`.`ServiceName` AS `ServiceName`, `source`.`count` AS `count` FROM (SELECT `otel`.`otel_logs`.`ServiceName` AS `ServiceName`, count(*) AS `count` FROM `otel`.`otel_logs` WHERE (`otel`.`otel_logs`.`Timestamp` >= parseDateTimeBestEffort('2024-06-10T00:00:00Z')) AND (`otel`.`otel_logs`.`Timestamp` < parseDateTimeBestEffort('2024-06-11T00:00:00Z')) GROUP BY `otel`.`otel_logs`.`ServiceName`) AS `source` WHERE `source`.`count` > 10 LIMIT 2000;

-- id: tl-custom-sql-where-alias | tool-shape: Tableau Custom SQL written in ClickHouse's style, its WHERE naming its own aliases (the window and the severity), SUM(1) outside | expect: rollup
SELECT "Custom SQL Query"."svc" AS "svc", SUM(1) AS "cnt" FROM (SELECT ServiceName AS svc, SeverityText AS sev, Timestamp AS ts FROM otel.otel_logs WHERE ts >= '2024-06-10 00:00:00' AND ts < '2024-06-11 00:00:00' AND sev = 'ERROR') "Custom SQL Query" GROUP BY "Custom SQL Query"."svc" ORDER BY "svc";

-- id: tl-custom-sql-where-alias-ragged | tool-shape: custom SQL whose WHERE bounds its renamed time off the grain (the raw edges), grouped outside by the new name | expect: rollup
SELECT s, count() AS c FROM (SELECT ServiceName AS s, Timestamp AS ts FROM otel.otel_logs WHERE ts >= toDateTime(1717912830) AND ts < toDateTime(1717999200)) q GROUP BY s ORDER BY c DESC, s;

-- id: tl-custom-sql-where-table-alias | tool-shape: a derived table's WHERE naming its alias through the table's alias (l.svc): no column of the table, the server refuses it | expect: passthrough
SELECT svc, count() AS c FROM (SELECT ServiceName AS svc, Timestamp FROM otel.otel_logs AS l WHERE Timestamp >= '2024-06-10 00:00:00' AND Timestamp < '2024-06-11 00:00:00' AND l.svc = 'checkout') t GROUP BY svc;

-- id: tl-ss-virtual-limited | tool-shape: Superset virtual dataset with a LIMIT of its own (here above the table's rows, so the answer is one) | expect: passthrough
-- note: a LIMIT inside the derived table: which rows it keeps is the server's choice, no rollup holds them
SELECT "ServiceName" AS "ServiceName", count(*) AS "count" FROM (SELECT * FROM otel.otel_logs WHERE Timestamp >= toDateTime('2024-06-10 00:00:00') AND Timestamp < toDateTime('2024-06-11 00:00:00') LIMIT 1000000000) AS virtual_table GROUP BY "ServiceName" ORDER BY "count" DESC LIMIT 10000;

-- CTEs that only filter or project the table, read once by the level defining them (2026-12-07):
-- Looker writes a derived table as a WITH, dbt an ephemeral model as __dbt__cte__<name>.

-- id: tl-looker-derived-cte | tool-shape: Looker derived table as a CTE renaming its columns, the explore qualified by its name with dotted aliases, GROUP BY 1 | expect: rollup
WITH logs_dt AS (SELECT ServiceName AS service, SeverityText AS severity, Timestamp AS ts FROM otel.otel_logs) SELECT logs_dt.service AS `logs_dt.service`, COUNT(*) AS `logs_dt.count` FROM logs_dt WHERE ((logs_dt.ts >= toDateTime('2024-06-10 00:00:00') AND logs_dt.ts < toDateTime('2024-06-11 00:00:00'))) AND (logs_dt.severity = 'ERROR') GROUP BY 1 ORDER BY 2 DESC LIMIT 500;

-- id: tl-looker-derived-cte-hourly | tool-shape: Looker, an hourly dimension group over a derived-table CTE, window off the grain (the raw edges) | expect: rollup
WITH logs_dt AS (SELECT ServiceName AS service, Timestamp AS ts FROM otel.otel_logs) SELECT toStartOfHour(logs_dt.ts) AS `logs_dt.ts_hour`, logs_dt.service AS `logs_dt.service`, COUNT(*) AS `logs_dt.count` FROM logs_dt WHERE ((logs_dt.ts >= toDateTime(1717912830) AND logs_dt.ts < toDateTime(1717999200))) GROUP BY 1, 2 ORDER BY 1, 2 LIMIT 500;

-- id: tl-dbt-ephemeral | tool-shape: dbt model over an ephemeral staging model inlined as __dbt__cte__, GROUP BY 1 | expect: rollup
with __dbt__cte__stg_logs as (select ServiceName as service_name, SeverityText as severity, Timestamp as logged_at from otel.otel_logs where SeverityText in ('ERROR', 'WARN')) select service_name, count(*) as n from __dbt__cte__stg_logs where logged_at >= '2024-06-10 00:00:00' and logged_at < '2024-06-11 00:00:00' group by 1 order by 1;

-- id: tl-cte-virtual-filtered | tool-shape: a virtual dataset as a CTE holding the window, the chart reading it | expect: rollup
WITH virtual_table AS (SELECT * FROM otel.otel_logs WHERE Timestamp >= toDateTime('2024-06-10 00:00:00') AND Timestamp < toDateTime('2024-06-11 00:00:00')) SELECT "ServiceName" AS "ServiceName", count(*) AS "count" FROM virtual_table GROUP BY "ServiceName" ORDER BY "count" DESC LIMIT 10000;

-- id: tl-cte-two-readers | tool-shape: a filtering CTE read twice (a top-N filter over itself): the body rewritten for one reader would change the other's rows | expect: passthrough
-- note: both readers read the table
WITH v AS (SELECT * FROM otel.otel_logs WHERE Timestamp >= toDateTime('2024-06-10 00:00:00') AND Timestamp < toDateTime('2024-06-11 00:00:00')) SELECT ServiceName, count(*) AS c FROM v WHERE ServiceName IN (SELECT ServiceName FROM v WHERE SeverityText = 'ERROR') GROUP BY ServiceName ORDER BY ServiceName;

-- Derived tables returning the table's qualified star (2026-12-07), as custom SQL written against an
-- aliased table sends it.

-- id: tl-tableau-custom-sql-star | tool-shape: Tableau over a Custom SQL Query returning l.* with a filter, the window and SUM(1) outside | expect: rollup
SELECT "Custom SQL Query"."ServiceName" AS "ServiceName", SUM(1) AS "cnt:otel_logs:ok" FROM (SELECT l.* FROM otel.otel_logs l WHERE l.SeverityText = 'ERROR') "Custom SQL Query" WHERE ("Custom SQL Query"."Timestamp" >= toDateTime('2024-06-09 00:00:00')) AND ("Custom SQL Query"."Timestamp" < toDateTime('2024-06-11 00:00:00')) GROUP BY "Custom SQL Query"."ServiceName" ORDER BY "ServiceName";

-- id: tl-mb-native-source-star | tool-shape: Metabase question over a native query returning otel.otel_logs.*, a window off the grain (the raw edges) | expect: rollup
SELECT `source`.`SeverityText` AS `SeverityText`, count(*) AS `count` FROM (SELECT otel.otel_logs.* FROM otel.otel_logs) AS `source` WHERE (`source`.`Timestamp` >= parseDateTimeBestEffort('2024-06-10T08:00:30Z')) AND (`source`.`Timestamp` < parseDateTimeBestEffort('2024-06-10T14:00:00Z')) GROUP BY `source`.`SeverityText` ORDER BY `source`.`SeverityText` ASC;

-- id: tl-star-other-qualifier | tool-shape: a derived table's star qualified by a name it does not read: the server refuses it, and must through noemata too | expect: passthrough
SELECT ServiceName, count(*) AS c FROM (SELECT z.* FROM otel.otel_logs WHERE Timestamp >= '2024-06-10 00:00:00' AND Timestamp < '2024-06-11 00:00:00') x GROUP BY ServiceName;

-- Derived tables over derived tables that only filter or project under the same names (2026-12-07):
-- Metabase's nested questions, Power BI's nested folds.

-- id: tl-mb-nested-question | tool-shape: Metabase nested question over a saved question that projects qualified columns and filters, the window outside | expect: rollup
SELECT `source`.`ServiceName` AS `ServiceName`, count(*) AS `count` FROM (SELECT `source`.`ServiceName` AS `ServiceName`, `source`.`Timestamp` AS `Timestamp` FROM (SELECT `otel`.`otel_logs`.`ServiceName` AS `ServiceName`, `otel`.`otel_logs`.`Timestamp` AS `Timestamp`, `otel`.`otel_logs`.`SeverityText` AS `SeverityText` FROM `otel`.`otel_logs`) AS `source` WHERE `source`.`SeverityText` = 'ERROR') AS `source` WHERE (`source`.`Timestamp` >= parseDateTimeBestEffort('2024-06-10T00:00:00Z')) AND (`source`.`Timestamp` < parseDateTimeBestEffort('2024-06-11T00:00:00Z')) GROUP BY `source`.`ServiceName` ORDER BY `count` DESC, `source`.`ServiceName` ASC;

-- id: tl-pbi-nested-fold | tool-shape: Power BI DirectQuery, folded steps as nested `_` derived tables (a filter step over the source, a column selection over it), limit 1000001 | expect: rollup
select `_`.`ServiceName`, count(1) as `a0` from (select `_`.`ServiceName`, `_`.`Timestamp` from (select * from `otel`.`otel_logs` `_` where `_`.`SeverityText` in ('ERROR', 'WARN')) `_` where `_`.`Timestamp` >= toDateTime('2024-06-10 00:00:00') and `_`.`Timestamp` < toDateTime('2024-06-11 00:00:00')) `_` group by `_`.`ServiceName` limit 1000001;

-- id: tl-nested-star-ragged | tool-shape: a star over a projecting scan, the window off the grain in the level between (the raw edges) | expect: rollup
SELECT ServiceName, count(*) AS c FROM (SELECT a.* FROM (SELECT ServiceName, SeverityText, Timestamp FROM otel.otel_logs) a WHERE a.SeverityText = 'ERROR' AND a.Timestamp >= toDateTime(1717912830) AND a.Timestamp < toDateTime(1717999200)) b GROUP BY ServiceName ORDER BY ServiceName;

-- id: tl-nested-limit-between | tool-shape: a nested derived table with a LIMIT of its own (here above the table's rows): which rows it keeps is the server's choice | expect: passthrough
-- note: a LIMIT inside a derived table is never inlined
SELECT ServiceName, count(*) AS c FROM (SELECT * FROM (SELECT * FROM otel.otel_logs WHERE Timestamp >= '2024-06-10 00:00:00' AND Timestamp < '2024-06-11 00:00:00' LIMIT 1000000000) a) b GROUP BY ServiceName ORDER BY ServiceName;

-- id: tl-nested-unreturned-column | tool-shape: a level filters on a column the derived table below does not return: the server refuses it, and must through noemata too | expect: passthrough
SELECT ServiceName, count(*) AS c FROM (SELECT ServiceName, Timestamp FROM (SELECT ServiceName, Timestamp FROM otel.otel_logs) a WHERE a.SeverityText = 'ERROR') b WHERE Timestamp >= '2024-06-10 00:00:00' AND Timestamp < '2024-06-11 00:00:00' GROUP BY ServiceName;

-- id: tl-ss-virtual-cte | tool-shape: Superset virtual dataset whose SQL is a CTE and a select of it, kept inside the dataset's derived table, the chart's window outside | expect: rollup
SELECT toStartOfHour(toDateTime("Timestamp")) AS "__timestamp", "ServiceName" AS "ServiceName", count(*) AS "count" FROM (WITH errs AS (SELECT * FROM otel.otel_logs WHERE SeverityText IN ('ERROR', 'FATAL')) SELECT * FROM errs) AS virtual_table WHERE "Timestamp" >= toDateTime('2024-06-10 00:00:00') AND "Timestamp" < toDateTime('2024-06-11 00:00:00') GROUP BY toStartOfHour(toDateTime("Timestamp")), "ServiceName" ORDER BY "count" DESC LIMIT 10000;

-- id: tl-ss-virtual-cte-projected | tool-shape: Superset virtual dataset, a CTE that projects and a select filtering it by the CTE's name | expect: rollup
SELECT "ServiceName" AS "ServiceName", count(*) AS "count" FROM (WITH base AS (SELECT ServiceName, SeverityText, Timestamp FROM otel.otel_logs) SELECT base.ServiceName, base.Timestamp FROM base WHERE base.SeverityText = 'WARN') AS virtual_table WHERE "Timestamp" >= toDateTime('2024-06-09 00:00:00') AND "Timestamp" < toDateTime('2024-06-11 00:00:00') GROUP BY "ServiceName" ORDER BY "count" DESC LIMIT 10000;

-- id: tl-ss-virtual-cte-two-readers | tool-shape: Superset virtual dataset whose CTE is read twice inside it (a filter over its own top services) | expect: passthrough
-- note: both readers read the table
SELECT "ServiceName" AS "ServiceName", count(*) AS "count" FROM (WITH v AS (SELECT * FROM otel.otel_logs) SELECT * FROM v WHERE ServiceName IN (SELECT ServiceName FROM v WHERE SeverityText = 'ERROR')) AS virtual_table WHERE "Timestamp" >= toDateTime('2024-06-10 00:00:00') AND "Timestamp" < toDateTime('2024-06-11 00:00:00') GROUP BY "ServiceName" ORDER BY "ServiceName";

-- id: tl-pbi-nested-renamed | tool-shape: Power BI DirectQuery, a filter step over the navigation step's renamed columns C1, C2, grouped in "rows", the NOT NULL step and limit 1000001 outside | expect: rollup
select `_`.`C1`, `_`.`a0` from (select `rows`.`C1` as `C1`, count(1) as `a0` from (select `_`.`C1`, `_`.`C2` from (select `ServiceName` as `C1`, `Timestamp` as `C2` from `otel`.`otel_logs`) `_` where `_`.`C2` >= toDateTime('2024-06-10 00:00:00') and `_`.`C2` < toDateTime('2024-06-11 00:00:00')) `rows` group by `C1`) `_` where not `_`.`a0` is null limit 1000001;

-- id: tl-pbi-nested-renamed-ragged | tool-shape: Power BI, filter steps on a renamed severity and a renamed time off the grain (the raw edges) | expect: rollup
select `rows`.`C1` as `C1`, count(1) as `a0` from (select `_`.`C1`, `_`.`C2`, `_`.`C3` from (select `ServiceName` as `C1`, `Timestamp` as `C2`, `SeverityText` as `C3` from `otel`.`otel_logs`) `_` where `_`.`C3` = 'ERROR' and `_`.`C2` >= toDateTime(1717912830) and `_`.`C2` < toDateTime(1717999200)) `rows` group by `C1` order by `C1` limit 1000001;

-- id: tl-nested-renamed-old-name | tool-shape: a level filters by a column's old name under a derived table that renamed it: the server refuses it, and must through noemata too | expect: passthrough
SELECT svc, count(*) AS c FROM (SELECT svc, Timestamp FROM (SELECT ServiceName AS svc, Timestamp FROM otel.otel_logs) a WHERE ServiceName = 'checkout') b WHERE Timestamp >= '2024-06-10 00:00:00' AND Timestamp < '2024-06-11 00:00:00' GROUP BY svc;

-- id: tl-gen-names-per-level | tool-shape: a generator naming each level's columns C1, C2, ... afresh: the outer count takes C2, the name the derived table gave the time | expect: rollup
select `C1`, count(1) as `C2` from (select `ServiceName` as `C1`, `Timestamp` as `C2` from `otel`.`otel_logs` where `Timestamp` >= toDateTime('2024-06-10 00:00:00') and `Timestamp` < toDateTime('2024-06-11 00:00:00')) as `rows` group by `C1` limit 1000001;

-- id: tl-gen-names-per-level-ordered | tool-shape: the same, ordered by C2: the alias and the derived table's column share the name the ORDER BY reads | expect: passthrough
-- note: refused though the server reads the alias: the rule decides on C2 as the column
select `C1`, count(1) as `C2` from (select `ServiceName` as `C1`, `Timestamp` as `C2` from `otel`.`otel_logs` where `Timestamp` >= toDateTime('2024-06-10 00:00:00') and `Timestamp` < toDateTime('2024-06-11 00:00:00')) as `rows` group by `C1` order by `C2` desc limit 1000001;

-- id: tl-mb-summarize-summarized | tool-shape: Metabase, a summarized question summarized again: the sum of a renamed grouping's counts | expect: rollup
SELECT `source`.`C1` AS `C1`, sum(`source`.`count`) AS `sum` FROM (SELECT `otel`.`otel_logs`.`ServiceName` AS `C1`, `otel`.`otel_logs`.`SeverityText` AS `SeverityText`, count(*) AS `count` FROM `otel`.`otel_logs` WHERE (`otel`.`otel_logs`.`Timestamp` >= parseDateTimeBestEffort('2024-06-10T00:00:00Z')) AND (`otel`.`otel_logs`.`Timestamp` < parseDateTimeBestEffort('2024-06-11T00:00:00Z')) GROUP BY `otel`.`otel_logs`.`ServiceName`, `otel`.`otel_logs`.`SeverityText`) AS `source` GROUP BY `source`.`C1` ORDER BY `sum` DESC, `source`.`C1` ASC;

-- id: tl-dbt-ephemeral-chain | tool-shape: dbt, an ephemeral model filtering a projecting subquery, read by the model's aggregate | expect: rollup
with __dbt__cte__base as (select * from (select ServiceName, SeverityText, Timestamp from otel.otel_logs) src where src.SeverityText != 'DEBUG') select ServiceName, count(*) as n from __dbt__cte__base where Timestamp >= '2024-06-10 00:00:00' and Timestamp < '2024-06-11 00:00:00' group by ServiceName order by ServiceName;

-- id: tl-ss-virtual-rollup-totals | tool-shape: Superset virtual dataset read with GROUP BY ... WITH ROLLUP for the totals row | expect: rollup
SELECT "ServiceName" AS "ServiceName", count(*) AS "count" FROM (SELECT * FROM otel.otel_logs WHERE Timestamp >= toDateTime('2024-06-10 00:00:00') AND Timestamp < toDateTime('2024-06-11 00:00:00')) AS virtual_table GROUP BY "ServiceName" WITH ROLLUP ORDER BY "ServiceName";

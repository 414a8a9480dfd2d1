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

-- id: tl-cube-indaterange | tool-shape: Cube inDateRange: inclusive end at .999 | expect: passthrough
-- note: the end is inclusive (a row at 23:59:59.9995 falls outside); hybrid-candidate
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

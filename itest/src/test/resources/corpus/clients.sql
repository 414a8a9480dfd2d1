-- =============================================================================================
-- clients.sql: what real clients send over the OpenTelemetry exporter's tables, written for this
-- repository from the tools' public sources (the SHAPE of their SQL, not their text):
--   Grafana clickhouse-datasource: pkg/macros/macros.go ($__timeFilter, $__timeFilter_ms,
--     $__fromTime_ms, $__timeInterval, $__timeInterval_ms), src/data/sqlGenerator.ts and
--     CHDatasource.ts (builder time series, logs volume: toStartOfInterval("t", INTERVAL 1 MINUTE)
--     as "time", sum(multiSearchAny(toString("level"), [...])), the window written on "time")
--   HyperDX / ClickStack chart and search SQL (fromUnixTimestamp64Milli bounds, __hdx_time_bucket)
--   Superset ClickHouse engine spec (time grains, virtual datasets: FROM (SELECT ...) AS virtual_table)
--   SigNoz query builder (toStartOfInterval(..., INTERVAL 60 SECOND), nanosecond bounds,
--     toFloat64(count(*)) AS value)
--   Metabase ClickHouse driver (backticked db.table.column, toStartOfMinute(now() + INTERVAL -n
--     minute), JDBC ? parameters)
--   clickhouse-connect (server-side binding; here as the literal it binds), analyst SQL (FILTER,
--     PREWHERE, toIntervalX).
-- Format, labels and exactness rules: the header of the repository's corpus/queries.sql (same
-- rollups r_logs / r_traces, grain 1 minute, server time zone UTC).
-- =============================================================================================

-- id: cl-graf-ts-macro | tool-shape: Grafana SQL editor, $__timeInterval(Timestamp) with $__fromTime/$__toTime half-open | expect: rollup
SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 60 second) AS time, ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1718006400) AND Timestamp < toDateTime(1718028000) GROUP BY time, ServiceName ORDER BY time;

-- id: cl-graf-ts-ms | tool-shape: Grafana $__timeInterval_ms with $__fromTime_ms/$__toTime_ms half-open | expect: rollup
SELECT toStartOfInterval(toDateTime64(Timestamp, 3), INTERVAL 60000 millisecond) AS time, count() AS logs FROM otel.otel_logs WHERE Timestamp >= fromUnixTimestamp64Milli(1718006400000) AND Timestamp < fromUnixTimestamp64Milli(1718028000000) GROUP BY time ORDER BY time ASC;

-- id: cl-graf-ts-ms-5m | tool-shape: Grafana $__timeInterval_ms at a 5-minute interval, error count | expect: rollup
SELECT toStartOfInterval(toDateTime64(Timestamp, 3), INTERVAL 300000 millisecond) AS time, countIf(SeverityText = 'ERROR') AS errors FROM otel.otel_logs WHERE Timestamp >= fromUnixTimestamp64Milli(1718006400000) AND Timestamp < fromUnixTimestamp64Milli(1718028000000) GROUP BY time ORDER BY time ASC;

-- id: cl-graf-ts-ms-30s | tool-shape: Grafana $__timeInterval_ms at a 30-second interval | expect: passthrough
-- note: 30-second buckets are finer than the grain
SELECT toStartOfInterval(toDateTime64(Timestamp, 3), INTERVAL 30000 millisecond) AS time, count() AS logs FROM otel.otel_logs WHERE Timestamp >= fromUnixTimestamp64Milli(1718006400000) AND Timestamp < fromUnixTimestamp64Milli(1718028000000) GROUP BY time ORDER BY time ASC;

-- id: cl-graf-timefilter | tool-shape: Grafana $__timeFilter(Timestamp), inclusive end | expect: passthrough
-- note: lenient-rollup. $__timeFilter writes <= on the raw column
SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 300 second) AS time, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1718006400) AND Timestamp <= toDateTime(1718028000) GROUP BY time ORDER BY time;

-- id: cl-graf-volume | tool-shape: Grafana Explore logs volume, window on the bucket alias "time" | expect: rollup
-- note: "time" is the bucket's alias, so the bounds compare whole minutes (bucket <= D keeps the minute D starts)
SELECT toStartOfInterval("Timestamp", INTERVAL 1 MINUTE) as "time", sum(multiSearchAny(toString("SeverityText"), ['error','err','eror','ERROR','ERR','EROR','Error','Err','Eror'])) as error, sum(multiSearchAny(toString("SeverityText"), ['warn','warning','WARN','WARNING','Warn','Warning'])) as warn, sum(multiSearchAny(toString("SeverityText"), ['info','information','INFO','INFORMATION','Info','Information'])) as info FROM "otel"."otel_logs" WHERE ( time >= toDateTime(1718006417) AND time <= toDateTime(1718028043) ) GROUP BY time ORDER BY time ASC;

-- id: cl-graf-volume-hour | tool-shape: Grafana logs volume at an hour interval, count only (no level column) | expect: rollup
SELECT toStartOfInterval("Timestamp", INTERVAL 1 HOUR) as "time", count(*) as logs FROM "otel"."otel_logs" WHERE ( time >= toDateTime(1717977600) AND time <= toDateTime(1718236800) ) AND ( ServiceName = 'checkout' ) GROUP BY time ORDER BY time ASC;

-- id: cl-graf-volume-second | tool-shape: Grafana logs volume at a 1-second interval | expect: passthrough
-- note: second buckets are finer than the grain
SELECT toStartOfInterval("Timestamp", INTERVAL 1 SECOND) as "time", count(*) as logs FROM "otel"."otel_logs" WHERE ( time >= toDateTime(1718006400) AND time <= toDateTime(1718007000) ) GROUP BY time ORDER BY time ASC;

-- id: cl-graf-builder-agg | tool-shape: Grafana builder aggregate mode, count by service over a $__fromTime/$__toTime filter written half-open | expect: rollup
SELECT ServiceName, count(*) as logs FROM "otel"."otel_logs" WHERE ( Timestamp >= toDateTime(1718006400) AND Timestamp < toDateTime(1718028000) ) AND ( SeverityText IN ('ERROR', 'FATAL') ) GROUP BY ServiceName ORDER BY logs DESC LIMIT 100;

-- id: cl-graf-flipped | tool-shape: Grafana SQL editor, $__fromTime <= Timestamp AND Timestamp < $__toTime | expect: rollup
SELECT toStartOfFiveMinutes(Timestamp) AS time, uniq(TraceId) AS traces FROM otel.otel_logs WHERE toDateTime(1718006400) <= Timestamp AND Timestamp < toDateTime(1718028000) GROUP BY time ORDER BY time;

-- id: cl-graf-traces-p99 | tool-shape: Grafana traces dashboard, p99 per service, $__timeInterval_ms bucket | expect: rollup
SELECT toStartOfInterval(toDateTime64(Timestamp, 3), INTERVAL 3600000 millisecond) AS time, ServiceName, quantile(0.99)(Duration) AS p99 FROM otel.otel_traces WHERE Timestamp >= fromUnixTimestamp64Milli(1718006400000) AND Timestamp < fromUnixTimestamp64Milli(1718028000000) GROUP BY time, ServiceName ORDER BY time;

-- id: cl-graf-logs-list | tool-shape: Grafana logs list (raw rows) | expect: passthrough
SELECT Timestamp as "timestamp", Body as "body", SeverityText as "level" FROM "otel"."otel_logs" WHERE ( timestamp >= toDateTime(1718006400) AND timestamp <= toDateTime(1718028000) ) ORDER BY timestamp DESC LIMIT 100;

-- id: cl-hdx-chart-halfopen | tool-shape: HyperDX chart, 1 minute, exclusive end | expect: rollup
SELECT count(),ServiceName,toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 minute) AS `__hdx_time_bucket` FROM otel.otel_logs WHERE (Timestamp >= fromUnixTimestamp64Milli(1718006400000) AND Timestamp < fromUnixTimestamp64Milli(1718028000000)) GROUP BY ServiceName,toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 minute) AS `__hdx_time_bucket` ORDER BY toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 minute) AS `__hdx_time_bucket` SETTINGS optimize_read_in_order = 0;

-- id: cl-hdx-errors-where | tool-shape: HyperDX chart, count where SeverityText, 15 minutes | expect: rollup
SELECT count() AS "count",toStartOfInterval(toDateTime(Timestamp), INTERVAL 15 minute) AS `__hdx_time_bucket` FROM otel.otel_logs WHERE (Timestamp >= fromUnixTimestamp64Milli(1718006400000) AND Timestamp < fromUnixTimestamp64Milli(1718028000000)) AND ((SeverityText ILIKE '%error%')) GROUP BY toStartOfInterval(toDateTime(Timestamp), INTERVAL 15 minute) AS `__hdx_time_bucket` ORDER BY toStartOfInterval(toDateTime(Timestamp), INTERVAL 15 minute) AS `__hdx_time_bucket`;

-- id: cl-hdx-avg-duration | tool-shape: HyperDX services dashboard, average duration of spans by service | expect: rollup
SELECT avg(Duration) AS "avg_duration",ServiceName,toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 hour) AS `__hdx_time_bucket` FROM otel.otel_traces WHERE (Timestamp >= fromUnixTimestamp64Milli(1718006400000) AND Timestamp < fromUnixTimestamp64Milli(1718028000000)) GROUP BY ServiceName,toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 hour) AS `__hdx_time_bucket` ORDER BY toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 hour) AS `__hdx_time_bucket`;

-- id: cl-hdx-error-rate | tool-shape: HyperDX services dashboard, error rate by status code | expect: rollup
-- note: dep-StatusCode
SELECT countIf(StatusCode = 'Error') / count() AS "error_rate",ServiceName FROM otel.otel_traces WHERE (Timestamp >= fromUnixTimestamp64Milli(1718006400000) AND Timestamp < fromUnixTimestamp64Milli(1718028000000)) GROUP BY ServiceName ORDER BY ServiceName;

-- id: cl-hdx-search-rows | tool-shape: HyperDX search results table | expect: passthrough
SELECT Timestamp,ServiceName,SeverityText,Body FROM otel.otel_logs WHERE (Timestamp >= fromUnixTimestamp64Milli(1718006400000) AND Timestamp <= fromUnixTimestamp64Milli(1718028000000)) AND (Body ILIKE '%timeout%') ORDER BY Timestamp DESC LIMIT 200;

-- id: cl-hdx-pod-column | tool-shape: HyperDX search on a Kubernetes pod attribute | expect: column
-- note: ResourceAttributes['k8s.pod.name'] -> `__otel_materialized_k8s.pod.name`
SELECT Timestamp,ServiceName,Body FROM otel.otel_logs WHERE (Timestamp >= fromUnixTimestamp64Milli(1718006400000) AND Timestamp <= fromUnixTimestamp64Milli(1718028000000)) AND (ResourceAttributes['k8s.pod.name'] = 'checkout-0') ORDER BY Timestamp DESC LIMIT 200;

-- id: cl-sup-hour | tool-shape: Superset time-series chart, grain P1H, physical dataset | expect: rollup
SELECT toStartOfHour(toDateTime(`Timestamp`)) AS `__timestamp`, `ServiceName` AS `ServiceName`, COUNT(*) AS `count` FROM `otel`.`otel_logs` WHERE `Timestamp` >= toDateTime('2024-06-10 00:00:00') AND `Timestamp` < toDateTime('2024-06-11 00:00:00') GROUP BY `ServiceName`, toStartOfHour(toDateTime(`Timestamp`)) ORDER BY `count` DESC LIMIT 10000;

-- id: cl-sup-virtual | tool-shape: Superset virtual dataset (SELECT * FROM otel.otel_logs), grain PT1M | expect: rollup
-- note: the derived table only renames its table, so the level reads the table
SELECT toStartOfMinute(toDateTime(`Timestamp`)) AS `__timestamp`, COUNT(*) AS `count` FROM (SELECT * FROM otel.otel_logs) AS virtual_table WHERE `Timestamp` >= toDateTime('2024-06-10 08:00:00') AND `Timestamp` < toDateTime('2024-06-10 14:00:00') GROUP BY toStartOfMinute(toDateTime(`Timestamp`)) LIMIT 50000;

-- id: cl-sup-virtual-filtered | tool-shape: Superset virtual dataset with its own WHERE on a dimension, table chart | expect: rollup
SELECT `SeverityText` AS `SeverityText`, COUNT(*) AS `count` FROM (SELECT * FROM otel.otel_logs WHERE ServiceName = 'checkout') AS virtual_table WHERE `Timestamp` >= '2024-06-10 00:00:00' AND `Timestamp` < '2024-06-11 00:00:00' GROUP BY `SeverityText` ORDER BY `count` DESC LIMIT 1000;

-- id: cl-sup-virtual-body | tool-shape: Superset virtual dataset filtered on a non-dimension | expect: passthrough
SELECT `ServiceName` AS `ServiceName`, COUNT(*) AS `count` FROM (SELECT * FROM otel.otel_logs WHERE Body LIKE '%error%') AS virtual_table WHERE `Timestamp` >= '2024-06-10 00:00:00' AND `Timestamp` < '2024-06-11 00:00:00' GROUP BY `ServiceName` LIMIT 1000;

-- id: cl-sup-pt5m | tool-shape: Superset grain PT5M (epoch arithmetic) | expect: rollup
SELECT toDateTime(intDiv(toUInt32(toDateTime(`Timestamp`)), 300)*300) AS `__timestamp`, COUNT(*) AS `count` FROM `otel`.`otel_logs` WHERE `Timestamp` >= toDateTime('2024-06-10 08:00:00') AND `Timestamp` < toDateTime('2024-06-10 14:00:00') GROUP BY toDateTime(intDiv(toUInt32(toDateTime(`Timestamp`)), 300)*300) LIMIT 10000;

-- id: cl-sup-big-number | tool-shape: Superset big number with trendline, grain P1D | expect: rollup
SELECT toStartOfDay(toDateTime(`Timestamp`)) AS `__timestamp`, uniq(`TraceId`) AS `traces` FROM `otel`.`otel_logs` WHERE `Timestamp` >= toDateTime('2024-06-03 00:00:00') AND `Timestamp` < toDateTime('2024-06-10 00:00:00') GROUP BY toStartOfDay(toDateTime(`Timestamp`)) LIMIT 10000;

-- id: cl-signoz-ts | tool-shape: SigNoz query builder, count per 60 s with nanosecond bounds | expect: rollup
SELECT toStartOfInterval(Timestamp, INTERVAL 60 SECOND) AS ts, toFloat64(count(*)) AS value FROM otel.otel_logs WHERE (Timestamp >= fromUnixTimestamp64Nano(1718006400000000000) AND Timestamp < fromUnixTimestamp64Nano(1718028000000000000)) AND ServiceName = 'frontend' GROUP BY ts ORDER BY ts ASC;

-- id: cl-signoz-group | tool-shape: SigNoz query builder, grouped by service, toIntervalMinute step | expect: rollup
SELECT toStartOfInterval(Timestamp, toIntervalMinute(5)) AS ts, ServiceName AS `service.name`, toFloat64(count(*)) AS value FROM otel.otel_logs WHERE Timestamp >= fromUnixTimestamp64Nano(1718006400000000000) AND Timestamp < fromUnixTimestamp64Nano(1718028000000000000) GROUP BY `service.name`, ts ORDER BY `service.name` ASC, ts ASC;

-- id: cl-signoz-p99 | tool-shape: SigNoz traces explorer, p99 of durationNano | expect: rollup
SELECT toStartOfInterval(Timestamp, INTERVAL 300 SECOND) AS ts, ServiceName AS `service.name`, toFloat64(quantile(0.99)(Duration)) AS value FROM otel.otel_traces WHERE Timestamp >= fromUnixTimestamp64Nano(1718006400000000000) AND Timestamp < fromUnixTimestamp64Nano(1718028000000000000) GROUP BY `service.name`, ts ORDER BY ts ASC;

-- id: cl-signoz-rate | tool-shape: SigNoz rate panel, count per second of a 60 s step | expect: rollup
SELECT toStartOfInterval(Timestamp, INTERVAL 60 SECOND) AS ts, count(*) / 60 AS value FROM otel.otel_traces WHERE Timestamp >= fromUnixTimestamp64Nano(1718006400000000000) AND Timestamp < fromUnixTimestamp64Nano(1718028000000000000) AND StatusCode = 'Error' GROUP BY ts ORDER BY ts ASC;

-- id: cl-mb-relative | tool-shape: Metabase "previous 30 minutes" relative filter, grouped by minute | expect: rollup
-- note: both bounds are floored to whole minutes and half-open; the window (now) holds no corpus rows
SELECT toStartOfMinute(`otel`.`otel_logs`.`Timestamp`) AS `Timestamp`, count(*) AS `count` FROM `otel`.`otel_logs` WHERE (`otel`.`otel_logs`.`Timestamp` >= toStartOfMinute(now() + INTERVAL -30 minute)) AND (`otel`.`otel_logs`.`Timestamp` < toStartOfMinute(now())) GROUP BY toStartOfMinute(`otel`.`otel_logs`.`Timestamp`) ORDER BY toStartOfMinute(`otel`.`otel_logs`.`Timestamp`) ASC;

-- id: cl-mb-day | tool-shape: Metabase count by Timestamp:day with a date range | expect: rollup
SELECT toStartOfDay(`otel`.`otel_logs`.`Timestamp`) AS `Timestamp`, count(*) AS `count` FROM `otel`.`otel_logs` WHERE (`otel`.`otel_logs`.`Timestamp` >= parseDateTimeBestEffort('2024-06-03 00:00:00.000', 'UTC')) AND (`otel`.`otel_logs`.`Timestamp` < parseDateTimeBestEffort('2024-06-10 00:00:00.000', 'UTC')) GROUP BY toStartOfDay(`otel`.`otel_logs`.`Timestamp`) ORDER BY toStartOfDay(`otel`.`otel_logs`.`Timestamp`) ASC;

-- id: cl-mb-params | tool-shape: Metabase over JDBC with the bounds as ? parameters | expect: rollup
-- params: 2024-06-10 08:00:00, 2024-06-10 14:00:00
SELECT `otel`.`otel_logs`.`ServiceName` AS `ServiceName`, count(*) AS `count` FROM `otel`.`otel_logs` WHERE (`otel`.`otel_logs`.`Timestamp` >= ?) AND (`otel`.`otel_logs`.`Timestamp` < ?) GROUP BY `otel`.`otel_logs`.`ServiceName` ORDER BY `count` DESC;

-- id: cl-mb-distinct | tool-shape: Metabase "number of distinct values" of a dimension | expect: rollup
-- note: count(DISTINCT d) over a dimension: the rollup's rows hold every value that occurs
SELECT count(distinct `otel`.`otel_logs`.`SeverityText`) AS `count` FROM `otel`.`otel_logs` WHERE (`otel`.`otel_logs`.`Timestamp` >= parseDateTimeBestEffort('2024-06-10 00:00:00.000', 'UTC')) AND (`otel`.`otel_logs`.`Timestamp` < parseDateTimeBestEffort('2024-06-11 00:00:00.000', 'UTC'));

-- id: cl-cc-bound | tool-shape: clickhouse-connect query with {start:DateTime64(3)} bound client-side to a literal | expect: rollup
SELECT ServiceName, count() AS c, uniq(TraceId) AS u FROM otel.otel_logs WHERE Timestamp >= toDateTime64('2024-06-10 08:00:00.000', 3) AND Timestamp < toDateTime64('2024-06-10 14:00:00.000', 3) GROUP BY ServiceName ORDER BY c DESC;

-- id: cl-sql-filter | tool-shape: analyst SQL, count() FILTER (WHERE ...) | expect: rollup
-- note: FILTER is the -If combinator; the condition reads a dimension
SELECT ServiceName, count() FILTER (WHERE SeverityText = 'ERROR') AS errors, count() AS total FROM otel.otel_logs WHERE Timestamp >= '2024-06-10 08:00:00' AND Timestamp < '2024-06-10 14:00:00' GROUP BY ServiceName ORDER BY ServiceName;

-- id: cl-sql-filter-uniq | tool-shape: analyst SQL, uniq(TraceId) FILTER and uniqIf on a dimension condition | expect: rollup
SELECT ServiceName, uniq(TraceId) FILTER (WHERE SeverityText = 'ERROR') AS error_traces, uniqIf(TraceId, SeverityText != 'ERROR') AS other FROM otel.otel_logs WHERE Timestamp >= '2024-06-10 08:00:00' AND Timestamp < '2024-06-10 14:00:00' GROUP BY ServiceName ORDER BY ServiceName;

-- id: cl-sql-avgif | tool-shape: analyst SQL, avgIf and sumIf of Duration on status | expect: rollup
-- note: dep-StatusCode
SELECT ServiceName, avgIf(Duration, StatusCode = 'Error') AS err_avg, sumIf(Duration, StatusCode != 'Error') AS ok_sum FROM otel.otel_traces WHERE Timestamp >= '2024-06-10 08:00:00' AND Timestamp < '2024-06-10 14:00:00' GROUP BY ServiceName ORDER BY ServiceName;

-- id: cl-sql-filter-body | tool-shape: analyst SQL, FILTER on a non-dimension | expect: passthrough
SELECT ServiceName, count() FILTER (WHERE Body LIKE '%timeout%') AS timeouts FROM otel.otel_logs WHERE Timestamp >= '2024-06-10 08:00:00' AND Timestamp < '2024-06-10 14:00:00' GROUP BY ServiceName;

-- id: cl-sql-prewhere | tool-shape: analyst SQL, PREWHERE on a dimension and WHERE on time | expect: rollup
SELECT SeverityText, count() AS c FROM otel.otel_logs PREWHERE ServiceName = 'checkout' OR ServiceName = 'cart' WHERE Timestamp >= toDateTime(1718006400) AND Timestamp < toDateTime(1718028000) GROUP BY SeverityText ORDER BY SeverityText;

-- id: cl-sql-prewhere-time | tool-shape: analyst SQL, the time range in PREWHERE | expect: rollup
SELECT ServiceName, count() AS c FROM otel.otel_logs PREWHERE Timestamp >= toDateTime(1718006400) AND Timestamp < toDateTime(1718028000) GROUP BY ServiceName ORDER BY ServiceName;

-- id: cl-sql-interval-string | tool-shape: analyst SQL, INTERVAL '5 minute' and INTERVAL 2 HOURS | expect: rollup
SELECT toStartOfInterval(Timestamp, INTERVAL '5 minute') AS t5, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime('2024-06-10 08:00:00') AND Timestamp < toDateTime('2024-06-10 08:00:00') + INTERVAL 2 HOURS GROUP BY t5 ORDER BY t5;

-- id: cl-sql-tointerval | tool-shape: analyst SQL, toIntervalHour(1) bucket, shifted constant bounds | expect: rollup
SELECT toStartOfInterval(Timestamp, toIntervalHour(1)) AS h, ServiceName, count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1718006400) - toIntervalHour(2) AND Timestamp < date_add(HOUR, 4, toDateTime(1718006400)) GROUP BY h, ServiceName ORDER BY h, ServiceName;

-- id: cl-sql-arith-bounds | tool-shape: analyst SQL, bounds as epoch arithmetic | expect: rollup
SELECT count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1718006400 + 60 * 60) AND Timestamp < toDateTime(1718006400 + 6 * 3600);

-- id: cl-sql-count1 | tool-shape: analyst SQL, COUNT(1) and Count() | expect: rollup
SELECT ServiceName, COUNT(1) AS c, Count() AS d FROM otel.otel_logs WHERE Timestamp >= toDateTime(1718006400) AND Timestamp < toDateTime(1718028000) GROUP BY ServiceName ORDER BY ServiceName;

-- id: cl-sql-sum-if-dims | tool-shape: analyst SQL, sum(if(dimension condition, 1, 0)) | expect: rollup
SELECT ServiceName, sum(if(SeverityText = 'ERROR', 1, 0)) AS errors, sum(SeverityText IN ('WARN', 'Warn')) AS warns FROM otel.otel_logs WHERE Timestamp >= toDateTime(1718006400) AND Timestamp < toDateTime(1718028000) GROUP BY ServiceName ORDER BY ServiceName;

-- id: cl-sql-unaligned | tool-shape: analyst SQL, bounds off the minute | expect: passthrough
-- note: hybrid-candidate
SELECT count() AS c FROM otel.otel_logs WHERE Timestamp >= toDateTime(1718006430) AND Timestamp < toDateTime(1718028000);

-- =============================================================================================
-- corpus/queries.sql: fifty labelled queries over the OpenTelemetry Collector ClickHouse
-- exporter's tables (otel.otel_logs in the v0.151 layout, otel.otel_traces), written for this
-- repository. Each one is shaped like what a named client sends (Grafana's ClickHouse plugin, its
-- bundled OTel dashboards, HyperDX/ClickStack, SigNoz, Metabase, Superset, DBeaver, analysts at
-- clickhouse-client): the shape of its SQL, not its text.
--
-- HOW THE FILE IS READ (io.noemata.core.corpus.Corpus)
--   A statement follows one line
--     -- id: <id> | tool-shape: <who sends it, and how> | expect: <rollup|column|passthrough>
--   and any number of lines starting "-- note:" or "-- params:". It starts on the next line and
--   ends on the first line that ends with ";". No statement holds a ";" of its own. A statement
--   may start with the comments its client puts first. Anything else is commentary, like this.
--   "-- params:" lists the values a client binds to the statement's "?" in order.
--
-- WHAT THE LABELS PROMISE
--   rollup       every level that aggregates a source table (each UNION branch, each aggregating
--                subquery or CTE) gives the same answer read from the rollups below; uniq and
--                quantile states merge as ClickHouse merges them.
--   column       no rollup can answer it, and every Map subscript that a stored column holds must be
--                read from that column, with nothing else changed.
--   passthrough  whole rollup buckets would change its answer: it is sent as written, or read from
--                buckets plus raw rows at the edges (notes "hybrid-candidate", "lenient-rollup",
--                "unaligned" mark the ones whose window allows that).
--   A label is a floor, not a ceiling: whatever a query's label, what noemata returns for it is
--   what ClickHouse returns for the text as written.
--
-- THE ROLLUPS THE LABELS ASSUME (corpus/project declares them; both 1 minute, no retention)
--   r_logs   on otel.otel_logs   dimensions ServiceName, SeverityText
--                                measures count(), uniq(TraceId)
--   r_traces on otel.otel_traces dimensions ServiceName, StatusCode
--                                measures count(), avg(Duration), quantile(0.99)(Duration), uniq(TraceId)
--   A label that needs StatusCode as an r_traces dimension says "note: dep-StatusCode".
--
-- THE STORED COLUMNS THE LABELS ASSUME (otel_logs only)
--   The exporter's own MATERIALIZED columns `__otel_materialized_<key>` for ResourceAttributes
--   keys k8s.cluster.name, k8s.container.name, k8s.deployment.name, k8s.namespace.name,
--   k8s.node.name, k8s.pod.name, k8s.pod.uid and deployment.environment.name; and the project's
--   column for LogAttributes['http.status_code'] (the exporter has none; "note:
--   dep-http-status-column"). otel_traces has no stored attribute columns.
--
-- WHEN WHOLE BUCKETS ARE EXACT (what the labels were decided by)
--   * A window on the raw column (Timestamp is DateTime64(9)) reads whole 1-minute buckets only when
--     both bounds fall on minute boundaries and the end is exclusive. "<=" or BETWEEN on the raw
--     column takes rows stamped exactly at the end, which belong to the next minute's bucket.
--   * A bound compared with a bucket expression of 1 minute or coarser compares whole buckets, so
--     any constant is exact there.
--   * A bucket must be a whole number of minutes and start on a minute (toStartOf*,
--     toStartOfInterval, epoch arithmetic, a fixed-offset shift of those).
--   * Every column read outside an aggregate (WHERE, PREWHERE, GROUP BY, JOIN ON, IN subqueries,
--     SETTINGS additional_table_filters) is a dimension or the time bucket.
--   * Every aggregate is a stored measure once normalised (COUNT(*) is count(), quantile(0.990) is
--     quantile(0.99)), or a count or sum with an -If whose condition reads dimensions only; any
--     arithmetic over those is fine.
--
-- THE DATA THEY RUN ON
--   io.noemata.otel.OtelDataGenerator with OtelDataSpec.corpusDays: 2024-06-03 00:00 to
--   2024-06-11 00:00 UTC (server time zone UTC, database otel); services frontend, checkout, cart,
--   payments, api, recommendation, shipping, email; severities in mixed case; pods, nodes,
--   namespaces (shop, platform), environments (production, staging) in ResourceAttributes;
--   http.status_code in LogAttributes; and five log rows on instants these windows start or end
--   on: 2024-06-09 00:00:00, 2024-06-10 08:00:00, 2024-06-10 08:00:17.5, 2024-06-10 14:00:00 and
--   2024-06-11 00:00:00.
-- =============================================================================================

-- id: graf-sql-levels-2m | tool-shape: Grafana ClickHouse plugin, SQL editor, $__timeInterval at 2 minutes with $__fromTime/$__toTime written half-open | expect: rollup
-- note: a 2-minute bucket of the 1-minute grain, a filter on a dimension, bounds on minutes and the end exclusive
SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 120 second) AS time,
       SeverityText AS severity,
       count() AS lines
FROM otel.otel_logs
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
  AND ServiceName = 'cart'
GROUP BY time, severity
ORDER BY time ASC;

-- id: graf-timefilter-ragged | tool-shape: Grafana $__timeFilter of a relative range (now-12h), expanded to seconds | expect: passthrough
-- note: both bounds lie inside a minute and the end is inclusive. hybrid-candidate
SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 600 second) AS time,
       SeverityText,
       count() AS lines
FROM otel.otel_logs
WHERE Timestamp >= toDateTime(1717912833) AND Timestamp <= toDateTime(1717956021)
GROUP BY SeverityText, time
ORDER BY time;

-- id: graf-timefilter-hours-incl | tool-shape: Grafana $__timeFilter of an absolute range on whole hours | expect: passthrough
-- note: lenient-rollup. The inclusive end takes the row stamped 2024-06-10 14:00:00 exactly, which whole buckets would put in a 14:00 bucket of its own
SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 1800 second) AS time, ServiceName, count() AS lines
FROM otel.otel_logs
WHERE Timestamp >= toDateTime(1718006400) AND Timestamp <= toDateTime(1718028000)
GROUP BY time, ServiceName
ORDER BY time;

-- id: graf-logs-volume-ragged | tool-shape: Grafana Explore, the logs-volume query the builder adds for OTel logs | expect: passthrough
-- note: unaligned and inclusive: the start keeps the row at 08:00:17.5, the end drops rows after 13:59:59.000. The sums read only SeverityText
SELECT toStartOfInterval("Timestamp", INTERVAL 5 MINUTE) as "time", sum(multiSearchAny(toString("SeverityText"), ['fatal','FATAL','Fatal'])) as fatal, sum(multiSearchAny(toString("SeverityText"), ['debug','DEBUG','Debug'])) as debug FROM "otel"."otel_logs" WHERE ( Timestamp >= toDateTime(1718006417) AND Timestamp <= toDateTime(1718027999) ) GROUP BY time ORDER BY time ASC;

-- id: graf-logs-rows-errors | tool-shape: Grafana logs query builder in OTel mode, the row list | expect: passthrough
-- note: raw rows. The select alias "timestamp" stands for Timestamp in WHERE and ORDER BY
SELECT Timestamp as "timestamp", Body as "body", SeverityText as "level", SpanId as "spanID" FROM "otel"."otel_logs" WHERE ( timestamp >= toDateTime(1717912833) AND timestamp <= toDateTime(1717956021) ) AND ( ServiceName = 'payments' ) AND ( SeverityNumber >= 17 ) ORDER BY timestamp DESC LIMIT 500;

-- id: graf-logs-namespace-filter | tool-shape: Grafana logs query builder, a filter on a ResourceAttributes key | expect: column
-- note: ResourceAttributes['k8s.namespace.name'] is the exporter's `__otel_materialized_k8s.namespace.name`
SELECT Timestamp as "timestamp", Body as "body", SeverityText as "level" FROM "otel"."otel_logs" WHERE ( timestamp >= toDateTime(1717912833) AND timestamp <= toDateTime(1717956021) ) AND ( ResourceAttributes['k8s.namespace.name'] = 'platform' ) AND ( Body LIKE '%refused%' ) ORDER BY timestamp DESC LIMIT 500;

-- id: graf-dash-server-rps | tool-shape: Grafana's bundled OTel service dashboard, server requests per second | expect: passthrough
-- note: SpanKind is no r_traces dimension, and the bundled dashboards filter every panel on it
SELECT toStartOfInterval(Timestamp, INTERVAL 60 second) AS time, count() / 60 AS per_second
FROM otel.otel_traces
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
  AND ServiceName = 'cart' AND SpanKind = 'Server'
GROUP BY time ORDER BY time;

-- id: graf-dash-error-pct-10m | tool-shape: Grafana's bundled OTel dashboard, error percentage of spans | expect: rollup
-- note: dep-StatusCode. countIf over a dimension is a conditional sum of the stored count
SELECT toStartOfInterval(Timestamp, INTERVAL 600 second) AS time,
       100 * countIf(StatusCode = 'Error') / count() AS error_pct
FROM otel.otel_traces
WHERE Timestamp >= toDateTime(1717891200) AND Timestamp < toDateTime(1717977600)
  AND ServiceName = 'payments'
GROUP BY time ORDER BY time;

-- id: signoz-p99-2h | tool-shape: SigNoz traces explorer, p99 of the duration per 2-hour step, nanosecond bounds | expect: rollup
-- note: the 0.99 level is stored; toFloat64 and the division act on the merged quantile
SELECT toStartOfInterval(Timestamp, INTERVAL 2 HOUR) AS ts, toFloat64(quantile(0.99)(Duration)) / 1000000 AS value
FROM otel.otel_traces
WHERE Timestamp >= fromUnixTimestamp64Nano(1717804800000000000) AND Timestamp < fromUnixTimestamp64Nano(1718064000000000000)
  AND ServiceName IN ('cart', 'payments')
GROUP BY ts ORDER BY ts ASC;

-- id: graf-dash-latency-bands | tool-shape: Grafana's bundled OTel dashboard, latency panel with median and p95 | expect: passthrough
-- note: only the 0.99 level is stored; neither 0.5 nor 0.95 can be read from it
SELECT toStartOfInterval(Timestamp, INTERVAL 900 second) AS time,
       quantile(0.5)(Duration) AS median_ns, quantile(0.95)(Duration) AS p95_ns
FROM otel.otel_traces
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
  AND ServiceName = 'checkout'
GROUP BY time ORDER BY time;

-- id: graf-dash-slowest-operations | tool-shape: Grafana's bundled OTel dashboard, the slowest operations table | expect: passthrough
-- note: grouped by SpanName, which is no dimension
SELECT SpanName AS operation, count() AS calls, avg(Duration) AS mean_ns
FROM otel.otel_traces
WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000)
  AND ServiceName = 'checkout'
GROUP BY SpanName
ORDER BY mean_ns DESC, operation
LIMIT 10;

-- id: graf-service-map-join | tool-shape: Grafana traces explorer, service map edges from a parent/child self-join | expect: passthrough
-- note: joins spans to their parents by id, so it needs the raw spans
SELECT parent.ServiceName AS caller, child.ServiceName AS callee, count() AS calls, avg(child.Duration) AS mean_ns
FROM otel.otel_traces AS child
INNER JOIN otel.otel_traces AS parent ON child.TraceId = parent.TraceId AND child.ParentSpanId = parent.SpanId
WHERE child.Timestamp >= toDateTime(1717912800) AND child.Timestamp < toDateTime(1717927200)
  AND parent.Timestamp >= toDateTime(1717912800) AND parent.Timestamp < toDateTime(1717927200)
  AND parent.ServiceName != child.ServiceName
GROUP BY caller, callee
ORDER BY calls DESC, caller, callee
LIMIT 40;

-- id: graf-adhoc-filter-15m | tool-shape: Grafana ad hoc filter, appended as a lowercase settings additional_table_filters map | expect: rollup
-- note: the map is keyed by the table as FROM names it ('otel.otel_logs'); a key that names no table of the query is silently ignored. The filter (ServiceName, a dimension) must reach whatever the query reads: moved into WHERE or keyed by the rollup's target. Left keyed by otel_logs it would vanish and the counts would be wrong; sending the text unchanged is always safe
SELECT toStartOfInterval(toDateTime(Timestamp), INTERVAL 900 second) AS time, SeverityText, count() AS lines FROM otel.otel_logs WHERE Timestamp >= toDateTime(1717912800) AND Timestamp < toDateTime(1717956000) GROUP BY time, SeverityText ORDER BY time settings additional_table_filters={'otel.otel_logs' : ' ServiceName = \'frontend\' '};

-- id: hdx-chart-inclusive-end | tool-shape: HyperDX/ClickStack chart at 5 minutes with its default inclusive end | expect: passthrough
-- note: lenient-rollup: the end takes the row at 2024-06-10 08:00:00. No spaces after commas; the bucket's alias is defined again in GROUP BY and ORDER BY; SETTINGS last
SELECT count(),SeverityText,toStartOfInterval(toDateTime(Timestamp), INTERVAL 5 minute) AS `__hdx_time_bucket` FROM otel.otel_logs WHERE (Timestamp >= fromUnixTimestamp64Milli(1717977600000) AND Timestamp <= fromUnixTimestamp64Milli(1718006400000)) GROUP BY SeverityText,toStartOfInterval(toDateTime(Timestamp), INTERVAL 5 minute) AS `__hdx_time_bucket` ORDER BY toStartOfInterval(toDateTime(Timestamp), INTERVAL 5 minute) AS `__hdx_time_bucket` SETTINGS optimize_read_in_order = 0, cast_keep_nullable = 1;

-- id: hdx-formula-warn-share | tool-shape: HyperDX chart with a formula series, exclusive end, and its primary-key helper predicate | expect: rollup
-- note: the toStartOfFiveMinutes pair is what HyperDX adds for the exporter's sorting key; the half-open range on Timestamp implies it. The countIf conditions read SeverityText only
SELECT countIf(SeverityText = 'WARN') AS "warnings",count() AS "lines",((coalesce(countIf(SeverityText = 'WARN'), 0) / nullif(coalesce(count(), 0), 0)) * 100) AS "warn_pct",toStartOfInterval(toDateTime(Timestamp), INTERVAL 10 minute) AS `__hdx_time_bucket` FROM otel.otel_logs WHERE (Timestamp >= fromUnixTimestamp64Milli(1717912800000) AND Timestamp < fromUnixTimestamp64Milli(1717956000000)) AND (toStartOfFiveMinutes(Timestamp) >= toStartOfFiveMinutes(fromUnixTimestamp64Milli(1717912800000)) AND toStartOfFiveMinutes(Timestamp) <= toStartOfFiveMinutes(fromUnixTimestamp64Milli(1717956000000))) GROUP BY toStartOfInterval(toDateTime(Timestamp), INTERVAL 10 minute) AS `__hdx_time_bucket` ORDER BY toStartOfInterval(toDateTime(Timestamp), INTERVAL 10 minute) AS `__hdx_time_bucket` SETTINGS optimize_read_in_order = 0;

-- id: hdx-avg-coerced | tool-shape: HyperDX chart, the average of a number it coerces with toFloat64OrDefault(toString(...)) | expect: passthrough
-- note: r_traces stores avg(Duration); reading the coercion of a UInt64 as the value itself would allow the rollup (the float sums aside). Not attempted, so the label stays passthrough
SELECT AVG(toFloat64OrDefault(toString(Duration))),StatusCode,toStartOfInterval(toDateTime(Timestamp), INTERVAL 30 minute) AS `__hdx_time_bucket` FROM otel.otel_traces WHERE (Timestamp >= fromUnixTimestamp64Milli(1717912800000) AND Timestamp < fromUnixTimestamp64Milli(1717956000000)) GROUP BY StatusCode,toStartOfInterval(toDateTime(Timestamp), INTERVAL 30 minute) AS `__hdx_time_bucket` ORDER BY toStartOfInterval(toDateTime(Timestamp), INTERVAL 30 minute) AS `__hdx_time_bucket`;

-- id: hdx-number-distinct-traces | tool-shape: HyperDX number tile, count_distinct, with the SETTINGS it sends | expect: passthrough
-- note: count(DISTINCT x) is whatever count_distinct_implementation names (uniqCombined64 here; uniqExact by default), never uniq
SELECT count(DISTINCT TraceId) FROM otel.otel_traces WHERE (Timestamp >= fromUnixTimestamp64Milli(1717912800000) AND Timestamp < fromUnixTimestamp64Milli(1717956000000)) AND (StatusCode = 'Error') SETTINGS count_distinct_implementation = 'uniqCombined64', cast_keep_nullable = 1;

-- id: hdx-search-pod-substring | tool-shape: HyperDX search table for the Lucene query ResourceAttributes.k8s.pod.name:cart- | expect: column
-- note: `ResourceAttributes`['k8s.pod.name'] (the map column quoted) is `__otel_materialized_k8s.pod.name`. indexHint(mapContains(...)) never changes the result: leave it. The sort key is a tuple, descending
SELECT Timestamp,ServiceName,SeverityText,Body FROM otel.otel_logs WHERE (Timestamp >= fromUnixTimestamp64Milli(1717912833500) AND Timestamp <= fromUnixTimestamp64Milli(1717956021999)) AND (toStartOfFiveMinutes(Timestamp) >= toStartOfFiveMinutes(fromUnixTimestamp64Milli(1717912833500)) AND toStartOfFiveMinutes(Timestamp) <= toStartOfFiveMinutes(fromUnixTimestamp64Milli(1717956021999))) AND ((`ResourceAttributes`['k8s.pod.name'] ILIKE '%cart-%' AND indexHint(mapContains(`ResourceAttributes`, 'k8s.pod.name')))) ORDER BY (toStartOfFiveMinutes(Timestamp), Timestamp) DESC LIMIT 100 OFFSET 0;

-- id: signoz-logs-30s | tool-shape: SigNoz logs explorer, counts per 30-second step with nanosecond bounds | expect: passthrough
-- note: a 30-second step is finer than the 1-minute grain
SELECT toStartOfInterval(Timestamp, INTERVAL 30 SECOND) AS ts, toFloat64(count(*)) AS value FROM otel.otel_logs WHERE Timestamp >= fromUnixTimestamp64Nano(1717920000000000000) AND Timestamp < fromUnixTimestamp64Nano(1717923600000000000) AND ServiceName = 'api' GROUP BY ts ORDER BY ts ASC;

-- id: hdx-services-p90-server | tool-shape: HyperDX services dashboard, p90 latency of server spans | expect: passthrough
-- note: the 0.9 level is not stored, the argument is coerced, and SpanKind is no dimension
SELECT quantile(0.9)(toFloat64OrDefault(toString(Duration))) AS "p90_duration_ns",toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 hour) AS `__hdx_time_bucket` FROM otel.otel_traces WHERE (Timestamp >= fromUnixTimestamp64Milli(1717804800000) AND Timestamp < fromUnixTimestamp64Milli(1717977600000)) AND (SpanKind IN ('Server', 'SPAN_KIND_SERVER')) AND (ServiceName = 'payments') GROUP BY toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 hour) AS `__hdx_time_bucket` ORDER BY toStartOfInterval(toDateTime(Timestamp), INTERVAL 1 hour) AS `__hdx_time_bucket`;

-- id: hdx-top-levels-cte | tool-shape: HyperDX line chart grouped by severity, with its top-N series-limit CTE | expect: rollup
-- note: the CTE ranks severities by their largest 15-minute count; it and the outer query read only dimensions and count(). The tuple IN (CTE) filter is on a dimension
WITH `__hdx_series_limit` AS (SELECT `group` FROM (SELECT tuple(SeverityText) AS `group`, count() AS `__hdx_series_rank` FROM otel.otel_logs WHERE (Timestamp >= fromUnixTimestamp64Milli(1717891200000) AND Timestamp < fromUnixTimestamp64Milli(1717977600000)) AND SeverityText IS NOT NULL GROUP BY SeverityText, toStartOfInterval(toDateTime(Timestamp), INTERVAL 15 minute) AS `__hdx_time_bucket`) GROUP BY `group` ORDER BY max(`__hdx_series_rank`) DESC, `group` LIMIT 4) SELECT count(),SeverityText,toStartOfInterval(toDateTime(Timestamp), INTERVAL 15 minute) AS `__hdx_time_bucket` FROM otel.otel_logs WHERE (Timestamp >= fromUnixTimestamp64Milli(1717891200000) AND Timestamp < fromUnixTimestamp64Milli(1717977600000)) AND tuple(SeverityText) IN (SELECT `group` FROM `__hdx_series_limit`) GROUP BY SeverityText,toStartOfInterval(toDateTime(Timestamp), INTERVAL 15 minute) AS `__hdx_time_bucket` ORDER BY toStartOfInterval(toDateTime(Timestamp), INTERVAL 15 minute) AS `__hdx_time_bucket`;

-- id: mb-hour-by-service | tool-shape: Metabase ClickHouse driver, count by Timestamp: hour and ServiceName | expect: rollup
-- note: Metabase's remark comment comes first. Every name is a backticked db.table.column; the bucket's alias `Timestamp` shadows the column where unqualified (Metabase qualifies its filters). The end excludes the row at 2024-06-09 00:00:00
-- Metabase:: userID: 12 queryType: MBQL queryHash: 3c9f0e84d1a2b7c65e4f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d
SELECT toStartOfHour(`otel`.`otel_logs`.`Timestamp`) AS `Timestamp`, `otel`.`otel_logs`.`ServiceName` AS `ServiceName`, count(*) AS `count` FROM `otel`.`otel_logs` WHERE (`otel`.`otel_logs`.`Timestamp` >= parseDateTimeBestEffort('2024-06-08 00:00:00.000', 'UTC')) AND (`otel`.`otel_logs`.`Timestamp` < parseDateTimeBestEffort('2024-06-09 00:00:00.000', 'UTC')) GROUP BY toStartOfHour(`otel`.`otel_logs`.`Timestamp`), `otel`.`otel_logs`.`ServiceName` ORDER BY toStartOfHour(`otel`.`otel_logs`.`Timestamp`) ASC, `otel`.`otel_logs`.`ServiceName` ASC;

-- id: mb-jdbc-bound-window | tool-shape: Metabase ClickHouse driver over JDBC, the window and a filter value bound as ? | expect: rollup
-- params: '2024-06-10 06:00:00', '2024-06-10 14:00:00', 'checkout'
-- note: the label holds for the values bound above (whole hours, half-open: the rows at 08:00:00 and 08:00:17.5 in, the one at 14:00:00 out). A driver knows them only when the statement executes
SELECT toStartOfHour(`otel`.`otel_logs`.`Timestamp`) AS `Timestamp`, `otel`.`otel_logs`.`SeverityText` AS `SeverityText`, count(*) AS `count` FROM `otel`.`otel_logs` WHERE (`otel`.`otel_logs`.`Timestamp` >= ?) AND (`otel`.`otel_logs`.`Timestamp` < ?) AND (`otel`.`otel_logs`.`ServiceName` = ?) GROUP BY toStartOfHour(`otel`.`otel_logs`.`Timestamp`), `otel`.`otel_logs`.`SeverityText` ORDER BY toStartOfHour(`otel`.`otel_logs`.`Timestamp`) ASC, `otel`.`otel_logs`.`SeverityText` ASC;

-- id: mb-day-report-zone | tool-shape: Metabase with a report time zone (its toTimeZone wrapper), grouped by day | expect: rollup
-- note: Asia/Kathmandu is UTC+05:45, a whole number of minutes, so 1-minute buckets nest inside its days. The window is five whole local days, half-open
SELECT toStartOfDay(toTimeZone(`otel`.`otel_logs`.`Timestamp`, 'Asia/Kathmandu')) AS `Timestamp`, `otel`.`otel_logs`.`SeverityText` AS `SeverityText`, count(*) AS `count` FROM `otel`.`otel_logs` WHERE (`otel`.`otel_logs`.`Timestamp` >= parseDateTimeBestEffort('2024-06-04 00:00:00.000', 'Asia/Kathmandu')) AND (`otel`.`otel_logs`.`Timestamp` < parseDateTimeBestEffort('2024-06-09 00:00:00.000', 'Asia/Kathmandu')) GROUP BY toStartOfDay(toTimeZone(`otel`.`otel_logs`.`Timestamp`, 'Asia/Kathmandu')), `otel`.`otel_logs`.`SeverityText` ORDER BY toStartOfDay(toTimeZone(`otel`.`otel_logs`.`Timestamp`, 'Asia/Kathmandu')) ASC, `otel`.`otel_logs`.`SeverityText` ASC;

-- id: mb-week-saturday | tool-shape: Metabase week buckets with Saturday as the first day (its shift around toMonday) | expect: rollup
-- note: the bucket is constant within every minute; the window is three whole weeks, half-open, from before the data's first day
SELECT (toMonday(`otel`.`otel_traces`.`Timestamp` + INTERVAL 2 day) + INTERVAL -2 day) AS `Timestamp`, count(*) AS `count`, avg(`otel`.`otel_traces`.`Duration`) AS `avg` FROM `otel`.`otel_traces` WHERE (`otel`.`otel_traces`.`Timestamp` >= parseDateTimeBestEffort('2024-05-25 00:00:00.000', 'UTC')) AND (`otel`.`otel_traces`.`Timestamp` < parseDateTimeBestEffort('2024-06-15 00:00:00.000', 'UTC')) GROUP BY (toMonday(`otel`.`otel_traces`.`Timestamp` + INTERVAL 2 day) + INTERVAL -2 day) ORDER BY (toMonday(`otel`.`otel_traces`.`Timestamp` + INTERVAL 2 day) + INTERVAL -2 day) ASC;

-- id: superset-grain-pt15m | tool-shape: Superset time grain PT15M, its epoch arithmetic instead of a toStartOf function | expect: rollup
-- note: toDateTime(intDiv(toUInt32(toDateTime(x)), 900)*900) floors to 15 minutes. Superset repeats the grain expression in GROUP BY and writes toDateTime('...') bounds, half-open
SELECT toDateTime(intDiv(toUInt32(toDateTime(`Timestamp`)), 900)*900) AS `__timestamp`, `SeverityText` AS `SeverityText`, count(*) AS `count` FROM `otel`.`otel_logs` WHERE `Timestamp` >= toDateTime('2024-06-09 06:00:00') AND `Timestamp` < toDateTime('2024-06-09 12:00:00') GROUP BY `SeverityText`, toDateTime(intDiv(toUInt32(toDateTime(`Timestamp`)), 900)*900) ORDER BY `count` DESC LIMIT 10000;

-- id: superset-top-levels-join | tool-shape: Superset time-series chart with a series limit (its inner top-N join) | expect: rollup
-- note: the outer level and the joined subquery both aggregate over dimensions only; JOIN ON compares a dimension with the subquery's alias
SELECT toStartOfHour(toDateTime(`Timestamp`)) AS `__timestamp`, `SeverityText` AS `SeverityText`, count(*) AS `count` FROM `otel`.`otel_logs` JOIN (SELECT `SeverityText` AS `SeverityText__`, count(*) AS `mme_inner__` FROM `otel`.`otel_logs` WHERE `Timestamp` >= toDateTime('2024-06-05 00:00:00') AND `Timestamp` < toDateTime('2024-06-06 00:00:00') GROUP BY `SeverityText` ORDER BY `mme_inner__` DESC LIMIT 3) AS `series_limit` ON `SeverityText` = `SeverityText__` WHERE `Timestamp` >= toDateTime('2024-06-05 00:00:00') AND `Timestamp` < toDateTime('2024-06-06 00:00:00') GROUP BY `SeverityText`, toStartOfHour(toDateTime(`Timestamp`)) ORDER BY `count` DESC LIMIT 10000;

-- id: dbeaver-exact-distinct | tool-shape: DBeaver SQL editor, typed by hand: mixed-case keywords, backticks | expect: passthrough
-- note: uniqExact is not the stored uniq
/* how many traces logged at each level on June 8th */
Select `SeverityText`, uniqExact(`TraceId`) As traces
From otel.`otel_logs`
Where Timestamp >= '2024-06-08 00:00:00' And Timestamp < '2024-06-09 00:00:00'
Group By `SeverityText`
Order By traces Desc;

-- id: dbeaver-exact-median | tool-shape: DBeaver SQL editor, an exact median | expect: passthrough
-- note: quantileExact is not the stored quantile, and 0.5 is not the stored level
select ServiceName, StatusCode, quantileExact(0.5)(Duration) as median_exact
from otel.otel_traces
where Timestamp >= toDateTime('2024-06-08 00:00:00') and Timestamp < toDateTime('2024-06-09 00:00:00')
group by ServiceName, StatusCode;

-- id: hand-last-error-message | tool-shape: analyst SQL (clickhouse-client or DBeaver), each service's latest error line | expect: passthrough
-- note: argMax over Body, which no rollup stores
SELECT ServiceName, argMax(Body, Timestamp) AS latest_error, max(Timestamp) AS at
FROM otel.otel_logs
WHERE Timestamp >= toDateTime('2024-06-09 00:00:00') AND Timestamp < toDateTime('2024-06-10 00:00:00')
  AND SeverityNumber >= 17
GROUP BY ServiceName;

-- id: clickhouse-client-daily-pretty | tool-shape: clickhouse-client or DBeaver with its own FORMAT clause | expect: rollup
-- note: one-day buckets over five whole days. The FORMAT clause stays last
SELECT toStartOfDay(Timestamp) AS day, SeverityText, ServiceName, count() AS lines, uniq(TraceId) AS traces
FROM otel.otel_logs
WHERE Timestamp >= toDateTime('2024-06-04 00:00:00') AND Timestamp < toDateTime('2024-06-09 00:00:00')
GROUP BY day, SeverityText, ServiceName
ORDER BY day, lines DESC
FORMAT PrettyCompact;

-- id: hand-union-signals-hourly | tool-shape: analyst SQL, a logs branch and a spans branch under UNION ALL | expect: rollup
-- note: each branch reads its own table's rollup (logs: count; spans: count and avg)
SELECT 'log' AS signal, toStartOfHour(Timestamp) AS hour, ServiceName, count() AS events, CAST(NULL, 'Nullable(Float64)') AS mean_duration
FROM otel.otel_logs
WHERE Timestamp >= toDateTime('2024-06-08 00:00:00') AND Timestamp < toDateTime('2024-06-09 00:00:00')
  AND ServiceName != 'email'
GROUP BY hour, ServiceName
UNION ALL
SELECT 'span' AS signal, toStartOfHour(Timestamp) AS hour, ServiceName, count() AS events, avg(Duration) AS mean_duration
FROM otel.otel_traces
WHERE Timestamp >= toDateTime('2024-06-08 00:00:00') AND Timestamp < toDateTime('2024-06-09 00:00:00')
  AND ServiceName != 'email'
GROUP BY hour, ServiceName;

-- id: hand-logs-to-spans-join | tool-shape: analyst SQL, error logs joined to their spans by trace and span id | expect: passthrough
-- note: a row-level join on ids, no subscripts
SELECT l.ServiceName, count() AS error_lines, max(t.Duration) AS slowest_span_ns
FROM otel.otel_logs AS l
INNER JOIN otel.otel_traces AS t ON l.TraceId = t.TraceId AND l.SpanId = t.SpanId
WHERE l.Timestamp >= toDateTime('2024-06-09 12:00:00') AND l.Timestamp < toDateTime('2024-06-09 13:00:00')
  AND t.Timestamp >= toDateTime('2024-06-09 11:50:00') AND t.Timestamp < toDateTime('2024-06-09 13:10:00')
  AND l.SeverityNumber >= 17
GROUP BY l.ServiceName
ORDER BY error_lines DESC;

-- id: hand-having-top-services | tool-shape: analyst SQL, HAVING and ORDER BY on aggregates, then LIMIT | expect: rollup
-- note: HAVING and ORDER BY read stored measures only; the order is total, so LIMIT keeps the same rows
SELECT ServiceName, count() AS failures, uniq(TraceId) AS traces
FROM otel.otel_logs
WHERE Timestamp >= toDateTime('2024-06-07 00:00:00') AND Timestamp < toDateTime('2024-06-09 00:00:00')
  AND SeverityText IN ('ERROR', 'Error', 'error', 'FATAL')
GROUP BY ServiceName
HAVING count() >= 100 AND uniq(TraceId) > 5
ORDER BY failures DESC, ServiceName
LIMIT 5;

-- id: hand-having-exact | tool-shape: analyst SQL, HAVING on an aggregate no rollup stores | expect: passthrough
-- note: uniqExact appears in HAVING only, and still rules the rollup out
SELECT SeverityText, count() AS lines
FROM otel.otel_logs
WHERE Timestamp >= toDateTime('2024-06-08 00:00:00') AND Timestamp < toDateTime('2024-06-09 00:00:00')
GROUP BY SeverityText
HAVING uniqExact(TraceId) > 50
ORDER BY lines DESC;

-- id: hand-body-search | tool-shape: analyst SQL, per 5 minutes, lines whose message matches | expect: passthrough
-- note: Body is no dimension
SELECT toStartOfFiveMinutes(Timestamp) AS slot, count() AS refused
FROM otel.otel_logs
WHERE Timestamp >= toDateTime('2024-06-09 12:00:00') AND Timestamp < toDateTime('2024-06-09 18:00:00')
  AND Body ILIKE '%refused%'
GROUP BY slot ORDER BY slot;

-- id: hand-severity-number | tool-shape: analyst SQL, severity as its number rather than its text | expect: passthrough
-- note: SeverityNumber follows SeverityText but is no dimension
SELECT toStartOfHour(Timestamp) AS hour, ServiceName, count() AS warnings_or_worse
FROM otel.otel_logs
WHERE Timestamp >= toDateTime('2024-06-09 00:00:00') AND Timestamp < toDateTime('2024-06-10 00:00:00')
  AND SeverityNumber >= 13
GROUP BY hour, ServiceName ORDER BY hour, ServiceName;

-- id: hand-arrayelement-container | tool-shape: analyst SQL with the function form arrayElement(map, key) | expect: column
-- note: arrayElement(ResourceAttributes, 'k8s.container.name') is ResourceAttributes['k8s.container.name']: read the stored column in SELECT (keeping the alias), WHERE and GROUP BY
SELECT arrayElement(ResourceAttributes, 'k8s.container.name') AS container, count() AS lines
FROM otel.otel_logs
WHERE Timestamp >= toDateTime('2024-06-08 00:00:00') AND Timestamp < toDateTime('2024-06-09 00:00:00')
  AND arrayElement(ResourceAttributes, 'k8s.container.name') != 'email'
GROUP BY arrayElement(ResourceAttributes, 'k8s.container.name')
ORDER BY lines DESC
LIMIT 10;

-- id: hand-bucket-alias-shadow | tool-shape: analyst SQL whose select alias shadows the Timestamp column | expect: rollup
-- note: with prefer_column_name_to_alias = 0 (the default) an unqualified Timestamp in WHERE, GROUP BY and ORDER BY is the alias, the hour bucket, not the column. The bounds 05:20 and 11:40 look unaligned but compare hour buckets: the hours 06:00 to 11:00, which the rollup answers exactly. Reading WHERE Timestamp as the raw column would call it unaligned, or worse, cut the hours 05:00 and 11:00 in part
SELECT toStartOfHour(Timestamp) AS Timestamp, ServiceName, count() AS lines
FROM otel.otel_logs
WHERE Timestamp >= '2024-06-09 05:20:00' AND Timestamp < '2024-06-09 11:40:00'
GROUP BY Timestamp, ServiceName
ORDER BY Timestamp, ServiceName;

-- id: hand-http-status-by-level | tool-shape: analyst SQL, a LogAttributes subscript in SELECT, WHERE and GROUP BY | expect: column
-- note: dep-http-status-column. No rollup applies: the subscript is no dimension
SELECT LogAttributes['http.status_code'] AS code, SeverityText, count() AS lines
FROM otel.otel_logs
WHERE Timestamp >= toDateTime('2024-06-08 00:00:00') AND Timestamp < toDateTime('2024-06-09 00:00:00')
  AND LogAttributes['http.status_code'] LIKE '4%'
GROUP BY code, SeverityText
ORDER BY lines DESC, code, SeverityText;

-- id: hand-span-attributes | tool-shape: analyst SQL, Map subscripts on otel_traces | expect: passthrough
-- note: otel_traces stores no attribute column, not even for the ResourceAttributes keys otel_logs has
SELECT SpanAttributes['http.method'] AS method, ResourceAttributes['k8s.node.name'] AS node, avg(Duration) AS mean_ns
FROM otel.otel_traces
WHERE Timestamp >= toDateTime('2024-06-08 00:00:00') AND Timestamp < toDateTime('2024-06-09 00:00:00')
  AND ServiceName = 'frontend'
GROUP BY method, node
ORDER BY mean_ns DESC, method, node;

-- id: hand-subscript-quoted-only | tool-shape: analyst SQL where subscript text appears only in a string literal and a comment | expect: passthrough
-- note: neither a literal nor a comment holds anything to substitute. Raw rows
SELECT Timestamp, Body -- lines that quote ResourceAttributes['k8s.node.name'] from a runbook
FROM otel.otel_logs
WHERE Timestamp >= toDateTime('2024-06-09 12:00:00') AND Timestamp < toDateTime('2024-06-09 12:15:00')
  AND position(Body, 'ResourceAttributes[''k8s.node.name'']') = 0
ORDER BY Timestamp DESC
LIMIT 50;

-- id: hand-subquery-top-slots | tool-shape: analyst SQL, aggregates in a subquery, filtered, sorted and limited outside | expect: rollup
-- note: the inner level reads the rollup; the outer one only filters and sorts its rows, in a total order
SELECT * FROM (
    SELECT toStartOfTenMinutes(Timestamp) AS slot, SeverityText, count() AS lines, uniq(TraceId) AS traces
    FROM otel.otel_logs
    WHERE Timestamp >= toDateTime('2024-06-06 00:00:00') AND Timestamp < toDateTime('2024-06-07 00:00:00')
    GROUP BY slot, SeverityText
) AS per_slot
WHERE lines > 40
ORDER BY lines DESC, slot, SeverityText
LIMIT 25;

-- id: hand-ninety-seconds | tool-shape: analyst SQL, 90-second buckets | expect: passthrough
-- note: coarser than the grain but not a whole number of minutes: a bucket would cut a minute in half
SELECT toStartOfInterval(Timestamp, INTERVAL 90 second) AS t, count() AS lines
FROM otel.otel_logs
WHERE Timestamp >= toDateTime('2024-06-09 12:00:00') AND Timestamp < toDateTime('2024-06-09 12:45:00')
GROUP BY t ORDER BY t;

-- id: dbeaver-totals-no-window | tool-shape: DBeaver's quick look, totals per severity with no time predicate | expect: rollup
-- note: exact only while the rollup holds exactly the raw table's rows (the same TTL, backfilled when created); a rollup that keeps rows longer or shorter must not answer alone. Whole buckets plus raw rows before its covered range always do
SELECT SeverityText, count() AS lines
FROM otel.otel_logs
GROUP BY SeverityText
ORDER BY lines DESC;

-- id: graf-trace-search-roots | tool-shape: Grafana trace query builder in search mode (root spans with a duration) | expect: passthrough
-- note: ParentSpanId and Duration are no dimensions. Raw rows
SELECT "TraceId" as traceID, "ServiceName" as serviceName, "SpanName" as operationName, "Timestamp" as startTime, multiply("Duration", 0.000001) as duration FROM "otel"."otel_traces" WHERE ( Timestamp >= toDateTime(1717912833) AND Timestamp <= toDateTime(1717956021) ) AND ( ServiceName = 'frontend' ) AND ( ParentSpanId = '' ) AND ( Duration > 1000000 ) ORDER BY Timestamp DESC, Duration DESC LIMIT 1000;

-- id: dbeaver-unaliased-subscripts | tool-shape: DBeaver ad hoc query, subscripts in the select list without aliases | expect: column
-- note: read both columns, each aliased with the name ClickHouse gives the subscript as written (clients read columns by name; without the alias the names would change)
SELECT ResourceAttributes['k8s.cluster.name'], ResourceAttributes['k8s.namespace.name'], count()
FROM otel.otel_logs
WHERE Timestamp >= toDateTime('2024-06-10 08:00:00') AND Timestamp < toDateTime('2024-06-10 10:00:00')
GROUP BY ResourceAttributes['k8s.cluster.name'], ResourceAttributes['k8s.namespace.name']
ORDER BY count() DESC;

-- id: hand-settings-12h | tool-shape: analyst SQL with query SETTINGS after LIMIT | expect: rollup
-- note: the SETTINGS stay as written. Half-day buckets in the toStartOfInterval form
SELECT toStartOfInterval(Timestamp, INTERVAL 12 hour) AS half_day, SeverityText, count() AS lines, uniq(TraceId) AS traces
FROM otel.otel_logs
WHERE Timestamp >= toDateTime('2024-06-04 00:00:00') AND Timestamp < toDateTime('2024-06-08 00:00:00')
  AND SeverityText != ''
GROUP BY half_day, SeverityText
ORDER BY half_day, lines DESC
LIMIT 200
SETTINGS max_threads = 4, max_execution_time = 60;

-- id: hand-env-and-foreign-keys | tool-shape: analyst SQL with one subscript a column holds and two no column holds | expect: column
-- note: only ResourceAttributes['deployment.environment.name'] is stored. LogAttributes['k8s.node.name'] (the key in another map) and ScopeAttributes['telemetry.sdk.language'] stay as written
SELECT ResourceAttributes['deployment.environment.name'] AS environment, LogAttributes['k8s.node.name'] AS node_in_log, ScopeAttributes['telemetry.sdk.language'] AS sdk, count() AS lines
FROM otel.otel_logs
WHERE Timestamp >= toDateTime('2024-06-09 00:00:00') AND Timestamp < toDateTime('2024-06-10 00:00:00')
  AND ResourceAttributes['deployment.environment.name'] = 'staging'
GROUP BY environment, node_in_log, sdk
ORDER BY lines DESC
LIMIT 20;

-- id: hand-red-by-status-3h | tool-shape: analyst SQL, rate, errors and duration by service and status, per 3 hours | expect: rollup
-- note: dep-StatusCode. Reads every r_traces measure
SELECT toStartOfInterval(Timestamp, INTERVAL 3 hour) AS slot, ServiceName, StatusCode,
       count() AS spans, avg(Duration) AS mean_ns, quantile(0.99)(Duration) AS p99_ns, uniq(TraceId) AS traces
FROM otel.otel_traces
WHERE Timestamp >= toDateTime('2024-06-07 00:00:00') AND Timestamp < toDateTime('2024-06-09 00:00:00')
GROUP BY slot, ServiceName, StatusCode
ORDER BY slot, ServiceName, StatusCode;

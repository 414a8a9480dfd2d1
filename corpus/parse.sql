-- corpus/parse.sql: fifty-six ClickHouse statements for the parser (io.noemata.core.sql), written
-- for this repository: one syntax feature or client habit each. They are parsed and rewritten in
-- tests, never run, so some name columns the OTel tables lack (Duration on otel_logs, arr).
-- Each starts after a line "-- #### <id> <what it exercises>" and runs to the next such line.
-- Every one is a single SELECT the parser must understand with exact positions, except q38 (two
-- statements) and q41 to q45 (not SELECTs), which it must refuse at a position it names.
-- Two of them (q08, q09) read a Map subscript that a stored column of otel.otel_logs holds.
-- #### q01 count() without arguments
SELECT count() FROM otel_logs
-- #### q02 count(*) with a WHERE
SELECT count(*) FROM otel_logs WHERE SeverityText = 'WARN'
-- #### q03 a parametric aggregate, quantile(level)(x)
SELECT ServiceName, quantile(0.95)(Duration) AS p95 FROM otel_logs GROUP BY ServiceName
-- #### q04 quantiles with several levels
SELECT quantiles(0.25, 0.5, 0.75)(Duration) AS quartiles FROM otel_logs
-- #### q05 quantilesDD with a relative accuracy
SELECT quantilesDD(0.01, 0.5, 0.99)(Duration) FROM otel_logs
-- #### q06 an -If combinator
SELECT SeverityText, sumIf(Duration, Duration > 100) AS slow_total FROM otel_logs GROUP BY SeverityText
-- #### q07 uniq and argMin
SELECT ServiceName, uniq(TraceId) AS traces, argMin(Body, Timestamp) AS first_body FROM otel_logs GROUP BY ServiceName
-- #### q08 a Map subscript m['k'] in select, where and group by
SELECT ResourceAttributes['k8s.node.name'] AS node, count() AS lines FROM otel_logs WHERE ResourceAttributes['k8s.node.name'] LIKE 'node-%' GROUP BY node ORDER BY lines DESC
-- #### q09 the function form arrayElement(m, 'k')
SELECT Timestamp, arrayElement(ResourceAttributes, 'k8s.cluster.name') AS cluster FROM otel_logs ORDER BY Timestamp DESC LIMIT 5
-- #### q10 toStartOfInterval with an INTERVAL n unit
SELECT toStartOfInterval(Timestamp, INTERVAL 15 minute) AS slot, count() AS lines FROM otel_logs GROUP BY slot ORDER BY slot
-- #### q11 a day's window in string literals, grouped by hour and service
SELECT toStartOfHour(Timestamp) AS hour, ServiceName, count() FROM otel_logs WHERE Timestamp >= '2025-03-01 00:00:00' AND Timestamp < '2025-03-02 00:00:00' GROUP BY hour, ServiceName
-- #### q12 a window relative to now()
SELECT toStartOfFiveMinutes(Timestamp) AS slot, count() AS lines FROM otel_logs WHERE Timestamp >= now() - INTERVAL 6 HOUR GROUP BY slot ORDER BY slot
-- #### q13 backticked names
SELECT `SeverityText`, count() AS `n` FROM `default`.`otel_logs` GROUP BY `SeverityText` ORDER BY `n` DESC
-- #### q14 double-quoted names
SELECT "SeverityText", count() AS "n" FROM "default"."otel_logs" GROUP BY "SeverityText" ORDER BY "n" DESC
-- #### q15 LIMIT n BY a column
SELECT SeverityText, Body FROM otel_logs ORDER BY Timestamp DESC LIMIT 3 BY SeverityText
-- #### q16 LIMIT with OFFSET
SELECT Body FROM otel_logs ORDER BY Timestamp LIMIT 25 OFFSET 50
-- #### q17 LIMIT offset, count
SELECT Body FROM otel_logs ORDER BY Timestamp LIMIT 50, 25
-- #### q18 query SETTINGS
SELECT count() FROM otel_logs SETTINGS max_threads = 1, max_block_size = 8192
-- #### q19 a FORMAT clause
SELECT SeverityText, count() FROM otel_logs GROUP BY SeverityText FORMAT JSONEachRow
-- #### q20 FINAL
SELECT ServiceName, count() FROM otel_logs FINAL GROUP BY ServiceName
-- #### q21 PREWHERE before WHERE
SELECT count() FROM otel_logs PREWHERE SeverityText = 'ERROR' WHERE Duration > 500
-- #### q22 ARRAY JOIN with an alias
SELECT Timestamp, item FROM otel_logs ARRAY JOIN arr AS item ORDER BY Timestamp, item LIMIT 10
-- #### q23 GLOBAL IN with a subquery
SELECT count() FROM otel_logs WHERE TraceId GLOBAL IN (SELECT TraceId FROM otel_logs WHERE SeverityText = 'FATAL')
-- #### q24 WITH an expression alias
WITH 1000 AS ms SELECT Duration / ms AS seconds FROM otel_logs ORDER BY seconds DESC LIMIT 5
-- #### q25 a common table expression
WITH busy AS (SELECT ServiceName, count() AS lines FROM otel_logs GROUP BY ServiceName) SELECT ServiceName FROM busy WHERE lines > 100 ORDER BY ServiceName
-- #### q26 a lambda in arrayFilter
SELECT arrayFilter(x -> x > 10, arr) AS big FROM otel_logs ORDER BY Timestamp LIMIT 5
-- #### q27 the :: cast operator
SELECT Duration::Float64 AS d, '2025-03-01 12:00:00'::DateTime AS t FROM otel_logs LIMIT 1
-- #### q28 NOT ILIKE
SELECT count() FROM otel_logs WHERE Body NOT ILIKE '%health%'
-- #### q29 a tuple IN a list of tuples
SELECT count() FROM otel_logs WHERE (ServiceName, SeverityText) IN (('cart', 'WARN'), ('api', 'ERROR'))
-- #### q30 JDBC ? parameters
SELECT Body FROM otel_logs WHERE SeverityText = ? AND Timestamp >= ? ORDER BY Timestamp LIMIT 20
-- #### q31 {name:Type} query parameters
SELECT Body FROM otel_logs WHERE ServiceName = {service:String} AND Timestamp >= {since:DateTime64(3)} LIMIT 20
-- #### q32 Grafana's time series after macro expansion
SELECT toStartOfInterval(Timestamp, INTERVAL 300 second) AS time, SeverityText, count() AS c FROM "default"."otel_logs" WHERE ( Timestamp >= toDateTime(1740787200) AND Timestamp <= toDateTime(1740873600) ) GROUP BY SeverityText, time ORDER BY time ASC LIMIT 5000
-- #### q33 Grafana's logs builder after macro expansion
SELECT Timestamp as "timestamp", Body as "body", SeverityText as "level", ResourceAttributes as "labels" FROM "default"."otel_logs" WHERE ( timestamp >= toDateTime(1740787200) AND timestamp <= toDateTime(1740873600) ) AND ( SeverityText IN ('WARN', 'ERROR') ) ORDER BY timestamp DESC LIMIT 100
-- #### q34 ORDER BY ... WITH FILL with a step
SELECT toStartOfDay(Timestamp) AS day, count() AS lines FROM otel_logs GROUP BY day ORDER BY day WITH FILL STEP 86400
-- #### q35 a subquery in FROM without an alias
SELECT level, lines FROM (SELECT SeverityText AS level, count() AS lines FROM otel_logs GROUP BY level) WHERE lines > 5 ORDER BY level
-- #### q36 a LEFT JOIN to an aggregating subquery
SELECT l.TraceId, s.spans FROM otel_logs AS l LEFT JOIN (SELECT TraceId, count() AS spans FROM otel_traces GROUP BY TraceId) AS s ON l.TraceId = s.TraceId ORDER BY l.Timestamp LIMIT 10
-- #### q37 UNION ALL of two levels
SELECT Body FROM otel_logs WHERE SeverityText = 'FATAL' UNION ALL SELECT Body FROM otel_logs WHERE SeverityText = 'ERROR'
-- #### q38 two statements separated by a semicolon
SELECT 1; SELECT count() FROM otel_logs
-- #### q39 a trailing semicolon
SELECT max(Timestamp) FROM otel_logs;
-- #### q40 comments of both kinds, before and inside
-- errors panel
SELECT /* the level as sent */ count() FROM otel_logs WHERE SeverityText = 'ERROR' -- last line
-- #### q41 INSERT ... VALUES
INSERT INTO otel_logs (Timestamp, SeverityText, Body) VALUES ('2025-03-01 00:00:00', 'INFO', 'started')
-- #### q42 CREATE TABLE with an engine
CREATE TABLE logs_by_hour (hour DateTime, ServiceName LowCardinality(String), lines SimpleAggregateFunction(sum, UInt64)) ENGINE = AggregatingMergeTree ORDER BY (ServiceName, hour)
-- #### q43 SHOW DATABASES
SHOW DATABASES
-- #### q44 EXPLAIN
EXPLAIN SELECT count() FROM otel_logs
-- #### q45 OPTIMIZE
OPTIMIZE TABLE otel_logs FINAL
-- #### q46 Metabase's backticked db.table.column
SELECT `default`.`otel_logs`.`SeverityText` AS `SeverityText`, count(*) AS `count` FROM `default`.`otel_logs` GROUP BY `default`.`otel_logs`.`SeverityText` ORDER BY `count` DESC, `default`.`otel_logs`.`SeverityText` ASC LIMIT 2000
-- #### q47 Superset's grain and ordering
SELECT toStartOfHour(toDateTime(`Timestamp`)) AS `__timestamp`, count(*) AS `count` FROM `default`.`otel_logs` WHERE `Timestamp` >= toDateTime('2025-03-01 00:00:00') GROUP BY toStartOfHour(toDateTime(`Timestamp`)) ORDER BY `count` DESC LIMIT 5000
-- #### q48 lower-case keywords, COUNT() and ==
select SeverityText, COUNT() as n from otel_logs where Duration == 10 or Duration = 20 group by SeverityText order by n
-- #### q49 backslash escapes in strings
SELECT count() FROM otel_logs WHERE Body != 'can\'t connect' AND Body NOT LIKE '%\\_retry%'
-- #### q50 an array literal, an element subscript and has()
SELECT arr[2] AS second, [10, 20] AS pair FROM otel_logs WHERE has(arr, 20) ORDER BY Timestamp LIMIT 3
-- #### q51 GROUP BY ... WITH TOTALS
SELECT SeverityText, count() AS n FROM otel_logs GROUP BY SeverityText WITH TOTALS ORDER BY SeverityText
-- #### q52 number literals: exponent, hexadecimal, underscores
SELECT count() FROM otel_logs WHERE Duration > 2.5e3 AND Duration < 0xFFFF AND Duration != 1_000
-- #### q53 DBeaver's unquoted default.table
SELECT * FROM default.otel_logs ORDER BY Timestamp DESC LIMIT 100
-- #### q54 BETWEEN on the time column
SELECT count() AS n FROM otel_logs WHERE Timestamp BETWEEN '2025-03-01 00:00:00' AND '2025-03-01 12:00:00'
-- #### q55 boolean literals and CAST with a parametric type
SELECT false AS f, CAST(Timestamp AS DateTime64(6)) AS ts FROM otel_logs ORDER BY ts DESC LIMIT 1
-- #### q56 WHERE 1 = 1, an IN list and NOT
SELECT SeverityText, count() AS n FROM otel_logs WHERE 1 = 1 AND ServiceName IN ('cart', 'api') AND NOT (Duration > 1000) GROUP BY SeverityText ORDER BY n DESC

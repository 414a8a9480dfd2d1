/**
 * {@code noemata proxy}: ClickHouse's HTTP interface in front of a ClickHouse server, so that every
 * HTTP client (Grafana's plugin, HyperDX's {@code @clickhouse/client}, Superset's
 * clickhouse-connect, curl) gets what the JDBC driver gives by changing only its host and port.
 *
 * <p>A second front over the driver's planning path: each request's statement is decided by a
 * {@link io.noemata.driver.proxy.QueryPlanner} (the driver's catalog cache, rewriter and fallback
 * rule) and its provenance is the driver's warnings ({@link io.noemata.driver.provenance.Warnings})
 * as the response header {@code X-Noemata-Provenance}. Nothing of the planning is copied here.
 *
 * <p>What passes through untouched: every request that is not a query the rewriter may change
 * (INSERT bodies of any size and format, DDL, {@code /ping}, ...) is streamed to the upstream as it
 * arrives, and every response body is streamed back byte for byte (whatever the FORMAT or the
 * compression), with Netty's back pressure in both directions: memory per request is a few buffers,
 * never the body. Only a SELECT or WITH statement is held whole before it is sent (at most
 * {@link io.noemata.proxy.ProxyConfig#maxStatementBytes}), because the rewriter reads the whole text
 * and a refused rewrite is resent as written.
 */
package io.noemata.proxy;

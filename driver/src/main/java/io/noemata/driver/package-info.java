/**
 * {@code jdbc:noemata:clickhouse://} (and {@code jdbc:noemata:ch://}): a JDBC driver that wraps the
 * official clickhouse-jdbc. {@link io.noemata.driver.NoemataDriver} (ServiceLoader-registered) and
 * {@link io.noemata.driver.NoemataDataSource} hand the URL without {@code noemata:} and every
 * property except {@code noemata.*} ({@link io.noemata.driver.NoemataSettings}) to clickhouse-jdbc,
 * and wrap what it returns so that each query text goes through the rewriter.
 *
 * <p>Public API beyond JDBC: {@link io.noemata.driver.NoemataStatement} (provenance of the last
 * statement), {@link io.noemata.driver.NoemataConnection} (fallback and open statement counts,
 * catalog invalidation), {@link io.noemata.driver.DriverStats} (process-wide counters). Logging goes
 * through the SLF4J API only; the application chooses the binding.
 */
package io.noemata.driver;

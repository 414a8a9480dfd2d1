/**
 * ClickHouse in process: chDB's {@code libchdb.so} (ClickHouse 26.x in clickhouse-local mode),
 * fetched from npm ({@link io.noemata.embedded.EngineArtifact}), bound through
 * {@code java.lang.foreign} ({@link io.noemata.embedded.Chdb}), guarded against the library's
 * pitfalls ({@link io.noemata.embedded.EmbeddedClickHouse}) and served over ClickHouse's HTTP
 * interface ({@link io.noemata.embedded.http.HttpFrontend}) so that the official clickhouse-jdbc
 * talks to it unchanged.
 *
 * <p>The pitfalls, each measured on the engine (the README's section on the embedded engine tells
 * them for users):
 * <ol>
 *   <li>{@code chdb_connect} installs its own SIGSEGV/SIGBUS/... handlers, which hang the JVM at the
 *       next implicit null check: every handler is saved before and restored after connecting;
 *   <li>insert data inline in the query text is cut at the first blank line: bodies are spooled to a
 *       file and read with {@code FROM INFILE};
 *   <li>exiting without {@code chdb_close_conn} can crash after heavy inserts: a shutdown hook closes;
 *   <li>one data directory per process: a lock file says who holds it;
 *   <li>one shared session: database and settings are applied per request and reset after it;
 *   <li>no access storage to write and no {@code EXECUTE AS}: with a users config, a request of
 *       another user than {@code default} runs under the role of that name, reset after it.
 * </ol>
 *
 * <p>Only this module needs Java 22+; everything a BI tool loads runs on Java 17.
 */
package io.noemata.embedded;

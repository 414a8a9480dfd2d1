/**
 * Delegation from noemata's JDBC objects to clickhouse-jdbc's.
 *
 * <p>The long tail of JDBC methods lives in the {@code Delegating*} base classes, generated while
 * this package compiles from the {@code java.sql} interfaces named below, as the {@code --release}
 * being compiled for declares them, by the annotation processor of module {@code codegen} (into
 * {@code target/generated-sources/annotations}; never checked in). Plain source was chosen over {@code java.lang.reflect.Proxy} (a
 * reflective call and argument array per method, and result sets would pay it per cell) and over
 * ByteBuddy (a runtime dependency and class generation inside BI tools' class loaders): generated
 * source costs one monomorphic call the JIT inlines, works on Java 17 without agents, and reads in a
 * debugger. Hand-written subclasses ({@code Proxy*}) override only what behaves differently: the
 * SQL-taking methods (through the rewriter, with fallback), warnings, close, getConnection.
 *
 * <p>Result sets are wrapped, thinly: {@link io.noemata.driver.proxy.ProxyResultSet} only changes
 * {@code getStatement()} so that it returns the proxy statement that carries the warnings and
 * provenance (JDBC requires the statement that produced it; clickhouse-jdbc's own statement knows
 * nothing of noemata). Every other call forwards unchanged. Metadata result sets are filtered
 * only when internal-object hiding is on.
 *
 * <p>A PreparedStatement whose text was rewritten also prepares the original (client side in
 * clickhouse-jdbc, no round trip) and mirrors every setter to it, so a failing rewritten execution
 * can run the original with the same values. Callable statements are rewritten and handed over
 * unwrapped: ClickHouse has no procedures.
 */
@Delegates(
    forward = {Connection.class, Statement.class, ResultSet.class, DatabaseMetaData.class},
    mirror = {PreparedStatement.class})
package io.noemata.driver.proxy;

import io.noemata.codegen.Delegates;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;

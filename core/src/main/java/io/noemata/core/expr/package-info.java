/**
 * Canonical expressions and the content hashes that name stored objects.
 *
 * <h2>Canonical expressions</h2>
 * {@link io.noemata.core.expr.ExprParser} reads a ClickHouse expression with core's parser (the
 * one the rewriter reads queries with, {@link io.noemata.core.sql.SqlParser}) and turns its span tree
 * into an {@link io.noemata.core.expr.Expr} in which operators, subscripts, CASE, CAST, BETWEEN and
 * INTERVAL are already the functions ClickHouse rewrites them to. So {@code m['k']},
 * {@code arrayElement(m, 'k')}, {@code `m`[ 'k' ]} and {@code "m"['k']} are one tree; so are
 * {@code a AND b} and {@code a and b}. Case-insensitive ClickHouse functions take one spelling
 * ({@code COUNT()} is {@code count()}). {@link io.noemata.core.expr.Canonical#text} prints a
 * tree one way only: function form with plain function names bare, column names bare when plain
 * and not a keyword and backtick-quoted otherwise, strings single-quoted with backslash escapes,
 * {@code ", "} between arguments.
 *
 * <h2>Hash scheme (installer and driver must agree; version 1)</h2>
 * <ul>
 *   <li><b>Stored column</b>: {@code __nm_} followed by the first 16 lower-case hex digits of
 *       SHA-256 over the UTF-8 bytes of {@code "noemata/column/v1\n" + canonicalText(expression)}.
 *       The declared {@code type} is not part of the name: the name identifies the expression.
 *       Example: {@code ResourceAttributes['k8s.pod.name']} has canonical text
 *       {@code arrayElement(ResourceAttributes, 'k8s.pod.name')}.</li>
 *   <li><b>Rollup stored shape</b>: {@code __} followed by the first 8 lower-case hex digits of
 *       SHA-256 over the UTF-8 bytes of {@code "noemata/rollup/v1\n"} followed by the lines of
 *       {@link io.noemata.core.expr.RollupShape#canonicalText()}:
 *       {@code source=`db`.`table`}, {@code time=<canonical>}, {@code grain=<seconds>}, one
 *       {@code dimension=<canonical>} per dimension in declared order (a dimension that names a
 *       column entry contributes that entry's canonical expression), then one
 *       {@code measure=`Name`=<canonical aggregate>} per measure sorted by name; each line ends in
 *       {@code \n}. Retention, {@code async} and {@code from} are not part of the shape.</li>
 * </ul>
 * A new version string (v2) is the only way to change either scheme.
 */
package io.noemata.core.expr;

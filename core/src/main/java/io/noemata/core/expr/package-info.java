/**
 * Canonical expressions.
 *
 * {@link io.noemata.core.expr.ExprParser} reads a ClickHouse expression with core's parser (the
 * one the rewriter reads queries with, {@link io.noemata.core.sql.SqlParser}) and turns its span tree
 * into an {@link io.noemata.core.expr.CanonicalExpr} in which operators, subscripts, CASE, CAST, BETWEEN and
 * INTERVAL are already the functions ClickHouse rewrites them to. So {@code m['k']},
 * {@code arrayElement(m, 'k')}, {@code `m`[ 'k' ]} and {@code "m"['k']} are one tree; so are
 * {@code a AND b} and {@code a and b}. Case-insensitive ClickHouse functions take one spelling
 * ({@code COUNT()} is {@code count()}). {@link io.noemata.core.expr.Canonical#text} prints a
 * tree one way only: function form with plain function names bare, column names bare when plain
 * and not a keyword and backtick-quoted otherwise, strings single-quoted with backslash escapes,
 * {@code ", "} between arguments.
 *
 * The content hashes that name stored objects are taken over this text ({@code io.noemata.core.naming}).
 */
package io.noemata.core.expr;

/**
 * Reading time in a query: constant instants ({@link io.noemata.rewriter.time.TimeConstant}),
 * intervals, instants moved by intervals, points that move with the server's clock ({@link
 * io.noemata.rewriter.time.RelativeTime}), column-free integers, how an expression depends on the
 * time column ({@link io.noemata.rewriter.time.TimeForm}) and a table's time sorting key. Values,
 * never decisions: the checks and the union rewrite decide from them. Imports only {@code syntax}.
 */
package io.noemata.rewriter.time;

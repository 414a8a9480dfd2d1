/**
 * How a level reads its time window from a rollup ({@link io.noemata.rewriter.union.WindowRead}):
 * whole buckets alone when every raw bound lies on a bucket boundary ({@link
 * io.noemata.rewriter.union.BucketBoundaries}), else the union rewrite beyond the seed, whole buckets
 * from the rollup and the ragged edges from raw rows ({@link io.noemata.rewriter.union.RawEdges}),
 * or split where the server's clock places it ({@link io.noemata.rewriter.union.MovingEdges}).
 * Imports {@code syntax}, {@code time}, {@code checks} and {@code provenance}, never {@code rules}.
 */
package io.noemata.rewriter.union;

package io.noemata.rewriter.union;

import io.noemata.core.catalog.Rollup;
import io.noemata.core.sql.TableExpr;
import io.noemata.rewriter.time.TimeKey;

/** A union rewrite's plan: what replaces the level's table so it reads rollup buckets plus raw rows. */
public sealed interface UnionEdges permits RawEdges, MovingEdges {

  /**
   * The text that replaces the level's table; {@code bucketAsTime} reads the bucket as the time
   * column's type; {@code key}, the table's leading sorting key when it is a floor of the time column.
   */
  String from(String sql, TableExpr.Table table, String database, Rollup rollup, String bucketAsTime,
      java.util.Optional<TimeKey> key);
}

package io.noemata.rewriter;

import java.util.Objects;

/**
 * One candidate rollup at one query level: the one the level reads ({@code read}), or one it did
 * not read with a stable code, a sentence saying why and what would make it match (in the manner
 * of Oracle's EXPLAIN_REWRITE: code, object, reason, remedy).
 *
 * @param level the query level, numbered as in {@link StoredColumnUse#level()}
 * @param table the physical table the level reads, {@code database.table}
 * @param rollup the rollup's key, e.g. {@code r_logs}
 * @param stableView the view the rewritten level reads (or would read)
 * @param read true when the level now reads this rollup
 * @param rawEdges true when it reads the rollup's whole buckets and raw rows for the window's
 *     ragged edges (the union rewrite)
 * @param code why it was not read; null when read
 * @param reason a readable sentence naming what did not match; null when read
 * @param remedy what would let it match; null when read
 */
public record RollupUse(int level, String table, String rollup, String stableView, boolean read,
    boolean rawEdges, RollupSkip code, String reason, String remedy) {

  public RollupUse {
    Objects.requireNonNull(table, "table");
    Objects.requireNonNull(rollup, "rollup");
    Objects.requireNonNull(stableView, "stableView");
    if (read != (code == null) || (code == null) != (reason == null) || (code == null) != (remedy == null)
        || rawEdges && !read) {
      throw new IllegalArgumentException("a read rollup has no reason; a skipped one has code, reason and remedy");
    }
  }

  public static RollupUse read(int level, String table, String rollup, String stableView, boolean rawEdges) {
    return new RollupUse(level, table, rollup, stableView, true, rawEdges, null, null, null);
  }

  public static RollupUse skipped(int level, String table, String rollup, String stableView, RollupSkip code,
      String reason) {
    return new RollupUse(level, table, rollup, stableView, false, false, code, reason, code.remedy);
  }
}

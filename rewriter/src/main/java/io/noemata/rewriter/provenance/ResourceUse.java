package io.noemata.rewriter.provenance;

import java.util.Objects;

/**
 * One use the result lists under {@code resources}, in the seed's words: {@code substituted} and
 * {@code kept} for stored columns, {@code rollup} for the rollup a level read, and
 * {@code skipped_rollup} with the reason for every rollup it did not read.
 */
public sealed interface ResourceUse permits StoredColumnUse, RollupUse {

  /** The query level, numbered from 1 in the order levels start in the text (a level starts at its own WITH). */
  int level();

  /** The physical table the level reads, {@code database.table}. */
  String table();

  /** The seed's word for this use. */
  default Word word() {
    if (this instanceof Substituted) {
      return Word.SUBSTITUTED;
    }
    if (this instanceof Kept) {
      return Word.KEPT;
    }
    return this instanceof Rollup ? Word.ROLLUP : Word.SKIPPED_ROLLUP;
  }

  /** Every field of a use is present: a use with a missing name is a bug of the rule that made it. */
  private static void required(Object... fields) {
    for (Object f : fields) {
      Objects.requireNonNull(f, "resource use field");
    }
  }

  /** The seed's words, as {@code Table.source} lists them. */
  enum Word {
    SUBSTITUTED("substituted"), KEPT("kept"), ROLLUP("rollup"), SKIPPED_ROLLUP("skipped_rollup");

    /** As the seed spells it. */
    public final String text;

    Word(String text) {
      this.text = text;
    }
  }

  /**
   * A Map subscript the query now reads from the stored column that holds it.
   *
   * @param expression the subscript as written, e.g. {@code `ResourceAttributes`['k8s.pod.name']}
   * @param start where it starts in the original text
   * @param column the stored column holding it
   */
  record Substituted(int level, String table, String expression, int start, String column)
      implements StoredColumnUse {
    public Substituted {
      required(table, expression, column);
    }
  }

  /** A Map subscript a stored column holds, left as written {@code reason}. */
  record Kept(int level, String table, String expression, int start, String column, KeptReason reason)
      implements StoredColumnUse {
    public Kept {
      required(table, expression, column, reason);
    }
  }

  /**
   * The rollup a level reads.
   *
   * @param rollup the rollup's key, e.g. {@code r_logs}
   * @param stableView the rollup's stable view, the name users and other tools know it by (the
   *     rewritten level reads its target)
   * @param rawEdges true when it reads the rollup's whole buckets and raw rows for the window's
   *     ragged edges (the union rewrite)
   */
  record Rollup(int level, String table, String rollup, String stableView, boolean rawEdges) implements RollupUse {
    public Rollup {
      required(table, rollup, stableView);
    }
  }

  /**
   * A rollup a level did not read, with a stable code, a sentence saying why and what would make it
   * match (in the manner of Oracle's EXPLAIN_REWRITE: code, object, reason, remedy).
   *
   * @param stableView the rollup's stable view
   * @param code the condition of the seed's "Rollups" rule that failed
   * @param reason a readable sentence naming what did not match
   */
  record SkippedRollup(int level, String table, String rollup, String stableView, RollupSkip code, String reason)
      implements RollupUse {
    public SkippedRollup {
      required(table, rollup, stableView, code, reason);
    }

    /** What would let it match, as told to the user. */
    public String remedy() {
      return code.remedy;
    }
  }
}

package io.noemata.rewriter;

import java.util.List;
import java.util.Objects;

/**
 * What the rewriter did and why: the stored-column uses it substituted or kept, the rollup each
 * level read and why every other candidate was skipped, or the reason the statement was not
 * understood (then it was sent as written).
 *
 * @param notUnderstood the parser's refusal, null when the statement was understood
 * @param storedColumns every subscript an installed stored column holds, in text order
 * @param rollups every candidate rollup per level: read, or skipped with a reason
 */
public record Provenance(String notUnderstood, List<StoredColumnUse> storedColumns, List<RollupUse> rollups) {

  public Provenance {
    storedColumns = List.copyOf(storedColumns);
    rollups = List.copyOf(rollups);
    if (notUnderstood != null && !(storedColumns.isEmpty() && rollups.isEmpty())) {
      throw new IllegalArgumentException("a statement not understood has no uses");
    }
  }

  public Provenance(String notUnderstood, List<StoredColumnUse> storedColumns) {
    this(notUnderstood, storedColumns, List.of());
  }

  static Provenance refused(String reason) {
    return new Provenance(Objects.requireNonNull(reason, "reason"), List.of());
  }
}

package io.noemata.rewriter.provenance;

import java.util.ArrayList;
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

  /** The statement understood, with {@code uses} in the order the rules made them. */
  public static Provenance of(List<? extends ResourceUse> uses) {
    List<StoredColumnUse> storedColumns = new ArrayList<>();
    List<RollupUse> rollups = new ArrayList<>();
    for (ResourceUse use : uses) {
      if (use instanceof StoredColumnUse s) {
        storedColumns.add(s);
      } else {
        rollups.add((RollupUse) use); // ResourceUse permits only these two
      }
    }
    return new Provenance(null, storedColumns, rollups);
  }

  /** Not understood {@code reason}: no uses. */
  public static Provenance refused(String reason) {
    return new Provenance(Objects.requireNonNull(reason, "reason"), List.of());
  }

  /** The {@code rollup} uses: the rollup each level read. */
  public List<ResourceUse.Rollup> rollupsRead() {
    return rollups.stream().filter(ResourceUse.Rollup.class::isInstance).map(ResourceUse.Rollup.class::cast).toList();
  }

  /** The {@code skipped_rollup} uses: every rollup a level did not read, with the reason. */
  public List<ResourceUse.SkippedRollup> skippedRollups() {
    return rollups.stream().filter(ResourceUse.SkippedRollup.class::isInstance)
        .map(ResourceUse.SkippedRollup.class::cast).toList();
  }

  /** Every use: the rollups per level, then the stored columns in text order. */
  public List<ResourceUse> uses() {
    List<ResourceUse> out = new ArrayList<>(rollups);
    out.addAll(storedColumns);
    return List.copyOf(out);
  }
}

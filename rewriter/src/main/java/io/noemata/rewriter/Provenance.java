package io.noemata.rewriter;

import java.util.List;
import java.util.Objects;

/**
 * What the rewriter did and why: the stored-column uses it substituted or kept, or the reason the
 * statement was not understood (then it was sent as written).
 *
 * @param notUnderstood the parser's refusal, null when the statement was understood
 * @param storedColumns every subscript an installed stored column holds, in text order
 */
public record Provenance(String notUnderstood, List<StoredColumnUse> storedColumns) {

  public Provenance {
    storedColumns = List.copyOf(storedColumns);
    if (notUnderstood != null && !storedColumns.isEmpty()) {
      throw new IllegalArgumentException("a statement not understood has no uses");
    }
  }

  static Provenance refused(String reason) {
    return new Provenance(Objects.requireNonNull(reason, "reason"), List.of());
  }
}

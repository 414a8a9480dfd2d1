package io.noemata.rewriter.checks;

import io.noemata.rewriter.provenance.RollupSkip;
import java.util.Objects;

/**
 * A condition of the seed's "Rollups" rule that a level fails for one candidate: a value, never an
 * exception, so a fault of the rule (an unexpected exception) can never pass for one; it surfaces
 * as {@link RollupSkip#RULE_FAILED}, which no check returns.
 *
 * @param code the condition failed
 * @param reason what in the level fails it, as told to the user
 */
public record Skip(RollupSkip code, String reason) {

  public Skip {
    Objects.requireNonNull(code, "code");
    Objects.requireNonNull(reason, "reason");
    if (code == RollupSkip.RULE_FAILED) {
      throw new IllegalArgumentException("RULE_FAILED is a fault of the rule, never a condition it checks");
    }
  }
}

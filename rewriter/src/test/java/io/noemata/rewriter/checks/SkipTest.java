package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertThrows;

import io.noemata.rewriter.provenance.RollupSkip;
import org.junit.jupiter.api.Test;

/** A bug must never look like a skip: RULE_FAILED reports a fault of the rule and is no condition a check returns. */
class SkipTest {

  @Test
  void noCheckCanReturnRuleFailed() {
    assertThrows(IllegalArgumentException.class, () -> new Skip(RollupSkip.RULE_FAILED, "a fault"));
  }

  @Test
  void everySkipNamesItsReason() {
    assertThrows(NullPointerException.class, () -> new Skip(RollupSkip.NO_WINDOW, null));
    assertThrows(NullPointerException.class, () -> new Skip(null, "why"));
  }
}

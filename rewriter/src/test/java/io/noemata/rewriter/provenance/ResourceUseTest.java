package io.noemata.rewriter.provenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

class ResourceUseTest {

  private static final ResourceUse.Substituted SUBSTITUTED =
      new ResourceUse.Substituted(1, "otel.otel_logs", "m['k']", 7, "__nm_x");
  private static final ResourceUse.Kept KEPT =
      new ResourceUse.Kept(2, "otel.otel_logs", "m['k']", 40, "__nm_x", KeptReason.TABLE_NOT_ALONE);
  private static final ResourceUse.Rollup ROLLUP =
      new ResourceUse.Rollup(1, "otel.otel_logs", "logs_1h", "noemata_rollup_logs_logs_1h", false);
  private static final ResourceUse.SkippedRollup SKIPPED = new ResourceUse.SkippedRollup(1, "otel.otel_logs",
      "logs_1m", "noemata_rollup_logs_logs_1m", RollupSkip.COARSER_ROLLUP_READ, "logs_1h answers the level");

  @Test
  void eachUseCarriesTheSeedsWord() {
    assertEquals(List.of("substituted", "kept", "rollup", "skipped_rollup"),
        List.of(SUBSTITUTED, KEPT, ROLLUP, SKIPPED).stream().map(u -> u.word().text).toList());
    assertEquals(RollupSkip.COARSER_ROLLUP_READ.remedy, SKIPPED.remedy());
  }

  @Test
  void provenanceListsTheRollupsReadAndSkippedApart() {
    Provenance p = new Provenance(null, List.of(SUBSTITUTED, KEPT), List.of(SKIPPED, ROLLUP));
    assertEquals(List.of(ROLLUP), p.rollupsRead());
    assertEquals(List.of(SKIPPED), p.skippedRollups());
    assertEquals(List.of(SKIPPED, ROLLUP, SUBSTITUTED, KEPT), p.uses());
  }

  @Test
  void aUseNeedsEveryNameAndAKeptOneItsReason() {
    assertThrows(NullPointerException.class, () -> new ResourceUse.Kept(1, "t", "m['k']", 0, "c", null));
    assertThrows(NullPointerException.class, () -> new ResourceUse.SkippedRollup(1, "t", "r", "v", null, "why"));
    assertThrows(IllegalArgumentException.class, () -> new Provenance("not understood", List.of(SUBSTITUTED)));
  }
}

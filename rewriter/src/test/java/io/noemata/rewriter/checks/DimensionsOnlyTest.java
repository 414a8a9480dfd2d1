package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.core.catalog.Rollup;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The seed: "every column the query groups, filters or selects by is a dimension, or an expression over dimensions". */
class DimensionsOnlyTest {

  private final Rollup logs = RollupCatalog.logsRollup(RollupCatalog.COVERED_FROM, null);

  @Test
  void aDimensionIsRead() {
    assertEquals(Optional.empty(), DimensionsOnly.check("ServiceName", "l.ServiceName", Levels.logs(), logs));
  }

  @Test
  void aColumnThatIsNoDimensionIsNotStored() {
    Levels.skips(RollupSkip.COLUMN_NOT_DIMENSION, DimensionsOnly.check("Body", "Body", Levels.logs(), logs));
    assertEquals(RollupSkip.COLUMN_NOT_DIMENSION, DimensionsOnly.star().code(), "* reads every column");
  }

  @Test
  void aNameThatIsNoColumnOfTheTableIsNotUnderstood() {
    Levels.skips(RollupSkip.NOT_UNDERSTOOD, DimensionsOnly.check("Nope", "Nope", Levels.logs(), logs));
  }
}

package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.core.catalog.Rollup;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A name the rewritten level reads must mean on the rollup what it meant on the table. */
class NamesBoundTest {

  private final Rollup logs = RollupCatalog.logsRollup(RollupCatalog.COVERED_FROM, null);

  @Test
  void theRollupAddsItsBucketAndEveryStoredState() {
    assertEquals(List.of("bucket", "LogCount", "UniqTraces"), NamesBound.generated(logs));
  }

  @Test
  void anAliasNamedLikeAColumnTheRollupAddsWouldHideIt() {
    Levels.skips(RollupSkip.NAME_BOUND, NamesBound.check(logs, Set.of("bucket"), Set.of()));
    Levels.skips(RollupSkip.NAME_BOUND, NamesBound.check(logs, Set.of(), Set.of("LogCount")));
  }

  @Test
  void otherNamesHideNothing() {
    assertEquals(Optional.empty(), NamesBound.check(logs, Set.of("n", "ServiceName", "t"), Set.of("s")));
  }
}

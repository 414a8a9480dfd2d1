package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.core.catalog.Rollup;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import org.junit.jupiter.api.Test;

/** The seed: a rollup answers when "the view table as declared now derives the rollup that was installed (the same content hash)". */
class SameContentHashTest {

  private final Rollup installed = RollupCatalog.logsRollup(RollupCatalog.COVERED_FROM, null);

  @Test
  void aTargetNamedAfterTheHashTheLedgerRecordedIsRead() {
    assertEquals(java.util.Optional.empty(), SameContentHash.check(installed));
  }

  @Test
  void aTargetNotNamedAfterTheHashTheLedgerRecordedIsNotRead() {
    Rollup stale = new Rollup(installed.key(), installed.stableView(), installed.stableView() + "__99999999",
        installed.contentHash(), installed.grain(), installed.timeColumn(), installed.bucketColumn(),
        installed.dimensions(), installed.measures(), installed.coveredFrom(), installed.coveredUntil());
    Levels.skips(RollupSkip.CONTENT_HASH_DIFFERS, SameContentHash.check(stale));
  }
}

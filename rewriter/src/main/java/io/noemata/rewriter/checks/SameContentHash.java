package io.noemata.rewriter.checks;

import io.noemata.core.catalog.Rollup;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.Optional;

/**
 * The seed's "the view table as declared now derives the rollup that was installed (the same content
 * hash)". The catalog is read from the server (the ledger and the tables), not from the resources
 * file, so the hash checked is the one the ledger recorded: the target must be named after it.
 */
public final class SameContentHash {

  private SameContentHash() {}

  public static Optional<Skip> check(Rollup r) {
    if (r.target().endsWith("__" + r.contentHash())) {
      return Optional.empty();
    }
    return Optional.of(new Skip(RollupSkip.CONTENT_HASH_DIFFERS, r.key() + " was installed from hash " + r.contentHash()
        + " but the view table as declared now derives another target than " + r.target()));
  }
}

package io.noemata.rewriter.checks;

import io.noemata.core.catalog.Rollup;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.Map;
import java.util.Optional;

/** The seed's "the view table as declared now derives the rollup that was installed (the same content hash)". */
public final class SameContentHash {

  private SameContentHash() {}

  /**
   * @param declaredHashes by rollup key, the hash the view table as declared now derives; a key not
   *     listed is trusted, but the target must still be named after the hash the ledger recorded
   */
  public static Optional<Skip> check(Rollup r, Map<String, String> declaredHashes) {
    String declared = declaredHashes.get(r.key());
    if (r.target().endsWith("__" + r.contentHash()) && (declared == null || declared.equals(r.contentHash()))) {
      return Optional.empty();
    }
    return Optional.of(new Skip(RollupSkip.CONTENT_HASH_DIFFERS, r.key() + " was installed from hash " + r.contentHash()
        + " but the view table as declared now derives " + (declared != null ? declared
        : "another target than " + r.target())));
  }
}

package io.noemata.rewriter;

import io.noemata.rewriter.provenance.Provenance;
import java.util.Objects;

/**
 * What to send and why.
 *
 * @param sql the text to send: the original itself when nothing changed
 * @param changed true when {@code sql} differs from the original
 * @param provenance what each rule did
 */
public record RewriteResult(String sql, boolean changed, Provenance provenance) {

  public RewriteResult {
    Objects.requireNonNull(sql, "sql");
    Objects.requireNonNull(provenance, "provenance");
  }
}

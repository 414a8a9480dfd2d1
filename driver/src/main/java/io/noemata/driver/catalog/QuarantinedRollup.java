package io.noemata.driver.catalog;

import io.noemata.core.catalog.TableName;
import java.util.Objects;

/**
 * A rollup the ledger records as quarantined: the online check found its buckets differing from
 * the raw rows, so no statement reads it until {@code publish} repairs it. The driver names it in
 * the warnings of statements that read its source table.
 *
 * @param source the raw table it would answer for
 * @param key its resources-file key
 * @param stableView the view queries would read
 * @param reason the failing bucket and measure, as the ledger has them
 */
public record QuarantinedRollup(TableName source, String key, String stableView, String reason) {

  public QuarantinedRollup {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(stableView, "stableView");
    reason = reason == null ? "" : reason;
  }
}

package io.noemata.installer.ledger;

import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerSchema;
import io.noemata.core.ledger.LedgerState;
import io.noemata.core.ledger.LedgerWriter;
import io.noemata.installer.plan.Accelerator;
import io.noemata.installer.plan.StoredMeasure;
import java.time.Instant;
import java.util.List;

/** The first ledger row of a declaration. */
public final class Rows {

  private Rows() {}

  public static LedgerRow of(Accelerator a, String namespace, String revision, LedgerState state, Instant now) {
    String stableView = "";
    String source = "";
    String time = "";
    long grain = 0;
    long retention = 0;
    List<String> dims = List.of();
    List<String> names = List.of();
    List<String> defs = List.of();
    List<String> cols = List.of();
    if (a instanceof Accelerator.Rollup r) {
      stableView = r.stableView();
      source = r.source().table();
      time = r.timeColumn();
      grain = r.grainSeconds();
      retention = r.retentionSeconds();
      dims = r.dimensions().stream().map(Accelerator.Dimension::column).toList();
      names = r.measures().stream().map(StoredMeasure::name).toList();
      defs = r.measures().stream().map(StoredMeasure::definition).toList();
      cols = r.measures().stream().map(StoredMeasure::column).toList();
    }
    return new LedgerRow(LedgerSchema.FORMAT_VERSION,
        new LedgerRow.Identity(namespace, a.kind(), a.key(), a.table().database(), a.table().table(), a.object()),
        new LedgerRow.Declared(a.contentHash(), a.async(), a.file(), revision, a.declaration()), state,
        new LedgerRow.Shape(stableView, source, time, grain, retention, dims, names, defs, cols),
        LedgerRow.Backfill.NONE, LedgerRow.Retirement.NONE, LedgerRow.Quarantine.NONE, now,
        LedgerWriter.nextVersion());
  }
}

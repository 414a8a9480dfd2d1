package io.noemata.installer.steps;

import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerState;
import io.noemata.core.system.Scope;
import io.noemata.core.system.SystemTable;
import io.noemata.core.system.SystemTables;
import io.noemata.installer.ddl.ColumnDdl;
import io.noemata.installer.ddl.IndexDdl;
import io.noemata.installer.ddl.ProjectionDdl;
import io.noemata.installer.ddl.RollupDdl;
import io.noemata.installer.ledger.Rows;
import io.noemata.installer.plan.Accelerator;
import io.noemata.installer.plan.Cutovers;
import io.noemata.installer.plan.Planner;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * "Install and backfill. The installer adds columns, indexes, projections, rollup targets, and
 * views. It waits for mutations that write columns and indexes into existing parts [...]. For
 * async entries, publication waits only for the initial steps." Every step is idempotent, so a
 * rerun after a crash repeats what was not recorded as done.
 */
final class Install {

  private Install() {}

  /** The initial steps of {@code a}; for synchronous columns, indexes and projections also the wait. */
  static void run(Session s, Accelerator a) throws SQLException, InstallException {
    s.options.progress().step("install " + a.kind() + " " + a.key() + " on " + a.table() + ": " + a.object());
    if (a instanceof Accelerator.Rollup r && r.refresh().isPresent()) {
      Refreshed.run(s, r);
      return;
    }
    if (a instanceof Accelerator.Rollup r) {
      rollup(s, r);
      return;
    }
    LedgerRow row = start(s, a);
    if (a instanceof Accelerator.StoredColumn c && !c.existing()) {
      executeAll(s, ColumnDdl.statements(c, s.placement(), present(s, c)));
    } else if (a instanceof Accelerator.SkipIndex i) {
      executeAll(s, IndexDdl.statements(i, s.placement()));
    } else if (a instanceof Accelerator.Projection p) {
      executeAll(s, ProjectionDdl.statements(p, s.placement()));
    }
    objectRecorded(s, a);
    if (!a.async()) {
      Mutations.await(s, a.storage(), a.kind() + " " + a.key());
      s.record(row.withRetirement(LedgerState.READY, null, null, null, s.now(), next()));
    }
  }

  private static void executeAll(Session s, java.util.List<String> statements) throws SQLException {
    for (String sql : statements) {
      s.execute(sql);
    }
  }

  /** The ledger row for {@code a} in state installing (a retired one is taken back). */
  private static LedgerRow start(Session s, Accelerator a) throws SQLException {
    LedgerRow row = s.ledger.get(Planner.identity(a));
    if (row == null || row.state() == LedgerState.PRUNED) {
      row = Rows.of(a, s.plan.namespace(), s.plan.revision(), LedgerState.INSTALLING, s.now());
    } else {
      row = row.withRetirement(LedgerState.INSTALLING, null, null, null, s.now(), next())
          .withRevision(s.plan.revision(), s.now(), next());
    }
    s.record(row);
    return row;
  }

  private static void rollup(Session s, Accelerator.Rollup r) throws SQLException, InstallException {
    String db = r.table().database();
    LedgerRow row = s.ledger.get(Planner.identity(r));
    boolean fresh = Cutovers.takesNew(row);
    if (fresh) {
      // the cutover is planned when the view is about to be created, never before slower steps
      row = Rows.of(r, s.plan.namespace(), s.plan.revision(), LedgerState.INSTALLING, s.now());
      s.record(row);
    }
    executeAll(s, RollupDdl.createTargets(r, s.placement()));
    if (!fresh && row.shape().retentionSeconds() != r.retentionSeconds()) {
      s.execute(RollupDdl.modifyTtl(r, s.placement()));
      LedgerRow before = row;
      row = Rows.of(r, s.plan.namespace(), s.plan.revision(), row.state(), s.now())
          .withBackfill(row.backfill().cutover(), row.backfill().backfillFloor(), row.backfill().backfilledFrom(),
              s.now(), next())
          .withQuarantine(row.state(), before.quarantine().reason(), before.quarantine().days(), s.now(), next())
          .withWatermarks(before.watermarks(), s.now(), next());
      s.record(row);
    }
    String mv = statement(s, db, r.materializedView());
    if (mv != null && RollupDdl.refreshed(mv)) {
      // a refreshed view before: its target holds its last refresh, which inserts never fed
      s.options.progress().step("  " + r.key() + " is fed by inserts now: refilling " + r.object());
      s.execute(RollupDdl.dropMaterializedView(db, r.materializedView(), s.placement()));
      s.execute(RollupDdl.truncateTarget(r, s.placement()));
      mv = null;
      fresh = true;
    } else if (mv != null && !mv.contains(r.viewSource().table())) {
      // fed from another table now (the source is not part of the content hash, so the target is
      // kept): its rows came through the old feed and a refill on top would count them twice
      s.options.progress().step("  " + r.key() + " is fed from " + r.viewSource().table() + " now: refilling " + r.object());
      s.execute(RollupDdl.dropMaterializedView(db, r.materializedView(), s.placement()));
      s.execute(RollupDdl.truncateTarget(r, s.placement()));
      mv = null;
      fresh = true;
    } else if (mv != null && !fresh && s.plan.changed(db, r.materializedView(), mv)) {
      // changed on the server but still writing into this target: put its query back in place
      s.execute(RollupDdl.modifyQuery(r, row.backfill().cutover(), s.placement()));
    }
    if (fresh) {
      row = row.withBackfill(cutover(s, r), null, null, s.now(), next());
      s.record(row);
    } else if (mv == null && !s.now().isBefore(deadline(s, r, row))) {
      // the view did not exist when rows after the cutover began to arrive, so they are missing: start over
      s.options.progress().step("  the materialized view was missing after the cutover: refilling " + r.object());
      s.execute(RollupDdl.truncateTarget(r, s.placement()));
      row = row.withBackfill(cutover(s, r), null, null, s.now(), next());
      s.record(row);
    }
    if (mv == null) {
      s.execute(RollupDdl.createMaterializedView(r, row.backfill().cutover(), s.placement()));
    }
    objectRecorded(s, r);
    // a quarantined rollup stays so until Repair has rewritten its days
    LedgerState state = row.state() == LedgerState.QUARANTINED ? LedgerState.QUARANTINED
        : row.state() == LedgerState.READY && row.backfill().backfilledFrom() != null ? LedgerState.READY
        : LedgerState.BACKFILLING;
    s.record(row.withRetirement(state, null, null, null, s.now(), next()).withRevision(s.plan.revision(), s.now(),
        next()));
  }

  /**
   * Until when a view planned with the ledger's cutover may still be created without missing rows:
   * the cutover itself; for a {@code from} rollup whose cutover is the bucket of the finer one's
   * cutover, when the finer target first receives rows (the finer view writes nothing at or after
   * our bucket before it).
   */
  static Instant deadline(Session s, Accelerator.Rollup r, LedgerRow row) {
    if (r.from() == null) {
      return row.backfill().cutover();
    }
    Accelerator.Rollup finer = finer(s, r);
    Instant writes = firstWrite(s, finer); // non-null only when the finer cutover is planned
    if (writes != null) {
      long g = finer.grainSeconds();
      long finerCutover = s.ledger.get(Planner.identity(finer)).backfill().cutover().getEpochSecond();
      if (Math.floorDiv(finerCutover, g) * g == row.backfill().cutover().getEpochSecond()
          && writes.isAfter(row.backfill().cutover())) {
        return writes;
      }
    }
    return row.backfill().cutover();
  }

  /** The cutover {@link Cutovers#choose} takes now, over this run's ledger. */
  static Instant cutover(Session s, Accelerator.Rollup r) {
    return Cutovers.choose(s.now(), s.options.cutoverDelay(), r, s.plan.declared(), ledger(s));
  }

  static Instant firstWrite(Session s, Accelerator.Rollup r) {
    return Cutovers.firstWrite(s.options.cutoverDelay(), r, s.plan.declared(), ledger(s));
  }

  static Accelerator.Rollup finer(Session s, Accelerator.Rollup r) {
    return Cutovers.finer(s.plan.declared(), r);
  }

  private static Cutovers.Ledger ledger(Session s) {
    return Cutovers.Ledger.of(s.ledger::get, s::atStart);
  }

  /** Whether the table holding the rows already has the stored column (a previous run added it). */
  private static boolean present(Session s, Accelerator.StoredColumn c) throws SQLException {
    Scope table = new Scope.Table(c.storage().database(), c.storage().table());
    return SystemTables.columns(s.connection, table).stream().anyMatch(col -> col.name().equals(c.object()));
  }

  static String statement(Session s, String db, String table) throws SQLException {
    return SystemTables.table(s.connection, db, table).map(SystemTable::createTableQuery).orElse(null);
  }

  /** The objects table: each object with its kind and settings, so the storage describes itself. */
  static void objectRecorded(Session s, Accelerator a) throws SQLException {
    String db = a.table().database();
    Map<String, Object> settings = new LinkedHashMap<>();
    settings.put("declaration", a.declaration());
    settings.put("source_table", a.table().toString());
    if (a instanceof Accelerator.Rollup r) {
      s.writer.recordObject(db, r.object(), r.object(), "rollup_target", r.key(), settings, false);
      String written = statement(s, db, r.materializedView());
      settings.put("server_statement", written);
      // drift is compared with the statement as the server wrote it, by this digest
      settings.put(io.noemata.core.ledger.RecordedStatements.STATEMENT_DIGEST, written == null ? null
          : io.noemata.core.naming.Names.sha256Hex(written));
      s.writer.recordObject(db, r.materializedView(), r.materializedView(), "materialized_view", r.key(), settings,
          false);
    } else if (!(a instanceof Accelerator.StoredColumn c && c.existing())) {
      s.writer.recordObject(db, a.table().table(), a.object(), a.kind().text(), a.key(), settings, false);
    }
  }

  static long next() {
    return io.noemata.core.ledger.LedgerWriter.nextVersion();
  }

  static void sleepUntil(Session s, Instant t) throws SQLException, InstallException {
    while (s.now().isBefore(t)) {
      s.lock.renew();
      try {
        s.options.sleeper().sleep(Duration.ofMillis(Math.max(10, Math.min(1000, Duration.between(s.now(), t).toMillis()))));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InstallException("interrupted while waiting for the cutover");
      }
    }
  }
}

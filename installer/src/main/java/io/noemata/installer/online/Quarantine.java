package io.noemata.installer.online;

import io.noemata.core.ledger.LedgerReader;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerState;
import io.noemata.core.ledger.LedgerWriter;
import io.noemata.core.ledger.LockHeldException;
import io.noemata.core.ledger.NamespaceLock;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * A ready rollup whose stored buckets differ from the raw rows is quarantined: its ledger row
 * becomes {@code quarantined} with the first failing bucket and measure ({@code quarantine}) and the
 * days to re-backfill ({@code quarantine_days}). Readers (the driver, for every client) read only
 * ready rollups, so the raw table answers until {@code publish} repairs it. Written under the
 * namespace lock, so a running publish and a quarantine never interleave their ledger writes.
 */
public final class Quarantine {

  private Quarantine() {}

  /** What was quarantined: one line per rollup. */
  public record Outcome(List<String> quarantined) {}

  /** Quarantines every rollup with a failure of {@code result}; nothing when it passed. */
  public static Outcome record(Connection c, String namespace, OnlineRollupCheck.Result result, String holder,
      Clock clock) throws SQLException, LockHeldException {
    Map<String, List<OnlineRollupCheck.Mismatch>> byRollup = new LinkedHashMap<>();
    for (OnlineRollupCheck.Mismatch m : result.failures()) {
      byRollup.computeIfAbsent(m.row().identity().text(), k -> new ArrayList<>()).add(m);
    }
    if (byRollup.isEmpty()) {
      return new Outcome(List.of());
    }
    List<String> databases = byRollup.values().stream().map(l -> l.get(0).row().identity().tableDatabase()).distinct().toList();
    List<String> out = new ArrayList<>();
    try (NamespaceLock lock = NamespaceLock.acquire(c, namespace, databases, holder, NamespaceLock.DEFAULT_TTL, clock)) {
      LedgerWriter writer = new LedgerWriter(c, namespace);
      Map<String, LedgerRow> current = new LinkedHashMap<>();
      for (String db : databases) {
        LedgerReader.rows(c, db, namespace).forEach(x -> current.put(x.identity().text(), x));
      }
      for (List<OnlineRollupCheck.Mismatch> failures : byRollup.values()) {
        LedgerRow row = failures.get(0).row();
        LedgerRow now = current.get(row.identity().text());
        if (now == null || now.version() != row.version() || now.state() != LedgerState.READY) {
          continue; // a publish changed it since the check read it: what was checked is gone
        }
        TreeSet<LocalDate> days = new TreeSet<>();
        failures.forEach(m -> days.add(LocalDate.ofInstant(m.bucket(), ZoneOffset.UTC)));
        String reason = reason(failures, clock);
        writer.write(row.identity().tableDatabase(), row.withQuarantine(LedgerState.QUARANTINED, reason,
            List.copyOf(days),
            clock.instant(), LedgerWriter.nextVersion()));
        out.add(row.identity().key() + " on " + row.identity().table() + ": " + reason);
      }
    }
    return new Outcome(out);
  }

  /** The first failing bucket and measure, how many more, and when. */
  static String reason(List<OnlineRollupCheck.Mismatch> failures, Clock clock) {
    String first = failures.get(0).text();
    return first + (failures.size() > 1 ? " (and " + (failures.size() - 1) + " more)" : "") + "; quarantined at "
        + clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS);
  }
}

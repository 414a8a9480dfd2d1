package io.noemata.cli;

import io.noemata.core.ledger.LockHeldException;
import io.noemata.core.ledger.NamespaceLock;
import io.noemata.installer.online.OnlineRollupCheck;
import io.noemata.installer.online.Quarantine;
import io.noemata.resources.parse.NotAProjectException;
import io.noemata.resources.parse.ProjectReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

/**
 * The rollup part of {@code validate --online}: each ready rollup against the raw table, as of the
 * server's clock (the rows' own clock: a client clock ahead of it would judge buckets still
 * settling). A rollup that fails is quarantined, so no client reads it until {@code publish}
 * repairs it.
 */
final class RollupValidation {

  private final OnlineRollupCheck.Result result;
  private final List<String> quarantined;
  private final String quarantineFailure;

  private RollupValidation(OnlineRollupCheck.Result result, List<String> quarantined, String quarantineFailure) {
    this.result = result;
    this.quarantined = quarantined;
    this.quarantineFailure = quarantineFailure;
  }

  static RollupValidation run(Connection c, Path project, Duration window) throws NotAProjectException {
    var read = ProjectReader.read(project);
    String namespace = read.project().settings().namespace();
    OnlineRollupCheck.Result result;
    Clock server;
    try {
      server = Clock.fixed(serverNow(c), ZoneOffset.UTC);
      result = OnlineRollupCheck.run(c, namespace, io.noemata.installer.plan.Declarations.databases(read.project()),
          window, server.instant());
    } catch (SQLException e) {
      throw ChConnection.failure("comparing rollups with raw rows", e);
    }
    try {
      var outcome = Quarantine.record(c, namespace, result, NamespaceLock.describeThisProcess(ChConnection.user())
          + " (validate)", Clock.systemUTC());
      return new RollupValidation(result, outcome.quarantined(), null);
    } catch (LockHeldException e) {
      return new RollupValidation(result, List.of(), e.getMessage());
    } catch (SQLException e) {
      return new RollupValidation(result, List.of(), ChConnection.firstLine(e.getMessage()));
    }
  }

  static Instant serverNow(Connection c) throws SQLException {
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT toUnixTimestamp64Milli(now64(3))")) {
      rs.next();
      return Instant.ofEpochMilli(rs.getLong(1));
    }
  }

  boolean passed() {
    return result.passed();
  }

  String text() {
    StringBuilder b = new StringBuilder();
    result.checked().forEach(x -> b.append("rollup checked: ").append(x).append('\n'));
    result.skipped().forEach(x -> b.append("rollup skipped: ").append(x).append('\n'));
    result.mismatches().forEach(x -> b.append("error: rollup mismatch: ").append(x).append('\n'));
    quarantined.forEach(x -> b.append("rollup quarantined (queries read the raw table until `noemata publish`"
        + " repairs it): ").append(x).append('\n'));
    if (quarantineFailure != null) {
      b.append("error: the failing rollups could not be quarantined: ").append(quarantineFailure).append('\n');
    }
    return b.toString();
  }
}

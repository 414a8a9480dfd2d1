package io.noemata.cli;

import io.noemata.installer.online.OnlineRollupCheck;
import io.noemata.resources.parse.NotAProjectException;
import io.noemata.resources.parse.ProjectReader;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;

/** The rollup part of {@code validate --online}: each ready rollup against the raw table. */
final class RollupValidation {

  private final OnlineRollupCheck.Result result;

  private RollupValidation(OnlineRollupCheck.Result result) {
    this.result = result;
  }

  static RollupValidation run(Connection c, Path project, Duration window) throws NotAProjectException {
    var read = ProjectReader.read(project);
    try {
      return new RollupValidation(OnlineRollupCheck.run(c, read.project().settings().namespace(),
          io.noemata.installer.plan.Declarations.databases(read.project()), window, Instant.now()));
    } catch (SQLException e) {
      throw ChConnection.failure("comparing rollups with raw rows", e);
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
    return b.toString();
  }
}

package io.noemata.cli;

import io.noemata.cli.advise.Advice;
import io.noemata.cli.advise.AdviceReport;
import io.noemata.cli.advise.Advisor;
import io.noemata.cli.advise.QueryLogWorkload;
import io.noemata.cli.advise.WorkloadFile;
import io.noemata.cli.advise.WorkloadQuery;
import io.noemata.installer.steps.Progress;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code noemata advise}: what-if. Replays a workload (a file of queries, or a server's
 * {@code system.query_log} over a time range) against accelerators it proposes, as if installed and
 * backfilled, without installing anything; per query which one answers it and the rows it would
 * read, the skip reason of the others; totals; then the resources file that declares them, checked
 * by the validator. Exit 0 the proposal is valid (warnings allowed), 1 it is not, 2 usage,
 * connection or workload failure.
 */
@Command(name = "advise", description = "Propose accelerators for a workload and show, without installing anything, what each query would read.")
final class AdviseCommand implements Callable<Integer> {

  @Mixin ProjectOptions options;

  static final class Source {
    @Option(names = "--workload", description = "A file of SQL queries separated by ';' (a comment before each names it).")
    Path file;

    @Option(names = "--query-log", description = "Read the workload from the server's system.query_log over this"
        + " long a range ending now, e.g. 24h or 7d.")
    String since;
  }

  @ArgGroup(exclusive = true, multiplicity = "1")
  Source source;

  @Option(names = "--query-log-limit", defaultValue = "500", description = "At most this many query shapes from system.query_log. Default: ${DEFAULT-VALUE}.")
  int limit;

  @Option(names = "--out", description = "Write the proposed resources file here (e.g. @frames/otel/advised.resources.json"
      + " of a project); without it the file is printed after the report.")
  Path out;

  @Option(names = "--database", description = "The database unqualified table names are read in. Default: the"
      + " connection's (the URL's path), else default.")
  String database;

  @Override
  public Integer call() {
    var read = options.read();
    PrintStream err = System.err;
    Progress progress = options.json ? Progress.QUIET : new CliProgress(err);
    List<WorkloadQuery> fromFile = source.file != null ? workloadFile() : null;
    try (Connection c = options.connect()) {
      List<WorkloadQuery> workload = fromFile != null ? fromFile : queryLog(c);
      Advice advice;
      try {
        advice = Advisor.run(options.project, read.project(), workload, c, database(c), progress);
      } catch (IllegalStateException e) {
        throw new UserError(e.getMessage(), 1);
      }
      String name = source.file != null ? source.file.toString() : "system.query_log (last " + source.since + ")";
      if (out != null) {
        write(out, advice.resourcesFile());
      }
      if (options.json) {
        System.out.println(AdviceReport.json(advice, out == null ? null : out.toString()));
      } else {
        System.out.print(AdviceReport.text(advice, name));
        System.out.println(out == null ? "\nthe proposed resources file:\n" + advice.resourcesFile() : "wrote " + out);
      }
      System.out.flush();
      return advice.valid() ? 0 : 1;
    } catch (SQLException e) {
      throw ChConnection.failure("advise", e);
    }
  }

  private String database(Connection c) throws SQLException {
    if (database != null) {
      return database;
    }
    String schema = c.getSchema();
    return schema == null || schema.isBlank() ? "default" : schema;
  }

  private List<WorkloadQuery> workloadFile() {
    List<WorkloadQuery> queries;
    try {
      queries = WorkloadFile.parse(Files.readString(source.file, StandardCharsets.UTF_8));
    } catch (NoSuchFileException e) {
      throw new UserError("the workload file " + source.file + " does not exist", 2);
    } catch (IOException e) {
      throw new UserError("cannot read the workload file " + source.file + ": " + e.getMessage(), 2);
    }
    if (queries.isEmpty()) {
      throw new UserError("the workload file " + source.file + " holds no query; write one SQL query per statement,"
          + " separated by ';'", 2);
    }
    return queries;
  }

  private List<WorkloadQuery> queryLog(Connection c) throws SQLException {
    List<WorkloadQuery> queries;
    if (!QueryLogWorkload.available(c)) {
      throw new UserError("this server keeps no system.query_log (the embedded engine has none; a server needs"
          + " <query_log> in its config): pass --workload FILE instead, e.g. the file `noemata demo` writes of its dashboard", 2);
    }
    Instant to = RollupValidation.serverNow(c); // event_time is the server's clock
    Instant from = to.minus(PublishCommand.duration(source.since));
    queries = QueryLogWorkload.read(c, from, to, limit);
    if (queries.isEmpty()) {
      throw new UserError("system.query_log holds no finished SELECT of the last " + source.since
          + "; widen --query-log or pass --workload FILE", 2);
    }
    return queries;
  }

  private static void write(Path file, String text) {
    try {
      if (file.toAbsolutePath().getParent() != null) {
        Files.createDirectories(file.toAbsolutePath().getParent());
      }
      Files.writeString(file, text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UserError("cannot write " + file + ": " + e.getMessage(), 2);
    }
  }
}

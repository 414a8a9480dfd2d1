package io.noemata.cli;

import io.noemata.resources.catalog.CatalogException;
import io.noemata.resources.catalog.JdbcCatalog;
import io.noemata.resources.parse.NotAProjectException;
import io.noemata.resources.validate.Report;
import io.noemata.resources.validate.Validator;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code noemata validate}: checks noemata.json, the frames and every resources file, offline from
 * the files alone. {@code --online} (the seed's word; "online" always means "against the database")
 * also validates against ClickHouse: it resolves physical tables and columns, reports what the
 * database cannot install, and compares each ready rollup with the raw table. {@code --url} (else
 * NOEMATA_CH_URL) only says which ClickHouse; alone it is a usage error, so no comparison runs
 * unasked. Exit 0 clean (warnings allowed), 1 errors or a rollup mismatch, 2 usage or connection
 * failure.
 */
@Command(name = "validate", description = "Check the project's frames and resources files; with --online, also against the database:"
    + " what it cannot install, and every ready rollup compared with the raw table.")
final class ValidateCommand implements Callable<Integer> {

  @Option(names = "--project", defaultValue = ".", description = "Project directory (holds noemata.json). Default: the current directory.")
  Path project;

  @Option(names = "--json", description = "Print the findings as JSON on stdout.")
  boolean json;

  @Option(names = "--online", description = "Also validate against the database: resolve tables and columns, report what it"
      + " cannot install, and compare each ready rollup with the raw table per bucket and measure.")
  boolean online;

  @Option(names = "--url", description = "Which ClickHouse --online validates against: jdbc:clickhouse://host:8123/db,"
      + " http://host:8123 or host:port. Default: NOEMATA_CH_URL.")
  String url;

  @Option(names = "--rollup-window", defaultValue = "1h", description = "With --online: how many of the most recent complete"
      + " buckets of each ready rollup are compared with the raw table (ending at least 5 minutes before now). Default: 1h.")
  String rollupWindow;

  @Override
  public Integer call() {
    String target = url != null ? url : System.getenv("NOEMATA_CH_URL");
    if (!online && url != null) {
      throw new UserError("--url names the ClickHouse that --online validates against: add --online"
          + " (without it validate checks the files alone)", 2);
    }
    if (online && (target == null || target.isBlank())) {
      throw new UserError("--online needs a ClickHouse: pass --url or set NOEMATA_CH_URL"
          + " (with NOEMATA_CH_USER and NOEMATA_CH_PASSWORD)", 2);
    }
    Report report;
    RollupValidation rollups = null;
    try {
      if (!online) {
        report = Validator.run(project, null);
      } else {
        try (Connection c = connect(jdbcUrl(target))) {
          report = Validator.run(project, new JdbcCatalog(c));
          rollups = RollupValidation.run(c, project, PublishCommand.duration(rollupWindow));
        } catch (SQLException e) {
          throw new UserError("cannot connect to ClickHouse at " + redact(target) + ": " + firstLine(e.getMessage())
              + "; check NOEMATA_CH_URL, NOEMATA_CH_USER and NOEMATA_CH_PASSWORD", 2);
        }
      }
    } catch (NotAProjectException e) {
      throw new UserError(e.getMessage(), 2);
    } catch (CatalogException e) {
      throw new UserError(e.getMessage() + "; check the connection and the user's grants on system tables", 2);
    }
    System.out.print(json ? report.json() : report.text());
    if (rollups != null && !json) {
      System.out.print(rollups.text());
    }
    System.out.flush();
    return rollups != null && !rollups.passed() ? Math.max(1, report.exitCode()) : report.exitCode();
  }

  private static Connection connect(String jdbcUrl) throws SQLException {
    Properties props = new Properties();
    String user = System.getenv("NOEMATA_CH_USER");
    String password = System.getenv("NOEMATA_CH_PASSWORD");
    if (user != null) {
      props.setProperty("user", user);
    }
    if (password != null) {
      props.setProperty("password", password);
    }
    Connection c = DriverManager.getConnection(jdbcUrl, props);
    if (!c.isValid(10)) {
      c.close();
      throw new SQLException("the server did not answer");
    }
    return c;
  }

  /** Accepts a JDBC URL, an http(s) URL or host:port. */
  static String jdbcUrl(String target) {
    String t = target.strip();
    if (t.startsWith("jdbc:")) {
      return t;
    }
    if (t.startsWith("http://") || t.startsWith("https://")) {
      return "jdbc:clickhouse:" + t;
    }
    return "jdbc:clickhouse://" + t;
  }

  /** The URL without a password written into it. */
  static String redact(String target) {
    return target.replaceAll("(?i)(password=)[^&]*", "$1***").replaceAll("//([^:/@]+):[^@/]*@", "//$1:***@");
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unknown error";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}

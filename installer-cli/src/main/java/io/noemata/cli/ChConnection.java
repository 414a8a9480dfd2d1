package io.noemata.cli;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * The operator's ClickHouse connection for installer commands: {@code --url} or NOEMATA_CH_URL,
 * with NOEMATA_CH_USER and NOEMATA_CH_PASSWORD. The password is never printed; URLs are shown
 * redacted.
 */
final class ChConnection {

  private ChConnection() {}

  /** The target URL from the flag or the environment; a UserError naming both when neither is set. */
  static String target(String url) {
    String t = url != null ? url : System.getenv("NOEMATA_CH_URL");
    if (t == null || t.isBlank()) {
      throw new UserError("no ClickHouse to install into: pass --url or set NOEMATA_CH_URL"
          + " (with NOEMATA_CH_USER and NOEMATA_CH_PASSWORD)", 2);
    }
    return t;
  }

  static String user() {
    String u = System.getenv("NOEMATA_CH_USER");
    return u == null || u.isBlank() ? "default" : u;
  }

  static Connection open(String target) {
    Properties props = new Properties();
    props.setProperty("user", user());
    String password = System.getenv("NOEMATA_CH_PASSWORD");
    if (password != null) {
      props.setProperty("password", password);
    }
    try {
      Connection c = DriverManager.getConnection(ValidateCommand.jdbcUrl(target), props);
      if (!c.isValid(10)) {
        c.close();
        throw new SQLException("the server did not answer");
      }
      return c;
    } catch (SQLException e) {
      throw new UserError("cannot connect to ClickHouse at " + ValidateCommand.redact(target) + ": "
          + firstLine(e.getMessage()) + "; check NOEMATA_CH_URL, NOEMATA_CH_USER and NOEMATA_CH_PASSWORD", 2);
    }
  }

  /** A ClickHouse failure during a command, as one line. */
  static UserError failure(String doing, SQLException e) {
    return new UserError(doing + " failed on ClickHouse: " + firstLine(e.getMessage())
        + "; nothing not ready is served; run the command again to resume", 1);
  }

  static String firstLine(String s) {
    if (s == null) {
      return "unknown error";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}

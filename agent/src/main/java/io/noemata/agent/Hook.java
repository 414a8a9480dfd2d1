package io.noemata.agent;

import io.noemata.driver.NoemataDriver;
import io.noemata.driver.proxy.InPlaceConnection;
import io.noemata.driver.proxy.InPlaceConnection.Planned;
import java.lang.reflect.InvocationTargetException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.Collections;
import java.util.Map;
import java.util.Properties;
import java.util.WeakHashMap;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the advice inlined into clickhouse-jdbc's classes calls. Public because the advice runs
 * inside those classes; everything here swallows its own failures, and a failure means "the
 * statement as the application wrote it".
 *
 * <p>One SQL-taking call per thread is decided at a time: clickhouse-jdbc's public methods call
 * each other, noemata reads its catalog through clickhouse-jdbc, and a fallback runs the method
 * again; each of those nested calls passes through as it is.
 */
public final class Hook {

  private static final String NOEMATA_PACKAGE = "io.noemata.driver.";
  private static final AtomicBoolean WARNED = new AtomicBoolean();
  private static final ThreadLocal<Boolean> DECIDING = new ThreadLocal<>();
  /** A call that is not decided here (nested, not ours): exit does nothing but leave it. */
  private static final Object PASS = new Object();
  /** clickhouse-jdbc's connections that noemata rewrites for, weakly: the application owns them. */
  private static final Map<Connection, InPlaceConnection> CONNECTIONS = Collections.synchronizedMap(new WeakHashMap<>());
  private static volatile AgentOptions options = new AgentOptions(true, Map.of());

  private Hook() {}

  static void configure(AgentOptions agentOptions) {
    options = agentOptions;
  }

  /**
   * The URL and properties clickhouse-jdbc is to read for a connection: {@code url} and
   * {@code info} without noemata's {@code noemata.*} names (the URL's query parameters, the
   * properties), as the URL swap hands them on; null when there are none, or when noemata made
   * the connection.
   */
  public static Object[] clickhouseArguments(String url, Properties info) {
    try {
      if (url == null || !(url.startsWith("jdbc:clickhouse:") || url.startsWith("jdbc:ch:"))) {
        return null;
      }
      NoemataDriver.ClickHouseArguments theirs = NoemataDriver.clickhouseArguments(url, info);
      return theirs == null ? null : new Object[] {theirs.url(), theirs.info()};
    } catch (Throwable t) {
      warnOnce("could not read noemata's properties for " + redacted(url) + " (" + t.getClass().getSimpleName() + ")");
      return null;
    }
  }

  /** A clickhouse-jdbc connection was made for {@code url}: its statements are rewritten, unless noemata made it. */
  public static void opened(Connection connection, String url, Properties info) {
    try {
      if (url == null || !(url.startsWith("jdbc:clickhouse:") || url.startsWith("jdbc:ch:")) || calledByNoemata()) {
        return;
      }
      Properties merged = new Properties();
      options.properties().forEach(merged::setProperty);
      if (info != null) {
        for (String name : info.stringPropertyNames()) {
          merged.setProperty(name, info.getProperty(name));
        }
        merged.putAll(info); // whatever their type, as the application gave them
      }
      CONNECTIONS.put(connection, NoemataDriver.inPlace(url, merged));
    } catch (Throwable t) {
      warnOnce("could not rewrite for " + redacted(url) + " (" + t.getClass().getSimpleName() + ": " + t.getMessage()
          + "); its statements are sent as written");
    }
  }

  /** noemata's catalog connections are clickhouse-jdbc's too: they are left alone. */
  private static boolean calledByNoemata() {
    return StackWalker.getInstance().walk(frames -> frames.anyMatch(f -> f.getClassName().startsWith(NOEMATA_PACKAGE)));
  }

  /**
   * Entry of the method where a statement receives its SQL: a {@link Planned} for the outermost
   * call on a connection noemata rewrites for, {@link #PASS} for another outermost call, null for
   * a nested one.
   */
  public static Object enter(Object self, String sql) {
    if (DECIDING.get() != null) {
      return null;
    }
    DECIDING.set(Boolean.TRUE);
    try {
      Connection connection = connectionOf(self);
      InPlaceConnection in = connection == null || sql == null ? null : CONNECTIONS.get(connection);
      return in == null ? PASS : in.plan((Statement) self, connection, sql);
    } catch (Throwable t) {
      warnOnce("could not decide a statement (" + t + "); sent as written");
      return PASS;
    }
  }

  /** The text to send for the call {@code token} came from. */
  public static String sent(Object token, String sql) {
    return token instanceof Planned p ? p.sent() : sql;
  }

  /**
   * Exit of the call {@link #enter} decided. When the rewritten text failed in a way the text as
   * written may not share, the method ({@code name}, {@code descriptor}) runs again with the text
   * as written and its outcome is the call's: {@link Outcome}.
   */
  public static Outcome exit(Object token, Object self, String name, String descriptor, Object[] args, Throwable thrown) {
    if (token == null) {
      return null;
    }
    try {
      if (!(token instanceof Planned p)) {
        return null;
      }
      InPlaceConnection in = CONNECTIONS.get(connectionOf(self));
      if (in == null) {
        return null;
      }
      in.executed(p);
      if (thrown == null || !in.fallsBack(p, thrown)) {
        return null;
      }
      Object[] again = args.clone();
      again[0] = p.provenance().original();
      try {
        Object value = Methods.find(self.getClass(), name, descriptor).invoke(self, again);
        in.fellBack(p, (SQLException) thrown);
        return new Outcome(value, null);
      } catch (InvocationTargetException e) {
        e.getCause().addSuppressed(thrown); // the statement as written fails too: its error is the one to see
        return new Outcome(null, e.getCause());
      }
    } catch (Throwable t) {
      warnOnce("could not finish a statement (" + t + ")");
      return null;
    } finally {
      DECIDING.remove();
    }
  }

  /** What a call returns or throws after its fallback ran. */
  public record Outcome(Object value, Throwable thrown) {}

  /** A statement's warnings: noemata's provenance first, then clickhouse-jdbc's own. */
  public static SQLWarning warnings(Object statement, SQLWarning theirs) {
    try {
      InPlaceConnection in = CONNECTIONS.get(connectionOf(statement));
      return in == null ? theirs : in.warnings((Statement) statement, theirs);
    } catch (Throwable t) {
      return theirs;
    }
  }

  public static void clearWarnings(Object statement) {
    try {
      InPlaceConnection in = CONNECTIONS.get(connectionOf(statement));
      if (in != null) {
        in.clearWarnings((Statement) statement);
      }
    } catch (Throwable t) {
      // the application's own warnings are cleared by clickhouse-jdbc either way
    }
  }

  /** The connection of a statement, or null when it or its connection is closed (clickhouse-jdbc then says so itself). */
  private static Connection connectionOf(Object statementOrConnection) {
    if (statementOrConnection instanceof Connection c) {
      return c;
    }
    try {
      return statementOrConnection instanceof Statement s && !s.isClosed() ? s.getConnection() : null;
    } catch (SQLException closed) {
      return null;
    }
  }

  /** URLs may carry credentials as parameters: only scheme, host and path are shown. */
  static String redacted(String url) {
    int q = url == null ? -1 : url.indexOf('?');
    return q < 0 ? String.valueOf(url) : url.substring(0, q) + "?...";
  }

  private static void warnOnce(String message) {
    if (WARNED.compareAndSet(false, true)) {
      say(message);
    }
  }

  static void say(String message) {
    System.err.println("noemata agent: " + message);
  }
}

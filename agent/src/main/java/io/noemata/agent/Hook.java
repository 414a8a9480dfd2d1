package io.noemata.agent;

import java.sql.Connection;
import java.sql.Driver;
import java.util.Properties;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the advice calls. Public because the advice runs inside clickhouse-jdbc's class; everything
 * here swallows its own failures: a failure means "use the application's connection".
 */
public final class Hook {

  private static final String NOEMATA_PACKAGE = "io.noemata.driver.";
  private static final AtomicBoolean WARNED = new AtomicBoolean();
  private static volatile AgentOptions options = new AgentOptions(true, java.util.Map.of());
  private static volatile Driver noemata;

  private Hook() {}

  static void configure(AgentOptions agentOptions) {
    options = agentOptions;
  }

  /**
   * A noemata connection for {@code url}, or null to let clickhouse-jdbc open its own: for URLs
   * that are not ClickHouse's, for noemata's own calls to the driver it wraps, and on any failure.
   */
  public static Connection redirect(String url, Properties info) {
    try {
      if (url == null || !(url.startsWith("jdbc:clickhouse:") || url.startsWith("jdbc:ch:")) || calledByNoemata()) {
        return null;
      }
      Driver driver = noemataDriver();
      if (driver == null) {
        warnOnce("noemata's driver is not on the agent's class path; connections are left as they are");
        return null;
      }
      Properties merged = new Properties();
      options.properties().forEach(merged::setProperty);
      if (info != null) {
        merged.putAll(info);
      }
      return driver.connect("jdbc:noemata:" + url.substring("jdbc:".length()), merged);
    } catch (Throwable t) {
      warnOnce("could not open " + redacted(url) + " through noemata (" + t.getClass().getSimpleName() + ": "
          + t.getMessage() + "); using the application's own connection");
      return null;
    }
  }

  /** noemata's driver opens the wrapped connection through this same method: let that call through. */
  private static boolean calledByNoemata() {
    return StackWalker.getInstance().walk(frames -> frames.anyMatch(f -> f.getClassName().startsWith(NOEMATA_PACKAGE)));
  }

  private static Driver noemataDriver() {
    Driver d = noemata;
    if (d == null) {
      for (Driver candidate : ServiceLoader.load(Driver.class, Hook.class.getClassLoader())) {
        if (candidate.getClass().getName().startsWith(NOEMATA_PACKAGE)) {
          d = candidate;
          break;
        }
      }
      noemata = d;
    }
    return d;
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

package io.noemata.driver;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Objects;
import java.util.Properties;
import java.util.logging.Logger;
import javax.sql.DataSource;

/** A DataSource for {@code jdbc:noemata:clickhouse://...}, for pools and frameworks that want one. */
public final class NoemataDataSource implements DataSource {

  private static final NoemataDriver DRIVER = new NoemataDriver();

  private volatile String url;
  private final Properties properties = new Properties();
  private volatile PrintWriter logWriter;
  private volatile int loginTimeout;

  public NoemataDataSource() {}

  public NoemataDataSource(String url, Properties properties) {
    setUrl(url);
    if (properties != null) {
      this.properties.putAll(properties);
    }
  }

  public void setUrl(String url) {
    if (!NoemataUrl.accepts(Objects.requireNonNull(url, "url"))) {
      throw new IllegalArgumentException("not a jdbc:noemata:clickhouse:// or jdbc:noemata:ch:// URL");
    }
    this.url = url;
  }

  public String getUrl() {
    return url;
  }

  public void setUser(String user) {
    properties.setProperty("user", user);
  }

  public void setPassword(String password) {
    properties.setProperty("password", password);
  }

  /** Sets any property: clickhouse-jdbc's, or noemata's own {@code noemata.*}. */
  public void setProperty(String name, String value) {
    properties.setProperty(name, value);
  }

  @Override
  public Connection getConnection() throws SQLException {
    return connect(properties);
  }

  @Override
  public Connection getConnection(String user, String password) throws SQLException {
    Properties p = new Properties();
    p.putAll(properties);
    p.setProperty("user", user);
    p.setProperty("password", password == null ? "" : password);
    return connect(p);
  }

  private Connection connect(Properties p) throws SQLException {
    if (url == null) {
      throw new SQLException("no URL set on the NoemataDataSource", "08001");
    }
    return DRIVER.connect(url, p);
  }

  @Override
  public PrintWriter getLogWriter() {
    return logWriter;
  }

  @Override
  public void setLogWriter(PrintWriter out) {
    this.logWriter = out;
  }

  @Override
  public void setLoginTimeout(int seconds) {
    this.loginTimeout = seconds;
  }

  @Override
  public int getLoginTimeout() {
    return loginTimeout;
  }

  @Override
  public Logger getParentLogger() throws SQLFeatureNotSupportedException {
    throw new SQLFeatureNotSupportedException("noemata logs through SLF4J");
  }

  @Override
  public <T> T unwrap(Class<T> iface) throws SQLException {
    if (iface.isInstance(this)) {
      return iface.cast(this);
    }
    throw new SQLException("not a wrapper for " + iface.getName());
  }

  @Override
  public boolean isWrapperFor(Class<?> iface) {
    return iface.isInstance(this);
  }
}

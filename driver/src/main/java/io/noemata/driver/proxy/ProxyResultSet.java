package io.noemata.driver.proxy;

import java.sql.ResultSet;
import java.sql.Statement;

/**
 * A result set whose {@code getStatement()} is the proxy statement that made it, so warnings and
 * provenance are reachable from a result set as JDBC promises. Everything else is the delegate.
 */
final class ProxyResultSet extends DelegatingResultSet {

  private final Statement owner;

  ProxyResultSet(ResultSet delegate, Statement owner) {
    super(delegate);
    this.owner = owner;
  }

  @Override
  public Statement getStatement() {
    return owner;
  }
}

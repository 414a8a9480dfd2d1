package io.noemata.driver.catalog;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Objects;

/**
 * Which catalog a connection reads: one per server endpoint and user, because grants decide which
 * accelerators a user may read. The way to open a connection for loading travels with the key but
 * takes no part in equality; the password it holds is never printed.
 */
public final class CatalogKey {

  /** Opens a plain clickhouse-jdbc connection with the application's URL and properties. */
  @FunctionalInterface
  public interface Opener {
    Connection open() throws SQLException;
  }

  private final String endpoint;
  private final String user;
  private final Opener opener;

  public CatalogKey(String endpoint, String user, Opener opener) {
    this.endpoint = Objects.requireNonNull(endpoint, "endpoint");
    this.user = user == null ? "" : user;
    this.opener = Objects.requireNonNull(opener, "opener");
  }

  public String endpoint() {
    return endpoint;
  }

  public String user() {
    return user;
  }

  Opener opener() {
    return opener;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof CatalogKey k && k.endpoint.equals(endpoint) && k.user.equals(user);
  }

  @Override
  public int hashCode() {
    return endpoint.hashCode() * 31 + user.hashCode();
  }

  @Override
  public String toString() {
    return user + "@" + endpoint;
  }
}

package io.noemata.itest;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/** {@link JdbcCompatibility} through {@code jdbc:noemata:clickhouse://}: the same assertions as on plain clickhouse-jdbc. */
class NoemataJdbcCompatIT extends JdbcCompatibility {

  @Override
  String database() {
    return "itest_compat_noemata";
  }

  @Override
  Connection connect(Properties extra) throws SQLException {
    Properties p = TARGET.credentials();
    p.putAll(extra);
    return DriverManager.getConnection("jdbc:noemata:clickhouse://" + TARGET.hostPort() + "/" + database(), p);
  }
}

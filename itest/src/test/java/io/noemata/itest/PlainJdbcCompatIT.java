package io.noemata.itest;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/** {@link JdbcCompatibility} on plain clickhouse-jdbc: the behaviour noemata must keep. */
class PlainJdbcCompatIT extends JdbcCompatibility {

  @Override
  String database() {
    return "itest_compat_plain";
  }

  @Override
  Connection connect(Properties extra) throws SQLException {
    Properties p = TARGET.credentials();
    p.putAll(extra);
    return DriverManager.getConnection(TARGET.jdbcUrl(database()), p);
  }
}

package io.noemata.itest;

/** {@link JdbcCompatibility} on plain clickhouse-jdbc: the behaviour noemata must keep. */
class PlainJdbcCompatIT extends JdbcCompatibility {

  @Override
  String database() {
    return "itest_compat_plain";
  }

  @Override
  String url(String database) {
    return TARGET.jdbcUrl(database);
  }
}

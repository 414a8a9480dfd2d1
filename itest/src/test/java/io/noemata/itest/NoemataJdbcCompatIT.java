package io.noemata.itest;

/** {@link JdbcCompatibility} through {@code jdbc:noemata:clickhouse://}: the same assertions as on plain clickhouse-jdbc. */
class NoemataJdbcCompatIT extends JdbcCompatibility {

  @Override
  String database() {
    return "itest_compat_noemata";
  }

  @Override
  String url(String database) {
    return "jdbc:noemata:clickhouse://" + TARGET.hostPort() + "/" + database;
  }
}

package io.noemata.itest;

import static io.noemata.itest.DriverFixture.TARGET;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import io.noemata.proxy.ProxyConfig;
import io.noemata.proxy.ProxyServer;

/**
 * {@link DriverFuzzIT}'s malformed statements (the shared corpus cut, shuffled, unbalanced, with
 * 100 kB literals, deep nesting, {@code \0} and unpaired surrogates) through clickhouse-jdbc pointed
 * at the proxy: each gives what it gives direct, the same rows or the same error code and state.
 * {@code -Dnoemata.fuzz.statements=N} as there.
 */
class ProxyFuzzIT {

  private static Connection plain;
  private static Connection proxied;
  private static ProxyServer proxy;

  @BeforeAll
  static void open() throws Exception {
    DriverFixture.otel();
    proxy = ProxyServer.start(ProxyConfig.of(URI.create(TARGET.httpUrl())).withBind("127.0.0.1", 0), line -> { });
    plain = TARGET.connect("otel");
    proxied = DriverManager.getConnection("jdbc:clickhouse://127.0.0.1:" + proxy.port() + "/otel", TARGET.credentials());
    try (Connection n = DriverFixture.connect("otel")) {
      n.unwrap(io.noemata.driver.NoemataConnection.class).invalidateCatalog(); // the catalog cache the proxy shares
    }
  }

  @AfterAll
  static void close() throws SQLException {
    plain.close();
    proxied.close();
    proxy.close();
  }

  @Test
  void malformedStatementsGetWhatTheyGetDirect() throws Exception {
    List<String> corpus = DriverFixture.corpus().stream().map(CorpusFile.Query::sql).toList();
    Random r = new Random(DriverFuzzIT.SEED + 1);
    int failedAlike = 0;
    for (int i = 0; i < DriverFuzzIT.STATEMENTS; i++) {
      String sql = DriverFuzzIT.mutate(corpus.get(r.nextInt(corpus.size())), r);
      if (r.nextInt(4) == 0) {
        sql = DriverFuzzIT.mutate(sql, r);
      }
      DriverFuzzIT.Outcome expected = DriverFuzzIT.run(plain, sql);
      DriverFuzzIT.Outcome actual = DriverFuzzIT.run(proxied, sql);
      if (expected.error() == null && actual.error() == null && !expected.equals(actual)
          && !expected.equals(DriverFuzzIT.run(plain, sql))) {
        continue; // a result the engine itself does not repeat (LIMIT without ORDER BY)
      }
      assertEquals(expected, actual, "statement " + i + ": " + DriverFuzzIT.clip(sql));
      failedAlike += expected.error() == null ? 0 : 1;
    }
    assertTrue(failedAlike > DriverFuzzIT.STATEMENTS / 4, "most variants are malformed");
    assertTrue(proxy.openUpstreamConnections() <= proxy.openClientConnections(), "no upstream connection outlives its client");
  }
}

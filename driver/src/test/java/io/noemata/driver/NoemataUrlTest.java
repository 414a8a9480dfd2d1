package io.noemata.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NoemataUrlTest {

  @Test
  void clickhouseUrlIsTheRestVerbatim() {
    NoemataUrl u = NoemataUrl.parse("jdbc:noemata:clickhouse://h:8123/otel?compress=false&socket_timeout=5000");
    assertEquals("jdbc:clickhouse://h:8123/otel?compress=false&socket_timeout=5000", u.delegateUrl());
    assertEquals("jdbc:clickhouse://h:8123", u.endpoint());
    assertTrue(u.options().isEmpty());
  }

  @Test
  void chShortFormIsAccepted() {
    NoemataUrl u = NoemataUrl.parse("jdbc:noemata:ch://h:8123");
    assertEquals("jdbc:ch://h:8123", u.delegateUrl());
    assertEquals("jdbc:ch://h:8123", u.endpoint());
  }

  @Test
  void noemataParametersAreTakenOutAndDecoded() {
    NoemataUrl u = NoemataUrl.parse("jdbc:noemata:clickhouse://h/db?noemata.rewrite=dry-run&ssl=true&noemata.catalog.ttl=30%73");
    assertEquals("jdbc:clickhouse://h/db?ssl=true", u.delegateUrl());
    assertEquals("dry-run", u.options().getProperty("noemata.rewrite"));
    assertEquals("30s", u.options().getProperty("noemata.catalog.ttl"));
    assertEquals("jdbc:clickhouse://h/db",
        NoemataUrl.parse("jdbc:noemata:clickhouse://h/db?noemata.rewrite=off").delegateUrl());
  }

  @Test
  void otherUrlsAreNotOurs() {
    assertFalse(NoemataUrl.accepts("jdbc:clickhouse://h:8123"));
    assertFalse(NoemataUrl.accepts("jdbc:noemata:postgresql://h"));
    assertFalse(NoemataUrl.accepts(null));
    assertThrows(IllegalArgumentException.class, () -> NoemataUrl.parse("jdbc:clickhouse://h"));
  }

  @Test
  void credentialsInTheUrlStayOutOfTheEndpoint() {
    NoemataUrl u = NoemataUrl.parse("jdbc:noemata:clickhouse://alice:s3cret@h:8123/otel");
    assertEquals("jdbc:clickhouse://alice:s3cret@h:8123/otel", u.delegateUrl());
    assertEquals("jdbc:clickhouse://h:8123", u.endpoint());
    assertEquals("alice", u.urlUser());
    assertEquals(null, NoemataUrl.parse("jdbc:noemata:clickhouse://h:8123/otel").urlUser());
  }
}

package io.noemata.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class NoemataSettingsTest {

  private static Properties props(String... kv) {
    Properties p = new Properties();
    for (int i = 0; i < kv.length; i += 2) {
      p.setProperty(kv[i], kv[i + 1]);
    }
    return p;
  }

  @Test
  void defaultsRewriteWithFiveMinuteCatalogAndHiding() {
    NoemataSettings s = NoemataSettings.from(new Properties());
    assertEquals(RewriteMode.ON, s.rewrite());
    assertEquals(Duration.ofMinutes(5), s.catalogTtl());
    assertEquals(Duration.ofSeconds(150), s.catalogRefresh());
    assertTrue(s.hideInternal());
    assertEquals(java.util.Optional.empty(), s.namespace(), "every namespace");
  }

  @Test
  void everySwitchIsRead() {
    NoemataSettings s = NoemataSettings.from(props("noemata.rewrite", "DRY-RUN", "noemata.catalog.ttl", "30s",
        "noemata.metadata.hide-internal", "false", "noemata.namespace", "acme"));
    assertEquals(RewriteMode.DRY_RUN, s.rewrite());
    assertEquals(Duration.ofSeconds(30), s.catalogTtl());
    assertEquals(Duration.ofSeconds(15), s.catalogRefresh(), "refresh defaults to half the TTL");
    assertFalse(s.hideInternal());
    assertEquals(java.util.Optional.of("acme"), s.namespace());
    assertEquals(Duration.ofMillis(500), NoemataSettings.from(props("noemata.catalog.ttl", "500ms")).catalogTtl());
    assertEquals(Duration.ofSeconds(90), NoemataSettings.from(props("noemata.catalog.ttl", "90")).catalogTtl());
  }

  @Test
  void mistakesAreRefusedWithTheirName() {
    assertThrows(IllegalArgumentException.class, () -> NoemataSettings.from(props("noemata.rewrite", "maybe")));
    IllegalArgumentException typo = assertThrows(IllegalArgumentException.class,
        () -> NoemataSettings.from(props("noemata.rewite", "off")));
    assertTrue(typo.getMessage().contains("noemata.rewite"));
    assertThrows(IllegalArgumentException.class, () -> NoemataSettings.from(props("noemata.catalog.ttl", "5 minutes")));
    assertThrows(IllegalArgumentException.class,
        () -> NoemataSettings.from(props("noemata.catalog.ttl", "10s", "noemata.catalog.refresh", "20s")));
    assertThrows(IllegalArgumentException.class, () -> NoemataSettings.from(props("noemata.namespace", "a;b")));
  }
}

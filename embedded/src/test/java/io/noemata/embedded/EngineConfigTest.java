package io.noemata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.ZoneId;

import org.junit.jupiter.api.Test;

class EngineConfigTest {

  @Test
  void everyNameOfUtcIsUtcAsAServerStartedWithTzUtcReportsIt() {
    for (String id : new String[] {"Etc/UTC", "UTC", "Etc/UCT", "Zulu", "Universal", "Etc/Universal", "Z"}) {
      assertEquals("UTC", EngineConfig.timezone(ZoneId.of(id)), id);
    }
  }

  @Test
  void otherZonesKeepTheirName() {
    assertEquals("Europe/Berlin", EngineConfig.timezone(ZoneId.of("Europe/Berlin")));
    assertEquals("Etc/GMT+5", EngineConfig.timezone(ZoneId.of("Etc/GMT+5")));
  }
}

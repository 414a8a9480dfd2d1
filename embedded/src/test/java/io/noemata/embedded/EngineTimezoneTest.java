package io.noemata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.ZoneId;

import org.junit.jupiter.api.Test;

class EngineTimezoneTest {

  @Test
  void everyNameOfUtcIsUtcAsAServerStartedWithTzUtcReportsIt() {
    for (String id : new String[] {"Etc/UTC", "UTC", "Etc/UCT", "Zulu", "Universal", "Etc/Universal", "Z"}) {
      assertEquals("UTC", EngineTimezone.name(ZoneId.of(id)), id);
    }
  }

  @Test
  void otherZonesKeepTheirName() {
    assertEquals("Europe/Berlin", EngineTimezone.name(ZoneId.of("Europe/Berlin")));
    assertEquals("Etc/GMT+5", EngineTimezone.name(ZoneId.of("Etc/GMT+5")));
  }
}

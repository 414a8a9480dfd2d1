package io.noemata.driver.catalog;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.core.catalog.ResultNaming;
import io.noemata.core.system.SystemSetting;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerNamingTest {

  private static SystemSetting setting(String name, String value) {
    return new SystemSetting(name, false, null, null, value);
  }

  @Test
  void theAnalyzerNamesResultColumnsWhereEnableAnalyzerIsOn() {
    assertEquals(ResultNaming.ANALYZER, ServerNaming.of(List.of(setting("allow_experimental_analyzer", "1"),
        setting("enable_analyzer", "1"))));
    assertEquals(ResultNaming.OLD_ANALYZER, ServerNaming.of(List.of(setting("allow_experimental_analyzer", "1"),
        setting("enable_analyzer", "0"))), "the setting's current name wins");
  }

  @Test
  void beforeEnableAnalyzerTheExperimentalSettingSays() {
    assertEquals(ResultNaming.ANALYZER, ServerNaming.of(List.of(setting("allow_experimental_analyzer", "true"))));
    assertEquals(ResultNaming.OLD_ANALYZER, ServerNaming.of(List.of(setting("allow_experimental_analyzer", "0"))));
  }

  @Test
  void aServerWithNeitherSettingNamesThemTheOldWay() {
    assertEquals(ResultNaming.OLD_ANALYZER, ServerNaming.of(List.of()));
  }
}

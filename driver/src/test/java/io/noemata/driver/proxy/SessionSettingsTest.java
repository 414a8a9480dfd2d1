package io.noemata.driver.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.junit.jupiter.api.Test;

class SessionSettingsTest {

  @Test
  void aSettingThatChangesMeaningIsKeptWhateverItsCase() {
    SessionSettings s = SessionSettings.NONE.after("SET max_threads = 2, Additional_Table_Filters = {'t': 'x > 1'};");
    assertEquals(Set.of("additional_table_filters"), s.meaning());
    assertFalse(s.parametersSet());
  }

  @Test
  void settingsThatChangeNothingTheRewriterReadsLeaveTheSessionAsItWas() {
    assertSame(SessionSettings.NONE, SessionSettings.NONE.after("SET max_threads = 2, max_block_size = 1000"));
  }

  @Test
  void aParameterOrAProfileOrAnUnreadableSetIsRemembered() {
    assertTrue(SessionSettings.NONE.after("SET param_from = '2024-01-01'").parametersSet());
    assertEquals(Set.of("profile"), SessionSettings.NONE.after("SET profile = 'analyst'").meaning());
    assertEquals(1, SessionSettings.NONE.after("SET ROLE reader").meaning().size());
    assertEquals(1, SessionSettings.NONE.after("SET DEFAULT ROLE ALL TO reader").meaning().size());
  }

  @Test
  void laterSetsAddToEarlierOnes() {
    SessionSettings s = SessionSettings.NONE.after("SET param_a = 1").after("SET session_timezone = 'UTC'");
    assertTrue(s.parametersSet());
    assertEquals(Set.of("session_timezone"), s.meaning());
  }
}

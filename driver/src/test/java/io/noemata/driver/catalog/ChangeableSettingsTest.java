package io.noemata.driver.catalog;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ChangeableSettingsTest {

  @Test
  void aValueIsChangeableOnlyWithinTheConstraintsBounds() {
    assertTrue(ChangeableSettings.within("1", null, null));
    assertTrue(ChangeableSettings.within("1", "1", "16"));
    assertTrue(ChangeableSettings.within("0", "'0'", "'1'"));
    assertFalse(ChangeableSettings.within("1", "4", null), "a minimum of four threads");
    assertFalse(ChangeableSettings.within("1", null, "0"));
    // a bound that is no plain number is not known to hold
    assertFalse(ChangeableSettings.within("1", "'auto(2)'", null));
    assertFalse(ChangeableSettings.within("1", "'", null));
  }
}

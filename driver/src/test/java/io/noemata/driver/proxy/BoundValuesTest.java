package io.noemata.driver.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

class BoundValuesTest {

  @Test
  void literalsOnlyWhenEveryValueIsKnown() {
    BoundValues v = BoundValues.of("SELECT count() FROM t WHERE s = ? AND ts >= ? AND n < ? AND x = '?'");
    v.set(1);
    v.known(1, BoundValues.string("it's"), ps -> { });
    assertNull(v.literals(), "two values unset");
    v.set(2);
    v.known(2, BoundValues.string("2024-06-10 08:00:00"), ps -> { });
    v.set(3);
    assertNull(v.literals(), "the third was bound by a setter the rewriter cannot read");
    v.known(3, "42", ps -> { });
    assertEquals(List.of("'it\\'s'", "'2024-06-10 08:00:00'", "42"), v.literals());
    v.set(0);
    assertNull(v.literals(), "clearParameters forgets them");
  }

  @Test
  void textWithoutPlaceholdersNeedsNoTracking() {
    assertNull(BoundValues.of("SELECT '?' FROM t"));
  }
}

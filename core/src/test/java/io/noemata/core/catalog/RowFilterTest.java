package io.noemata.core.catalog;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** When a rollup's rows are the source's for a user: the filters the server puts on each. */
class RowFilterTest {

  static final List<String> DIMENSIONS = List.of("ServiceName", "SeverityText");
  static final RowFilter CHECKOUT = new RowFilter.Condition("equals(ServiceName, 'checkout'_String)", Set.of("ServiceName"));

  @Test
  void noFilterOnEitherTableIsTheSameRows() {
    assertTrue(RowFilter.sameRows(RowFilter.NONE, RowFilter.NONE, DIMENSIONS));
  }

  @Test
  void theSameConditionOverDimensionsIsTheSameRows() {
    assertTrue(RowFilter.sameRows(CHECKOUT, new RowFilter.Condition(CHECKOUT instanceof RowFilter.Condition c
        ? c.expression() : "", Set.of("ServiceName")), DIMENSIONS));
  }

  @Test
  void aFilterOnOneTableAloneAnotherConditionOrAnUnknownOneIsNot() {
    assertFalse(RowFilter.sameRows(CHECKOUT, RowFilter.NONE, DIMENSIONS));
    assertFalse(RowFilter.sameRows(RowFilter.NONE, CHECKOUT, DIMENSIONS));
    assertFalse(RowFilter.sameRows(CHECKOUT, new RowFilter.Condition("equals(ServiceName, 'cart'_String)",
        Set.of("ServiceName")), DIMENSIONS));
    RowFilter unknown = new RowFilter.Unknown("no plan");
    assertFalse(RowFilter.sameRows(unknown, unknown, DIMENSIONS));
    assertFalse(RowFilter.sameRows(unknown, RowFilter.NONE, DIMENSIONS));
  }

  @Test
  void aConditionOverAColumnThatIsNoDimensionIsNotEvenWhenBothSpellIt() {
    RowFilter severity = new RowFilter.Condition("greater(SeverityNumber, 9_UInt8)", Set.of("SeverityNumber"));
    assertFalse(RowFilter.sameRows(severity, severity, DIMENSIONS));
  }
}

package io.noemata.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class TransportTest {

  @Test
  void sizesRunFromOneTo100000RowsEachAtMostTwiceTheOneBefore() {
    assertEquals(1L, Transport.SIZES.get(0));
    assertEquals(100_000L, Transport.SIZES.get(Transport.SIZES.size() - 1));
    for (int i = 1; i < Transport.SIZES.size(); i++) {
      assertTrue(Transport.SIZES.get(i) <= 2 * Transport.SIZES.get(i - 1), Transport.SIZES.toString());
    }
  }

  @Test
  void aStallBetweenSmallerAndLargerAnswersIsAFault() {
    List<Transport.Size> measured = List.of(
        new Transport.Size(1_000, 3.5, 2.0), new Transport.Size(2_000, 48.1, 3.0), new Transport.Size(4_000, 7.6, 6.0));
    List<String> faults = Transport.faults(measured);
    assertEquals(3, faults.size(), faults.toString()); // over both neighbours, and over the plain client
    assertTrue(faults.stream().allMatch(f -> f.startsWith("2,000 rows")), faults.toString());
  }

  @Test
  void growthWithTheAnswerIsNoFault() {
    List<Transport.Size> measured = List.of(
        new Transport.Size(16_384, 6.0, 4.0), new Transport.Size(32_768, 10.0, 7.0), new Transport.Size(65_536, 19.0, 13.0));
    assertEquals(List.of(), Transport.faults(measured));
  }
}

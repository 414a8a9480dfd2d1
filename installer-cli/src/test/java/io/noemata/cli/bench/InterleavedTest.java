package io.noemata.cli.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

class InterleavedTest {

  @Test
  void eachRoundStartsOneFurtherAlongSoNoneAlwaysFollowsTheSameOther() throws Exception {
    List<String> order = new ArrayList<>();
    Interleaved.measureAll(List.of(() -> order.add("a"), () -> order.add("b"), () -> order.add("c")), 1, 3);
    assertEquals(List.of("a", "b", "c", /* timed: */ "a", "b", "c", "b", "c", "a", "c", "a", "b"), order);
  }

  @Test
  void twoWaysAlternateWhichGoesFirst() throws Exception {
    List<String> order = new ArrayList<>();
    Interleaved.Result r = Interleaved.measure(() -> order.add("a"), () -> order.add("b"), 0, 4);
    assertEquals(List.of("a", "b", "b", "a", "a", "b", "b", "a"), order);
    assertEquals(4, r.rounds());
  }
}

package io.noemata.resources.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ExampleProjectsTest {

  @Test
  void theOtelExampleValidatesCleanOffline() {
    Report r = TestProjects.validate(TestProjects.EXAMPLE);
    assertEquals(0, r.errors(), r.text());
    assertEquals(0, r.exitCode());
    System.out.print(r.text());
  }

  @Test
  void theCorpusProjectValidatesCleanOffline() {
    Report r = TestProjects.validate(TestProjects.CORPUS_PROJECT);
    assertEquals(0, r.errors(), r.text());
    assertTrue(r.text().contains("valid (offline)"), r.text());
    System.out.print(r.text());
  }
}

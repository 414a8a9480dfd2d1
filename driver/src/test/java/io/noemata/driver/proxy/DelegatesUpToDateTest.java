package io.noemata.driver.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The committed delegate base classes are exactly what the generator makes from this JDK's java.sql. */
class DelegatesUpToDateTest {

  @Test
  void committedDelegatesMatchTheGenerator() throws IOException {
    for (DelegateGenerator.Spec spec : DelegateGenerator.SPECS) {
      Path file = Path.of("src/main/java").resolve(DelegateGenerator.path(spec));
      assertEquals(DelegateGenerator.source(spec), Files.readString(file),
          file + " is stale: run DelegateGenerator.main with driver/src/main/java");
    }
  }
}

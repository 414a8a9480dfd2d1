package io.noemata.core.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Pins what the parser makes of a representative set (pins.tsv): canonical texts, which name
 * installed objects, and where and how it refuses. A line changes only on purpose.
 */
class ExprPinsTest {

  @Test
  void everyPinnedExpressionParsesOrIsRefusedAsPinned() throws IOException {
    List<String> differences = new ArrayList<>();
    int pins = 0;
    for (String line : lines()) {
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] f = line.split("\t", 3);
      String actual = result(f[1], ExprParser.Mode.valueOf(f[0]));
      if (!actual.equals(f[2])) {
        differences.add(f[0] + " " + f[1] + "\n  pinned " + f[2] + "\n  now    " + actual);
      }
      pins++;
    }
    assertEquals(List.of(), differences);
    assertEquals(227, pins);
  }

  private static String result(String text, ExprParser.Mode mode) {
    try {
      return Canonical.text(ExprParser.parse(text, mode));
    } catch (ExprException e) {
      return "ERR " + e.offset() + " " + e.refusal() + " " + e.getMessage();
    }
  }

  private static List<String> lines() throws IOException {
    try (InputStream in = ExprPinsTest.class.getResourceAsStream("pins.tsv")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
  }
}

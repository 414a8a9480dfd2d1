package io.noemata.core.expr;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The aliases the canonical form folds are the server's own: every case-insensitive aggregate alias
 * of ClickHouse 26.5's list ({@code clickhouse-functions.tsv}, which FunctionNamesIT holds equal to
 * the engine's) names the function it is folded to, and no other alias of a moment is missed.
 */
class AggregateAliasesTest {

  @Test
  void everyFoldedAliasIsTheServersCaseInsensitiveAliasOfItsFunction() throws Exception {
    Map<String, String> server = new TreeMap<>();
    try (BufferedReader r = new BufferedReader(new InputStreamReader(
        FunctionNames.class.getResourceAsStream("clickhouse-functions.tsv"), StandardCharsets.UTF_8))) {
      r.lines().filter(l -> l.startsWith("f\t")).map(l -> l.split("\t", -1))
          .filter(f -> f[2].equals("1") && !f[3].isEmpty() && f[4].equals("1"))
          .forEach(f -> server.put(f[1].toLowerCase(Locale.ROOT), f[3]));
    }
    for (Map.Entry<String, String> alias : Functions.aggregateAliases().entrySet()) {
      assertEquals(alias.getValue(), server.get(alias.getKey()), alias.getKey());
    }
    server.forEach((alias, target) -> {
      if (target.matches("(var|stddev|covar)(Pop|Samp)")) {
        assertEquals(target, Functions.aggregateAliases().get(alias), "an alias of a moment not folded: " + alias);
      }
    });
  }

  @Test
  void anAliasInAnyCaseIsItsFunctionAndAMisspelledNameStaysAsWritten() {
    assertEquals("varPop", Functions.canonicalName("VAR_POP"));
    assertEquals("stddevSamp", Functions.canonicalName("stddev_samp"));
    assertEquals("stddevSamp", Functions.canonicalName("STDDEV"));
    assertEquals("stddevPop", Functions.canonicalName("Std"));
    assertEquals("covarSampIf", Functions.canonicalName("COVAR_SAMPIf"));
    assertEquals("VARPOP", Functions.canonicalName("VARPOP"), "the server refuses it: not varPop");
    assertEquals("varPop", Functions.aggregateBase("VAR_POP"));
  }
}

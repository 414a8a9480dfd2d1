package io.noemata.rewriter.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** HyperDX names its table with {@code {name:Identifier}} parameters: written in where they name the table alone. */
class IdentifierParametersTest {

  private static final Parameters VALUES = new Parameters(List.of(), Map.of("db", "otel", "t", "otel_logs",
      "odd", "otel.logs", "s", "1718006400000"));

  private static Optional<String> inline(String sql) {
    return IdentifierParameters.inline(sql, VALUES);
  }

  @Test
  void writesTheTablesNameInPlaceOfItsParameters() {
    assertEquals(Optional.of("SELECT count() FROM `otel`.`otel_logs` WHERE Timestamp >= fromUnixTimestamp64Milli({s:Int64})"),
        inline("SELECT count() FROM {db:Identifier}.{t:Identifier} WHERE Timestamp >= fromUnixTimestamp64Milli({s:Int64})"));
    assertEquals(Optional.of("SELECT 1 FROM otel.`otel_logs` AS l JOIN `otel_logs` USING (TraceId)"),
        inline("SELECT 1 FROM otel.{ t : Identifier } AS l JOIN {t:Identifier} USING (TraceId)"));
  }

  @Test
  void leavesEverythingElseAsWritten() {
    // no identifier parameter, no values, one without a value or with a value that is no plain name
    assertTrue(inline("SELECT count() FROM otel.otel_logs WHERE x = {s:Int64}").isEmpty());
    assertTrue(IdentifierParameters.inline("SELECT 1 FROM {t:Identifier}", Parameters.NONE).isEmpty());
    assertTrue(inline("SELECT 1 FROM {nope:Identifier}").isEmpty());
    assertTrue(inline("SELECT 1 FROM {odd:Identifier}").isEmpty());
    // an identifier parameter that names a column (its result name), or a table function
    assertTrue(inline("SELECT {t:Identifier} FROM {db:Identifier}.{t:Identifier}").isEmpty());
    assertTrue(inline("SELECT 1 FROM {t:Identifier}(1)").isEmpty());
    // the statement sets a parameter itself
    assertTrue(inline("SELECT 1 FROM {t:Identifier} SETTINGS param_t = 'x'").isEmpty());
  }
}

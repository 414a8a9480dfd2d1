package io.noemata.resources.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.expr.ExprParser;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Moments (issue 31) are storable measures, in every spelling the server accepts, with If and OrNull. */
class MomentMeasuresTest {

  static List<RollupMeasures.Problem> check(String measure) throws Exception {
    return RollupMeasures.check(ExprParser.parse(measure, ExprParser.Mode.AGGREGATE));
  }

  @Test
  void momentsAndTheirAliasesAreStorable() throws Exception {
    for (String m : List.of("varPop(Duration)", "varSamp(Duration)", "stddevPop(Duration)", "stddevSamp(Duration)",
        "varPopStable(Duration)", "stddevSampStable(Duration)", "covarPop(Duration, Size)", "covarSampStable(a, b)",
        "corr(Duration, Size)", "CORR(a, b)", "corrStable(a, b)", "VAR_POP(Duration)", "stddev_samp(Duration)",
        "STDDEV(Duration)", "varPopIf(Duration, StatusCode = 'Error')", "stddevSampOrNull(Duration)",
        "sqrt(varPop(Duration))")) {
      assertEquals(List.of(), check(m), m);
    }
  }

  @Test
  void otherCombinatorsOfMomentsAreNot() throws Exception {
    List<RollupMeasures.Problem> p = check("varPopArray(Durations)");
    assertEquals(1, p.size(), p.toString());
    assertTrue(p.get(0).message().contains("the Array combinator"), p.get(0).message());
  }
}

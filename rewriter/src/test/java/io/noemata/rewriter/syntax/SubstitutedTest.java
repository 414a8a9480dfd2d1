package io.noemata.rewriter.syntax;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Query;
import io.noemata.rewriter.rules.Levels;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The level with identifiers replaced keeps every node and span: it is the level written with the new names. */
class SubstitutedTest {

  /** A level where each {@code @} is a name the substitution replaces; subqueries and lambdas bind their own {@code a}. */
  private static final String LEVEL = "SELECT @, -@ AS x, CASE @ WHEN 1 THEN @ ELSE NOT @ END, @ BETWEEN 1 AND @,"
      + " @ IS NULL, @ ? 1 : @, CAST(@ AS String), @::Date, INTERVAL @ SECOND, t.@, @[1], @.1, [@], (@, 1), (@),"
      + " count() FILTER (WHERE @ = 1), sum(@) OVER (PARTITION BY @ ORDER BY @ ROWS BETWEEN @ PRECEDING AND CURRENT ROW),"
      + " quantile(0.5)(@), (SELECT a FROM s), arrayMap(a -> a, [1])"
      + " FROM (SELECT 1) t PREWHERE @ WHERE @ > 1 GROUP BY GROUPING SETS ((@), ()) HAVING @ WINDOW w AS (ORDER BY @)"
      + " QUALIFY @ ORDER BY @ WITH FILL STEP @ LIMIT 1 BY @";

  @Test
  void everyOwnIdentifierIsReplacedInPlace() {
    Query.Select written = Levels.select(LEVEL.replace("@", "a"));
    Query.Select view = Substituted.select(written, id -> id.name().equals("a") ? renamed(id) : id);
    assertNotEquals(written, view);
    assertEquals(Levels.select(LEVEL.replace("@", "b")), view);
  }

  private static Expr.Identifier renamed(Expr.Identifier id) {
    List<String> parts = new ArrayList<>(id.qualifier());
    parts.add("b");
    return new Expr.Identifier(parts, id.start(), id.end());
  }
}

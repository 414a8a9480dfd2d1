package io.noemata.rewriter.checks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Query;
import io.noemata.rewriter.provenance.RollupSkip;
import io.noemata.rewriter.rules.Levels;
import io.noemata.rewriter.syntax.Edit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The seed: "An unaliased select item that contains an inline aggregate reads a rollup only when it
 * is a function call over column names, such as count() or toFloat64(count()), because rewriting any
 * other item, such as count() / 60, would change the column name ClickHouse gives it."
 */
class UnaliasedItemsTest {

  /** The names for {@code sql}'s select list when every item is rewritten (one edit inside each). */
  private static Checked<List<Edit>> names(String sql, Set<String> taken) {
    Query.Select s = Levels.select(sql);
    List<Edit> edits = new ArrayList<>();
    for (Expr item : s.items()) {
      edits.add(new Edit(item.start(), item.start(), ""));
    }
    return UnaliasedItems.names(sql, s.items(), edits, taken, id -> id.qualifier().equals(List.of("t")),
        Set.of("ServiceName"), io.noemata.core.catalog.ResultNaming.ANALYZER);
  }

  @Test
  void aQualifiedColumnOfTheTableIsNamedByTheColumnAlone() {
    List<Edit> names = Levels.holds(names("SELECT t.ServiceName, lower(t.ServiceName), count(t.TraceId) FROM t", Set.of()));
    assertEquals(List.of(" AS `ServiceName`", " AS `lower(ServiceName)`", " AS `count(TraceId)`"),
        names.stream().map(Edit::text).toList());
    // a dimension aliased by its own name binds it to itself; another item of that name would not
    assertEquals(List.of(" AS `ServiceName`"), Levels.holds(names("SELECT t.ServiceName FROM t", Set.of())).stream()
        .map(Edit::text).toList());
    Levels.skips(RollupSkip.UNALIASED_ITEM, names("SELECT t.ServiceName FROM t", Set.of("ServiceName")));
    Levels.skips(RollupSkip.UNALIASED_ITEM, names("SELECT t.ServiceName, t.ServiceName FROM t", Set.of()));
    // a name qualified by something else (a tuple column, another table) keeps the rule from spelling it
    Levels.skips(RollupSkip.UNALIASED_ITEM, names("SELECT u.ServiceName FROM t", Set.of()));
  }

  @Test
  void aFunctionCallOverColumnNamesKeepsItsNameAsAnAlias() {
    String sql = "SELECT count(), toFloat64(count()), uniq(TraceId) FROM t";
    List<Edit> names = Levels.holds(names(sql, Set.of()));
    assertEquals(List.of(" AS `count()`", " AS `toFloat64(count())`", " AS `uniq(TraceId)`"),
        names.stream().map(Edit::text).toList());
  }

  @Test
  void aFunctionCallOverLiteralsAndComparisonsKeepsTheNameClickHouseGivesIt() {
    String sql = "SELECT COUNT(1), countIf(SeverityText = 'ERROR'), count() FILTER (WHERE SeverityText = 'WARN'),"
        + " round(100 * countIf(x >= 17) / count(), 2) FROM t";
    assertEquals(List.of(" AS `COUNT(1)`", " AS `countIf(equals(SeverityText, 'ERROR'))`",
        " AS `countIf(equals(SeverityText, 'WARN'))`", " AS `round(divide(multiply(100, countIf(greaterOrEquals(x, 17))),"
        + " count()), 2)`"), Levels.holds(names(sql, Set.of())).stream().map(Edit::text).toList());
    // DISTINCT as the server names it (count(DISTINCT x) is countDistinct(x), measured on 26.5)
    assertEquals(List.of(" AS `countDistinct(SeverityText)`", " AS `COUNTDistinct(ServiceName)`"),
        Levels.holds(names("SELECT count(DISTINCT SeverityText), COUNT(DISTINCT ServiceName) FROM t", Set.of()))
            .stream().map(Edit::text).toList());
    // a call whose name the rule cannot spell for certain
    Levels.skips(RollupSkip.UNALIASED_ITEM, names("SELECT countIf(x IN (1, 2)) FROM t", Set.of()));
  }

  @Test
  void anyOtherItemWithAnAggregateWouldChangeItsColumnName() {
    Levels.skips(RollupSkip.UNALIASED_ITEM, names("SELECT count() / 60 FROM t", Set.of()));
  }

  @Test
  void anAliasedItemOrAnUnchangedOneKeepsItsName() {
    assertEquals(List.of(), Levels.holds(names("SELECT count() / 60 AS per_second FROM t", Set.of())));
    Query.Select s = Levels.select("SELECT count() / 60 FROM t");
    assertEquals(List.of(), Levels.holds(UnaliasedItems.names("SELECT count() / 60 FROM t", s.items(), List.of(),
        Set.of(), id -> false, Set.of(), io.noemata.core.catalog.ResultNaming.ANALYZER)), "an item no edit touches is sent as written");
  }

  @Test
  void aNameTheLevelAlreadyUsesCannotBeGivenTwice() {
    Levels.skips(RollupSkip.UNALIASED_ITEM, names("SELECT count() FROM t", Set.of("count()")));
  }
}

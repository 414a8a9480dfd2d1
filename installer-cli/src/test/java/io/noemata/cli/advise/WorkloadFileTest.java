package io.noemata.cli.advise;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadFileTest {

  @Test
  void statementsSplitAtSemicolonsOutsideQuotesAndCommentsNameThem() {
    List<WorkloadQuery> q = WorkloadFile.parse("-- Errors per hour\nSELECT 'a;b' AS x FROM t;\n\n"
        + "/* p99; by span */ SELECT count() FROM t -- trailing; comment\n;\nSELECT 3");
    assertEquals(3, q.size());
    assertEquals("Errors per hour", q.get(0).label());
    assertEquals("SELECT 'a;b' AS x FROM t", q.get(0).sql());
    assertEquals(2, q.get(0).line());
    assertEquals("p99; by span", q.get(1).label());
    assertEquals("SELECT count() FROM t", q.get(1).sql(), "a comment after the last token is not part of it");
    assertEquals("query 3", q.get(2).label());
  }

  @Test
  void emptyAndCommentOnlyTextHoldsNoQuery() {
    assertEquals(List.of(), WorkloadFile.parse(" ;\n-- nothing\n;"));
  }

  @Test
  void writtenFileReadsBackTheSameQueries() {
    List<WorkloadQuery> q = List.of(new WorkloadQuery("Top pods", "SELECT 1", 1, 0),
        new WorkloadQuery("Volume", "SELECT 2\nFROM t", 1, 0));
    List<WorkloadQuery> back = WorkloadFile.parse(WorkloadFile.write(q));
    assertEquals(List.of("Top pods", "Volume"), back.stream().map(WorkloadQuery::label).toList());
    assertEquals(List.of("SELECT 1", "SELECT 2\nFROM t"), back.stream().map(WorkloadQuery::sql).toList());
  }
}

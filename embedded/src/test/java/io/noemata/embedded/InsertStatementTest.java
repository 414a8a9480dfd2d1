package io.noemata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class InsertStatementTest {

  @Test
  void fromInfileIsSplicedBeforeTheFormatClause() {
    InsertStatement insert = InsertStatement.parse("INSERT INTO `db`.t (a, b) FORMAT RowBinary");
    assertEquals("RowBinary", insert.format());
    assertEquals("INSERT INTO `db`.t (a, b) FROM INFILE '/tmp/it\\'s.bin' FORMAT RowBinary", insert.fromInfile("/tmp/it's.bin"));
  }

  @Test
  void inlineDataStartsAfterTheFormatNameAndOneLineBreak() {
    String text = "INSERT INTO t FORMAT TabSeparated\n1\tx\n\n2\ty\n";
    InsertStatement insert = InsertStatement.parse(text);
    assertEquals("INSERT INTO t FORMAT TabSeparated", insert.sql());
    assertEquals("1\tx\n\n2\ty\n", text.substring(insert.dataStart()));
  }

  @Test
  void valuesSelectsAndOtherStatementsAreRunAsTheyAre() {
    assertNull(InsertStatement.parse("INSERT INTO t VALUES (1, 'FORMAT x')"));
    assertNull(InsertStatement.parse("INSERT INTO t FORMAT Values (1)"));
    assertNull(InsertStatement.parse("INSERT INTO t SELECT * FROM s FORMAT TSV"));
    assertNull(InsertStatement.parse("SELECT 1 FORMAT TSV"));
    assertNull(InsertStatement.parse("/* INSERT INTO t FORMAT TSV */ SELECT 1"));
  }

  @Test
  void explicitOutputFormatEndsTheStatement() {
    assertEquals("JSONEachRow", OutputFormat.explicit("SELECT 1 FORMAT JSONEachRow"));
    assertEquals("TSV", OutputFormat.explicit("SELECT 1 FORMAT TSV SETTINGS max_threads = 1;"));
    assertNull(OutputFormat.explicit("SELECT format FROM t"));
    assertNull(OutputFormat.explicit("SELECT (SELECT 1 FORMAT TSV)"));
    assertNull(OutputFormat.explicit("SELECT 'FORMAT TSV'"));
    assertNull(OutputFormat.explicit("INSERT INTO t FORMAT TSV"));
  }
}

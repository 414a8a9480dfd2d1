package io.noemata.rewriter.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.catalog.TableInfo;
import io.noemata.core.sql.Expr;
import io.noemata.core.sql.Query;
import io.noemata.core.sql.SqlParser;
import io.noemata.core.sql.Statement;
import io.noemata.rewriter.OtelCatalog;
import io.noemata.rewriter.RollupCatalog;
import io.noemata.rewriter.checks.Checked;
import io.noemata.rewriter.checks.Skip;
import io.noemata.rewriter.provenance.RollupSkip;
import java.util.Optional;

/** Parsing and asserting helpers for the tests of single checks. */
public final class Levels {

  private Levels() {}

  /** The first SELECT of {@code sql}. */
  public static Query.Select select(String sql) {
    var parsed = SqlParser.parse(sql);
    assertTrue(parsed.understood(), sql);
    Statement s = parsed.node();
    return Query.selects(s.query()).get(0);
  }

  public static Expr expr(String text) {
    var parsed = SqlParser.parseExpression(text);
    assertTrue(parsed.understood(), text);
    return parsed.node();
  }

  public static Expr.Call call(String text) {
    return (Expr.Call) expr(text);
  }

  /** otel_logs as {@link RollupCatalog} has it, with r_logs (dimensions ServiceName, SeverityText). */
  public static TableInfo logs() {
    return RollupCatalog.snapshot().table(OtelCatalog.LOGS).orElseThrow();
  }

  public static TableInfo traces() {
    return RollupCatalog.snapshot().table(OtelCatalog.TRACES).orElseThrow();
  }

  public static void skips(RollupSkip code, Optional<Skip> skip) {
    assertTrue(skip.isPresent(), "expected " + code);
    assertEquals(code, skip.get().code(), skip.get().reason());
    assertTrue(!skip.get().reason().isBlank());
  }

  public static <T> Skip skips(RollupSkip code, Checked<T> checked) {
    assertTrue(checked instanceof Checked.Fails<T>, () -> "expected " + code + ", held " + checked);
    Skip skip = ((Checked.Fails<T>) checked).skip();
    assertEquals(code, skip.code(), skip.reason());
    return skip;
  }

  public static <T> T holds(Checked<T> checked) {
    assertTrue(checked instanceof Checked.Holds<T>, () -> "expected to hold: " + checked);
    return ((Checked.Holds<T>) checked).value();
  }
}

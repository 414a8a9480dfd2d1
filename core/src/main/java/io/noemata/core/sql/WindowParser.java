package io.noemata.core.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Window functions' {@code OVER} part and the WINDOW clause, in ClickHouse's grammar:
 * {@code ([PARTITION BY e, ..] [ORDER BY item, ..] [ROWS|RANGE|GROUPS [BETWEEN] bound [AND bound]])}.
 * A window built on another one ({@code OVER (w ORDER BY x)}) and WITH FILL inside a window are
 * refused rather than guessed.
 */
final class WindowParser {

  private final TokenStream in;
  private final QueryParser queries;

  WindowParser(TokenStream in, QueryParser queries) {
    this.in = in;
    this.queries = queries;
  }

  /** {@code OVER (spec)} or {@code OVER name} after {@code function}. */
  Expr.Window over(Expr.Call function) {
    in.expectWord("OVER");
    if (in.atSymbol("(")) {
      Clause.WindowSpec spec = spec();
      return new Expr.Window(function, null, spec, function.start(), spec.end());
    }
    Token name = queries.expressions().name("a window name");
    return new Expr.Window(function, name.identifier(), null, function.start(), name.end());
  }

  /** {@code WINDOW name AS (spec), ...}. */
  List<Clause.NamedWindow> windowClause() {
    in.expectWord("WINDOW");
    List<Clause.NamedWindow> out = new ArrayList<>();
    do {
      Token name = queries.expressions().name("a window name");
      in.expectWord("AS");
      Clause.WindowSpec spec = spec();
      out.add(new Clause.NamedWindow(name.identifier(), spec, name.start(), spec.end()));
    } while (in.acceptSymbol(","));
    return out;
  }

  private Clause.WindowSpec spec() {
    int start = in.position();
    in.expectSymbol("(");
    if (!in.atSymbol(")") && !in.atWord("PARTITION") && !in.atWord("ORDER") && !atFrameUnit()) {
      throw in.refuse("a window built on another window");
    }
    List<Expr> partitionBy = new ArrayList<>();
    if (in.acceptWord("PARTITION")) {
      in.expectWord("BY");
      do {
        partitionBy.add(queries.expressions().expr());
      } while (in.acceptSymbol(","));
    }
    List<Clause.OrderItem> orderBy = new ArrayList<>();
    if (in.acceptWord("ORDER")) {
      in.expectWord("BY");
      do {
        Clause.OrderItem item = queries.orderItem();
        if (item.fill()) {
          throw in.refuse("WITH FILL inside a window");
        }
        orderBy.add(item);
      } while (in.acceptSymbol(","));
    }
    Clause.Frame frame = atFrameUnit() ? frame() : null;
    in.expectSymbol(")");
    return new Clause.WindowSpec(partitionBy, orderBy, frame, start, in.lastEnd());
  }

  private boolean atFrameUnit() {
    return in.atWord("ROWS") || in.atWord("RANGE") || in.atWord("GROUPS");
  }

  private Clause.Frame frame() {
    Token unit = in.next();
    boolean between = in.acceptWord("BETWEEN");
    Clause.FrameBound from = bound();
    Clause.FrameBound to = null;
    if (between) {
      in.expectWord("AND");
      to = bound();
    }
    return new Clause.Frame(upper(unit), from, to, unit.start(), in.lastEnd());
  }

  /** Keywords first, as ClickHouse tries them: a column called {@code unbounded} is not an offset there. */
  private Clause.FrameBound bound() {
    int start = in.position();
    if (in.atWord("CURRENT")) {
      in.next();
      in.expectWord("ROW");
      return new Clause.FrameBound("CURRENT ROW", null, start, in.lastEnd());
    }
    if (in.acceptWord("UNBOUNDED")) {
      return new Clause.FrameBound("UNBOUNDED " + direction(), null, start, in.lastEnd());
    }
    Expr offset = queries.expressions().expr();
    return new Clause.FrameBound(direction(), offset, start, in.lastEnd());
  }

  private String direction() {
    if (!in.atWord("PRECEDING") && !in.atWord("FOLLOWING")) {
      throw in.refuse(RefusalCode.EXPECTED, "expected PRECEDING or FOLLOWING");
    }
    return upper(in.next());
  }

  private static String upper(Token t) {
    return t.text().toUpperCase(Locale.ROOT);
  }
}

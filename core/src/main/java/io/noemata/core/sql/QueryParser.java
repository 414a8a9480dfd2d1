package io.noemata.core.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** SELECT statements: WITH, the clauses of one SELECT, FROM and joins, UNION ALL, SETTINGS, FORMAT. */
final class QueryParser {

  private static final Set<String> JOIN_WORDS = Set.of(
      "GLOBAL", "LOCAL", "ANY", "ALL", "ASOF", "SEMI", "ANTI", "INNER", "LEFT", "RIGHT", "FULL", "CROSS",
      "OUTER", "PASTE");

  private final TokenStream in;
  private final PrecedenceParser exprs;
  private final WindowParser windows;

  QueryParser(TokenStream in) {
    this.in = in;
    this.exprs = new PrecedenceParser(in, this);
    this.windows = new WindowParser(in, this);
  }

  PrecedenceParser expressions() {
    return exprs;
  }

  WindowParser windows() {
    return windows;
  }

  boolean atQueryStart() {
    return in.atWord("SELECT") || in.atWord("WITH");
  }

  Statement statement() {
    if (!atQueryStart()) {
      throw in.refuse("not a SELECT statement");
    }
    int start = in.position();
    Query query = query();
    int end = in.lastEnd();
    String format = null;
    Clause.Settings trailing = null;
    if (in.acceptWord("FORMAT")) {
      Token name = in.next();
      if (name.kind() != TokenKind.WORD) {
        throw in.refuse(RefusalCode.EXPECTED, "expected a format name");
      }
      format = name.text();
      end = in.lastEnd();
      if (in.atWord("SETTINGS")) {
        trailing = settings();
        end = in.lastEnd();
      }
    }
    in.acceptSymbol(";");
    if (!in.atEnd()) {
      throw in.refuse(RefusalCode.TEXT_AFTER_END, "text after the statement");
    }
    return new Statement(query, trailing, format, start, end);
  }

  Query query() {
    in.enter();
    try {
      int start = in.position();
      List<Query.Select> selects = new ArrayList<>();
      selects.add(select());
      while (in.atWord("UNION")) {
        in.next();
        if (!in.acceptWord("ALL")) {
          throw in.refuse("only UNION ALL is understood"); // bare UNION depends on union_default_mode
        }
        if (!in.atWord("SELECT")) {
          throw in.refuse(RefusalCode.EXPECTED, "expected SELECT after UNION ALL");
        }
        selects.add(select());
      }
      return selects.size() == 1 ? selects.get(0) : new Query.Union(selects, start, in.lastEnd());
    } finally {
      in.leave();
    }
  }

  private Query.Select select() {
    int start = in.position();
    List<Clause.With> with = in.atWord("WITH") ? withList() : List.of();
    in.expectWord("SELECT");
    boolean distinct = false;
    if (in.acceptWord("DISTINCT")) {
      if (in.atWord("ON")) {
        throw in.refuse("DISTINCT ON");
      }
      distinct = true;
    } else if (in.atWord("ALL") || (in.atWord("TOP") && !in.atSymbol(1, ",") && !in.atWord(1, "FROM"))) {
      throw in.refuse("SELECT ALL/TOP"); // a column called top is still read: SELECT top, x / SELECT top FROM
    }
    List<Expr> items = new ArrayList<>();
    do {
      items.add(selectItem());
    } while (in.acceptSymbol(","));
    TableExpr from = in.acceptWord("FROM") ? tables() : null;
    List<Clause.ArrayJoin> arrayJoins = new ArrayList<>();
    while (atArrayJoin()) {
      arrayJoins.add(arrayJoin());
    }
    if (!arrayJoins.isEmpty() && (atJoinStart() || in.atSymbol(","))) {
      throw in.refuse("a join after ARRAY JOIN");
    }
    Expr prewhere = in.acceptWord("PREWHERE") ? exprs.expr() : null;
    Expr where = in.acceptWord("WHERE") ? exprs.expr() : null;
    Clause.GroupBy groupBy = in.atWord("GROUP") ? groupBy() : null;
    if (groupBy == null && in.atWord("WITH") && in.atWord(1, "TOTALS")) {
      throw in.refuse("WITH TOTALS without GROUP BY");
    }
    Expr having = in.acceptWord("HAVING") ? exprs.expr() : null;
    // ClickHouse's order: HAVING, WINDOW, QUALIFY, ORDER BY
    List<Clause.NamedWindow> namedWindows = in.atWord("WINDOW") ? windows.windowClause() : List.of();
    Expr qualify = in.acceptWord("QUALIFY") ? exprs.expr() : null;
    List<Clause.OrderItem> orderBy = in.atWord("ORDER") ? orderBy() : List.of();
    Clause.LimitBy limitBy = null;
    Expr limit = null;
    Expr offset = null;
    boolean withTies = false;
    if (in.atWord("LIMIT")) {
      int limitStart = in.position();
      in.next();
      Expr first = exprs.expr();
      Expr second = null;
      boolean commaForm = false;
      if (in.acceptSymbol(",")) {
        second = exprs.expr();
        commaForm = true;
      } else if (in.acceptWord("OFFSET")) {
        second = exprs.expr();
      }
      Expr n = commaForm ? second : first;
      Expr skip = commaForm ? first : second;
      if (in.acceptWord("BY")) {
        List<Expr> by = new ArrayList<>();
        do {
          by.add(exprs.element());
        } while (in.acceptSymbol(","));
        limitBy = new Clause.LimitBy(n, skip, by, limitStart, in.lastEnd());
        if (in.acceptWord("LIMIT")) {
          Expr a = exprs.expr();
          if (in.acceptSymbol(",")) {
            offset = a;
            limit = exprs.expr();
          } else {
            limit = a;
            offset = in.acceptWord("OFFSET") ? exprs.expr() : null;
          }
        }
      } else {
        limit = n;
        offset = skip;
      }
      if (in.atWord("WITH") && in.atWord(1, "TIES")) {
        if (limit == null || offset != null || limitBy != null || orderBy.isEmpty()) {
          throw in.refuse("WITH TIES other than after one LIMIT n of an ordered query");
        }
        in.next();
        in.next();
        withTies = true;
      }
    } else if (in.atWord("OFFSET") || in.atWord("FETCH")) {
      // the standard's OFFSET n {ROW | ROWS} and FETCH {FIRST | NEXT} m {ROW | ROWS} {ONLY | WITH TIES}
      // (Hibernate's and Spring Data's ANSI dialects): the same skip and count as LIMIT m OFFSET n. The
      // server takes FETCH only after ORDER BY, and after an OFFSET only when ROW or ROWS follows it
      boolean rows = false;
      if (in.acceptWord("OFFSET")) {
        offset = exprs.expr();
        rows = in.acceptWord("ROW") || in.acceptWord("ROWS");
      }
      if (in.atWord("FETCH")) {
        if (orderBy.isEmpty() || offset != null && !rows) {
          throw in.refuse("FETCH other than after ORDER BY and an OFFSET n ROWS");
        }
        in.next();
        if (!in.acceptWord("FIRST")) {
          in.expectWord("NEXT");
        }
        limit = exprs.expr();
        if (!in.acceptWord("ROWS")) {
          in.expectWord("ROW");
        }
        if (in.atWord("WITH") && in.atWord(1, "TIES")) {
          if (offset != null) {
            throw in.refuse("WITH TIES other than after one LIMIT n of an ordered query");
          }
          in.next();
          in.next();
          withTies = true;
        } else {
          in.expectWord("ONLY");
        }
      }
    }
    Clause.Settings settings = in.atWord("SETTINGS") ? settings() : null;
    return new Query.Select(with, distinct, items, from, arrayJoins, prewhere, where, groupBy, having,
        namedWindows, qualify, orderBy, limitBy, limit, offset, withTies, settings, start, in.lastEnd());
  }

  private List<Clause.With> withList() {
    in.expectWord("WITH");
    if (in.atWord("RECURSIVE")) {
      throw in.refuse("WITH RECURSIVE");
    }
    List<Clause.With> out = new ArrayList<>();
    do {
      int start = in.position();
      if (in.atName() && in.atWord(1, "AS") && in.atSymbol(2, "(")
          && (in.atWord(3, "SELECT") || in.atWord(3, "WITH"))) {
        Token name = exprs.name("CTE name");
        in.expectWord("AS");
        in.expectSymbol("(");
        Query q = query();
        in.expectSymbol(")");
        out.add(new Clause.With(name.identifier(), null, q, start, in.lastEnd()));
      } else {
        Expr e = exprs.expr();
        in.expectWord("AS");
        if (!in.atName()) {
          throw in.refuse(RefusalCode.EXPECTED, "expected a WITH alias");
        }
        Token name = in.next();
        out.add(new Clause.With(name.identifier(), e, null, start, in.lastEnd()));
      }
    } while (in.acceptSymbol(","));
    return out;
  }

  /** A select item with its alias, explicit ({@code AS x}) or implicit ({@code x}, {@code `x`}). */
  private Expr selectItem() {
    Expr e = exprs.expr();
    if (in.acceptWord("AS")) {
      return exprs.aliased(e);
    }
    if (in.atName() && !Keywords.isClauseWord(in.peek())) {
      Token name = in.next();
      return new Expr.Aliased(e, name.identifier(), name.start(), name.end(), e.start(), name.end());
    }
    return e;
  }

  private TableExpr tables() {
    TableExpr left = tableFactor();
    int links = 0; // each join nests the tables before it one level deeper
    try {
      while (true) {
        if (in.atSymbol(",")) {
          in.next();
          links++;
          in.link();
          TableExpr right = tableFactor();
          left = new TableExpr.Join(left, ",", right, null, List.of(), left.start(), right.end());
          continue;
        }
        if (!atJoinStart()) {
          return left;
        }
        StringBuilder kind = new StringBuilder();
        while (!in.atWord("JOIN")) {
          Token w = in.next();
          if (kind.length() > 0) {
            kind.append(' ');
          }
          kind.append(w.text().toUpperCase(Locale.ROOT));
        }
        in.next();
        links++;
        in.link();
        TableExpr right = tableFactor();
        String k = kind.toString();
        Expr on = null;
        List<Expr> using = new ArrayList<>();
        if (in.acceptWord("ON")) {
          on = exprs.expr();
        } else if (in.acceptWord("USING")) {
          boolean parens = in.acceptSymbol("(");
          do {
            using.add(exprs.expr());
          } while (in.acceptSymbol(","));
          if (parens) {
            in.expectSymbol(")");
          }
        } else if (!k.contains("CROSS") && !k.contains("PASTE")) {
          throw in.refuse("JOIN without ON or USING");
        }
        left = new TableExpr.Join(left, k, right, on, using, left.start(), in.lastEnd());
      }
    } finally {
      in.unlink(links);
    }
  }

  /** Join words up to JOIN (not an ARRAY JOIN). */
  private boolean atJoinStart() {
    for (int i = 0; ; i++) {
      Token t = in.peek(i);
      if (t == null || t.kind() != TokenKind.WORD) {
        return false;
      }
      if (t.isWord("JOIN")) {
        return true;
      }
      if (!JOIN_WORDS.contains(t.text().toUpperCase(Locale.ROOT))) {
        return false;
      }
    }
  }

  private boolean atArrayJoin() {
    return (in.atWord("ARRAY") && in.atWord(1, "JOIN"))
        || ((in.atWord("LEFT") || in.atWord("INNER")) && in.atWord(1, "ARRAY") && in.atWord(2, "JOIN"));
  }

  private Clause.ArrayJoin arrayJoin() {
    int start = in.position();
    boolean left = in.acceptWord("LEFT");
    in.acceptWord("INNER");
    in.expectWord("ARRAY");
    in.expectWord("JOIN");
    List<Expr> items = new ArrayList<>();
    do {
      items.add(exprs.element());
    } while (in.acceptSymbol(","));
    return new Clause.ArrayJoin(left, items, start, in.lastEnd());
  }

  private TableExpr tableFactor() {
    int start = in.position();
    if (in.atSymbol("(")) {
      in.next();
      if (!atQueryStart()) {
        throw in.refuse("parenthesised join");
      }
      Query q = query();
      in.expectSymbol(")");
      String alias = tableAlias();
      if (in.atWord("FINAL") || in.atWord("SAMPLE")) {
        throw in.refuse("FINAL/SAMPLE on a subquery");
      }
      return new TableExpr.Derived(q, alias, start, in.lastEnd());
    }
    if (!in.atName() || Keywords.isClauseWord(in.peek())) {
      throw in.refuse(RefusalCode.EXPECTED, "expected a table");
    }
    if (in.atSymbol(1, "(")) {
      Expr call = exprs.expr();
      if (!(call instanceof Expr.Call c) || c.params() != null) {
        throw in.refuse(RefusalCode.EXPECTED, "expected a table function");
      }
      String alias = tableAlias();
      return new TableExpr.Function(c, alias, start, in.lastEnd());
    }
    String first = in.next().identifier();
    String database = null;
    String table = first;
    if (in.atSymbol(".")) {
      in.next();
      database = first;
      table = exprs.name("table name").identifier();
      if (in.atSymbol(".")) {
        throw in.refuse("three-part table name");
      }
    }
    String alias = tableAlias();
    boolean fin = in.acceptWord("FINAL");
    boolean sampled = false;
    if (in.acceptWord("SAMPLE")) {
      sampled = true;
      exprs.expr();
      if (in.acceptWord("OFFSET")) {
        exprs.expr();
      }
    }
    return new TableExpr.Table(database, table, alias, fin, sampled, start, in.lastEnd());
  }

  private String tableAlias() {
    if (in.acceptWord("AS")) {
      return exprs.name("table alias").identifier();
    }
    if (in.atName() && !Keywords.isClauseWord(in.peek())) {
      return in.next().identifier();
    }
    return null;
  }

  private Clause.GroupBy groupBy() {
    int start = in.position();
    in.expectWord("GROUP");
    in.expectWord("BY");
    boolean all = false;
    Clause.GroupingForm form = Clause.GroupingForm.LIST;
    List<Expr> items = new ArrayList<>();
    List<List<Expr>> sets = new ArrayList<>();
    if (in.atWord("ALL") && !in.atSymbol(1, "(")) {
      in.next();
      all = true;
    } else if (in.atWord("GROUPING") && in.atWord(1, "SETS")) {
      in.next();
      in.next();
      form = Clause.GroupingForm.GROUPING_SETS;
      in.expectSymbol("(");
      do {
        List<Expr> set = groupingSet();
        sets.add(set);
        items.addAll(set);
      } while (in.acceptSymbol(","));
      in.expectSymbol(")");
    } else if ((in.atWord("ROLLUP") || in.atWord("CUBE")) && in.atSymbol(1, "(")) {
      form = in.next().text().equalsIgnoreCase("ROLLUP") ? Clause.GroupingForm.ROLLUP : Clause.GroupingForm.CUBE;
      in.expectSymbol("(");
      do {
        items.add(exprs.element());
      } while (in.acceptSymbol(","));
      in.expectSymbol(")");
    } else {
      do {
        items.add(exprs.element());
      } while (in.acceptSymbol(","));
    }
    if (form != Clause.GroupingForm.LIST && in.atSymbol(",")) {
      throw in.refuse("keys after ROLLUP(), CUBE() or GROUPING SETS");
    }
    List<String> modifiers = new ArrayList<>();
    while (in.atWord("WITH") && (in.atWord(1, "ROLLUP") || in.atWord(1, "CUBE") || in.atWord(1, "TOTALS"))) {
      in.next();
      modifiers.add(in.next().text().toUpperCase(Locale.ROOT));
    }
    return new Clause.GroupBy(all, form, items, sets, modifiers, start, in.lastEnd());
  }

  /**
   * One set of GROUPING SETS: {@code (a, b)}, {@code ()} or a bare {@code a}. A parenthesised set
   * must end the set ({@code ((a + b) * 2)} would read otherwise: not understood).
   */
  private List<Expr> groupingSet() {
    List<Expr> set = new ArrayList<>();
    if (!in.acceptSymbol("(")) {
      set.add(exprs.element());
      return set;
    }
    if (!in.acceptSymbol(")")) {
      do {
        set.add(exprs.element());
      } while (in.acceptSymbol(","));
      in.expectSymbol(")");
    }
    if (!in.atSymbol(",") && !in.atSymbol(")")) {
      throw in.refuse("a grouping set's parentheses followed by more of its expression");
    }
    return set;
  }

  private List<Clause.OrderItem> orderBy() {
    in.expectWord("ORDER");
    in.expectWord("BY");
    if (in.atWord("ALL") && !in.atSymbol(1, "(")) {
      throw in.refuse("ORDER BY ALL");
    }
    List<Clause.OrderItem> out = new ArrayList<>();
    do {
      out.add(orderItem());
    } while (in.acceptSymbol(","));
    if (in.atWord("INTERPOLATE")) {
      throw in.refuse("INTERPOLATE");
    }
    return out;
  }

  Clause.OrderItem orderItem() {
    Expr e = exprs.element();
    boolean descending = false;
    if (in.acceptWord("DESC") || in.acceptWord("DESCENDING")) {
      descending = true;
    } else if (!in.acceptWord("ASC")) {
      in.acceptWord("ASCENDING");
    }
    String nulls = null;
    if (in.acceptWord("NULLS")) {
      Token w = in.next();
      if (!w.isWord("FIRST") && !w.isWord("LAST")) {
        throw in.refuse(RefusalCode.EXPECTED, "expected NULLS FIRST or LAST");
      }
      nulls = w.text().toUpperCase(Locale.ROOT);
    }
    String collate = null;
    if (in.acceptWord("COLLATE")) {
      Token c = in.next();
      if (c.kind() != TokenKind.STRING) {
        throw in.refuse(RefusalCode.EXPECTED, "expected a collation string");
      }
      collate = c.text();
    }
    boolean fill = false;
    List<Expr> fillExprs = new ArrayList<>();
    if (in.atWord("WITH") && in.atWord(1, "FILL")) {
      in.next();
      in.next();
      fill = true;
      for (String part : List.of("FROM", "TO", "STEP", "STALENESS")) {
        if (in.acceptWord(part)) {
          fillExprs.add(exprs.expr());
        }
      }
    }
    return new Clause.OrderItem(e, descending, nulls, collate, fill, fillExprs, e.start(), in.lastEnd());
  }

  /** SETTINGS name = value, ...; a value runs to the next comma outside brackets. */
  Clause.Settings settings() {
    return assignments("SETTINGS");
  }

  /** A session's {@code SET name = value, ...}, with an optional {@code ;} and nothing after it. */
  Clause.Settings set() {
    Clause.Settings s = assignments("SET");
    in.acceptSymbol(";");
    if (!in.atEnd()) {
      throw in.refuse(RefusalCode.TEXT_AFTER_END, "text after the SET statement");
    }
    return s;
  }

  /** {@code keyword name = value, ...}: the list SETTINGS and SET share. */
  private Clause.Settings assignments(String keyword) {
    int start = in.position();
    in.expectWord(keyword);
    List<Clause.Setting> items = new ArrayList<>();
    do {
      Token name = in.next();
      if (name.kind() != TokenKind.WORD) {
        throw in.refuse(RefusalCode.EXPECTED, "expected a setting name");
      }
      in.expectSymbol("=");
      int valueStart = in.position();
      int depth = 0;
      while (!in.atEnd()) {
        Token t = in.peek();
        if (depth == 0 && (t.isSymbol(",") || t.isSymbol(";") || t.isSymbol(")") || t.isWord("FORMAT")
            || t.isWord("UNION"))) {
          break;
        }
        if (t.isSymbol("(") || t.isSymbol("[") || t.isSymbol("{")) {
          depth++;
        } else if (t.isSymbol(")") || t.isSymbol("]") || t.isSymbol("}")) {
          depth--;
        }
        in.next();
      }
      if (in.position() == valueStart || depth != 0) {
        throw in.refuse("unreadable setting value");
      }
      String value = in.sql.substring(valueStart, in.lastEnd());
      items.add(new Clause.Setting(name.text(), value, name.start(), in.lastEnd()));
    } while (in.acceptSymbol(","));
    return new Clause.Settings(items, start, in.lastEnd());
  }
}

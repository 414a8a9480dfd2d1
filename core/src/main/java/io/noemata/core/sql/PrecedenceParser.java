package io.noemata.core.sql;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Expressions by precedence climbing, with ClickHouse's operator priorities (lowest first): lambda
 * {@code ->}, ternary {@code ?:}, OR, AND, NOT, IS [NOT] NULL, [NOT] BETWEEN, comparisons / LIKE /
 * IN, {@code ||}, {@code + -}, {@code * / % DIV MOD}, unary minus, then {@code [..]}, {@code ::},
 * {@code .n}. Anything else refuses.
 */
final class PrecedenceParser {

  private static final Set<String> COMPARISONS = Set.of("=", "==", "!=", "<>", "<", ">", "<=", ">=");

  private final TokenStream in;
  private final QueryParser queries;
  private int caseDepth;

  PrecedenceParser(TokenStream in, QueryParser queries) {
    this.in = in;
    this.queries = queries;
  }

  /** An expression, optionally followed by {@code AS name}. */
  Expr element() {
    Expr e = expr();
    if (in.atWord("AS")) {
      in.next();
      return aliased(e);
    }
    return e;
  }

  /** Reads the alias name after AS (already consumed) and wraps {@code e}. */
  Expr aliased(Expr e) {
    if (!in.atName()) {
      throw in.refuse(RefusalCode.EXPECTED, "expected an alias");
    }
    Token name = in.next(); // after AS any word is a name: Grafana writes "... as end"
    return new Expr.Aliased(e, name.identifier(), name.start(), name.end(), e.start(), name.end());
  }

  Token name(String what) {
    if (!in.atName() || Keywords.isClauseWord(in.peek())) {
      throw in.refuse(RefusalCode.EXPECTED, "expected " + what);
    }
    return in.next();
  }

  Expr expr() {
    in.enter();
    try {
      Expr left = ternary();
      if (in.atSymbol("->")) {
        List<String> params = lambdaParams(left);
        in.next();
        Expr body = expr();
        return new Expr.Lambda(params, body, left.start(), body.end());
      }
      return left;
    } finally {
      in.leave();
    }
  }

  /** A chain of prefix operators (NOT, -, INTERVAL) counts toward the nesting limit, so no text exhausts the stack. */
  private Expr nested(java.util.function.Supplier<Expr> operand) {
    in.enter();
    try {
      return operand.get();
    } finally {
      in.leave();
    }
  }

  private List<String> lambdaParams(Expr left) {
    List<Expr> items = left instanceof Expr.Tuple t ? t.items()
        : left instanceof Expr.Parens p ? List.of(p.inner()) : List.of(left);
    List<String> names = new ArrayList<>();
    for (Expr item : items) {
      if (!(item instanceof Expr.Identifier id) || id.parts().size() != 1) {
        throw in.refuse("lambda parameters must be names");
      }
      names.add(id.name());
    }
    return names;
  }

  private Expr ternary() {
    Expr cond = or();
    Token t = in.peek();
    if (t != null && t.kind() == TokenKind.PARAMETER && t.text().equals("?")) {
      in.next();
      // ClickHouse refuses a ternary nested in a branch without parentheses; so does this parser
      Expr then = or();
      in.expectSymbol(":");
      Expr otherwise = or();
      return new Expr.Ternary(cond, then, otherwise, cond.start(), otherwise.end());
    }
    return cond;
  }

  private Expr or() {
    Expr left = and();
    int links = 0;
    try {
      while (in.atWord("OR")) {
        in.next();
        links = link(links);
        Expr right = and();
        left = new Expr.Binary("OR", left, right, left.start(), right.end());
      }
      return left;
    } finally {
      in.unlink(links);
    }
  }

  /** Each operator of a chain nests its left side one level deeper in the tree (see {@link Nesting}). */
  private int link(int links) {
    in.link();
    return links + 1;
  }

  private Expr and() {
    Expr left = not();
    int links = 0;
    try {
      while (in.atWord("AND")) {
        in.next();
        links = link(links);
        Expr right = not();
        left = new Expr.Binary("AND", left, right, left.start(), right.end());
      }
      return left;
    } finally {
      in.unlink(links);
    }
  }

  private Expr not() {
    if (in.atWord("NOT")) {
      // always the operator, even written not(a): ClickHouse 26.5 reads not(a) = 1 as NOT ((a) = 1)
      Token t = in.next();
      Expr operand = nested(this::not);
      return new Expr.Unary("NOT", operand, t.start(), operand.end());
    }
    return isNull();
  }

  private Expr isNull() {
    Expr e = between();
    int links = 0;
    try {
      while (in.atWord("IS")) {
        in.next();
        links = link(links);
        boolean negated = in.acceptWord("NOT");
        in.expectWord("NULL");
        e = new Expr.IsNull(e, negated, e.start(), in.lastEnd());
      }
      return e;
    } finally {
      in.unlink(links);
    }
  }

  private Expr between() {
    Expr e = comparison();
    boolean negated = in.atWord("NOT") && in.atWord(1, "BETWEEN");
    if (negated || in.atWord("BETWEEN")) {
      if (negated) {
        in.next();
      }
      in.next();
      Expr low = comparison();
      in.expectWord("AND");
      Expr high = comparison();
      return new Expr.Between(e, low, high, negated, e.start(), high.end());
    }
    return e;
  }

  private Expr comparison() {
    Expr left = concat();
    int links = 0;
    try {
      while (true) {
        String op = comparisonOperator();
        if (op == null) {
          return left;
        }
        links = link(links);
        Expr right = concat();
        left = new Expr.Binary(op, left, right, left.start(), right.end());
      }
    } finally {
      in.unlink(links);
    }
  }

  /** Consumes and names a comparison-level operator, or returns null and consumes nothing. */
  private String comparisonOperator() {
    Token t = in.peek();
    if (t == null) {
      return null;
    }
    if (t.kind() == TokenKind.SYMBOL && COMPARISONS.contains(t.text())) {
      in.next();
      return t.text();
    }
    if (t.kind() != TokenKind.WORD) {
      return null;
    }
    int i = 0;
    StringBuilder op = new StringBuilder();
    if (in.atWord(i, "GLOBAL")) {
      op.append("GLOBAL ");
      i++;
    }
    if (in.atWord(i, "NOT")) {
      op.append("NOT ");
      i++;
    }
    Token w = in.peek(i);
    if (w == null || w.kind() != TokenKind.WORD) {
      return null;
    }
    String word = w.text().toUpperCase(Locale.ROOT);
    boolean global = op.indexOf("GLOBAL") >= 0;
    boolean ok = word.equals("IN") || (!global && (word.equals("LIKE") || word.equals("ILIKE")
        || (word.equals("REGEXP") && op.length() == 0)));
    if (!ok) {
      return null;
    }
    for (int k = 0; k <= i; k++) {
      in.next();
    }
    return op.append(word).toString();
  }

  private Expr concat() {
    Expr left = additive();
    int links = 0;
    try {
      while (in.atSymbol("||")) {
        in.next();
        links = link(links);
        Expr right = additive();
        left = new Expr.Binary("||", left, right, left.start(), right.end());
      }
      return left;
    } finally {
      in.unlink(links);
    }
  }

  private Expr additive() {
    Expr left = multiplicative();
    int links = 0;
    try {
      while (in.atSymbol("+") || in.atSymbol("-")) {
        String op = in.next().text();
        links = link(links);
        Expr right = multiplicative();
        left = new Expr.Binary(op, left, right, left.start(), right.end());
      }
      return left;
    } finally {
      in.unlink(links);
    }
  }

  private Expr multiplicative() {
    Expr left = unary();
    int links = 0;
    try {
      while (true) {
        String op;
        if (in.atSymbol("*") || in.atSymbol("/") || in.atSymbol("%")) {
          op = in.peek().text();
        } else if (in.atWord("DIV") || in.atWord("MOD")) { // after an operand, DIV (2) is the operator too
          op = in.peek().text().toUpperCase(Locale.ROOT);
        } else {
          return left;
        }
        in.next();
        links = link(links);
        Expr right = unary();
        left = new Expr.Binary(op, left, right, left.start(), right.end());
      }
    } finally {
      in.unlink(links);
    }
  }

  private Expr unary() {
    if (in.atSymbol("-")) {
      Token t = in.next();
      Expr operand = nested(this::unary);
      return new Expr.Unary("-", operand, t.start(), operand.end());
    }
    return postfix(primary());
  }

  private Expr postfix(Expr e) {
    int links = 0;
    try {
      while (true) {
        if (in.atSymbol("[")) {
          in.next();
          links = link(links);
          Expr index = expr();
          in.expectSymbol("]");
          e = new Expr.Subscript(e, index, e.start(), in.lastEnd());
        } else if (in.atSymbol("::")) {
          in.next();
          links = link(links);
          String type = type();
          e = new Expr.Cast(e, type, true, e.start(), in.lastEnd());
        } else if (in.atSymbol(".")) {
          in.next();
          links = link(links);
          Token t = in.next();
          if (t.kind() == TokenKind.NUMBER && t.text().matches("[0-9]+\\.[0-9]+")) {
            // x.1.2 is (x.1).2 to ClickHouse; the lexer cuts "1.2" as one number
            int dot = t.start() + t.text().indexOf('.');
            e = new Expr.TupleElement(e, t.text().substring(0, dot - t.start()), e.start(), dot);
            e = new Expr.TupleElement(e, t.text().substring(dot - t.start() + 1), e.start(), t.end());
            continue;
          }
          if (!(t.kind() == TokenKind.NUMBER && t.text().chars().allMatch(Character::isDigit))
              && !(t.kind() == TokenKind.WORD || t.kind() == TokenKind.QUOTED_IDENTIFIER)) {
            throw in.refuse(RefusalCode.UNEXPECTED_TOKEN, "unexpected tuple element");
          }
          String element = t.kind() == TokenKind.NUMBER ? t.text() : t.identifier();
          e = new Expr.TupleElement(e, element, e.start(), t.end());
        } else {
          return e;
        }
      }
    } finally {
      in.unlink(links);
    }
  }

  /** A type name with its balanced parenthesised arguments, returned as written. */
  String type() {
    Token first = in.peek();
    if (first == null || first.kind() != TokenKind.WORD) {
      throw in.refuse(RefusalCode.EXPECTED, "expected a type");
    }
    in.next();
    if (in.atSymbol("(")) {
      int depth = 0;
      do {
        Token t = in.next();
        if (t.isSymbol("(")) {
          depth++;
        } else if (t.isSymbol(")")) {
          depth--;
        }
      } while (depth > 0);
    }
    return in.sql.substring(first.start(), in.lastEnd());
  }

  private Expr primary() {
    Token t = in.peek();
    if (t == null) {
      throw in.refuse(RefusalCode.EXPECTED_EXPRESSION, "expected an expression");
    }
    switch (t.kind()) {
      case NUMBER -> {
        in.next();
        return new Expr.Literal(Expr.Literal.Kind.NUMBER, t.text(), t.start(), t.end());
      }
      case STRING -> {
        in.next();
        return new Expr.Literal(Expr.Literal.Kind.STRING, t.text(), t.start(), t.end());
      }
      case PARAMETER -> {
        return parameter(in.next());
      }
      case SYMBOL -> {
        return symbolPrimary(t);
      }
      case WORD -> {
        return wordPrimary(t);
      }
      case QUOTED_IDENTIFIER -> {
        return in.atSymbol(1, "(") ? call() : identifier();
      }
      default -> throw in.refuse(RefusalCode.UNEXPECTED_TOKEN, "unexpected token");
    }
  }

  private Expr symbolPrimary(Token t) {
    if (t.isSymbol("(")) {
      in.next();
      if (queries.atQueryStart()) {
        Query q = queries.query();
        in.expectSymbol(")");
        return new Expr.Subquery(q, t.start(), in.lastEnd());
      }
      if (in.acceptSymbol(")")) {
        return new Expr.Tuple(List.of(), t.start(), in.lastEnd());
      }
      Expr first = element();
      if (in.acceptSymbol(")")) {
        return new Expr.Parens(first, t.start(), in.lastEnd());
      }
      List<Expr> items = new ArrayList<>(List.of(first));
      while (in.acceptSymbol(",")) {
        items.add(element());
      }
      in.expectSymbol(")");
      return new Expr.Tuple(items, t.start(), in.lastEnd());
    }
    if (t.isSymbol("[")) {
      in.next();
      List<Expr> items = new ArrayList<>();
      if (!in.atSymbol("]")) {
        do {
          items.add(element());
        } while (in.acceptSymbol(","));
      }
      in.expectSymbol("]");
      return new Expr.Array(items, t.start(), in.lastEnd());
    }
    if (t.isSymbol("*")) {
      in.next();
      return new Expr.Star(List.of(), t.start(), t.end());
    }
    throw in.refuse(RefusalCode.UNEXPECTED_TOKEN, "unexpected symbol");
  }

  private Expr wordPrimary(Token t) {
    String word = t.text().toUpperCase(Locale.ROOT);
    boolean call = in.atSymbol(1, "(");
    if (word.equals("CASE")) {
      return caseExpr();
    }
    if (word.equals("CAST") && call) {
      return cast();
    }
    if (word.equals("INTERVAL")) { // INTERVAL (15 * 60) SECOND too: ClickHouse has no function called interval
      return interval();
    }
    if (call && word.equals("EXTRACT") && unitWord(in.peek(2)) != null && in.atWord(3, "FROM")) {
      return extract();
    }
    if (call) {
      return call();
    }
    Token after = in.peek(1);
    if (after != null && after.kind() == TokenKind.STRING && (word.equals("DATE") || word.equals("TIMESTAMP"))) {
      return typedLiteral();
    }
    if (after != null && after.kind() == TokenKind.STRING) {
      throw in.refuse(RefusalCode.TYPED_LITERAL, "typed literal"); // INTERVAL-free others: TIME '...', UUID '...'
    }
    switch (word) {
      case "NULL" -> {
        in.next();
        return new Expr.Literal(Expr.Literal.Kind.NULL, t.text(), t.start(), t.end());
      }
      case "TRUE", "FALSE" -> {
        in.next();
        return new Expr.Literal(Expr.Literal.Kind.BOOLEAN, t.text(), t.start(), t.end());
      }
      case "INF", "NAN" -> {
        in.next();
        return new Expr.Literal(Expr.Literal.Kind.SPECIAL_NUMBER, t.text(), t.start(), t.end());
      }
      default -> {
        if (word.equals("END") && caseDepth == 0) {
          return identifier(); // "end" is a name outside CASE (Grafana's WITH ... AS end)
        }
        if (Keywords.isClauseWord(t)) {
          throw in.refuse(RefusalCode.KEYWORD_AS_OPERAND, "keyword where an expression was expected");
        }
        return identifier();
      }
    }
  }

  /** {@code a}, {@code a.b.c}, {@code a.*}; a numeric part ends the name and becomes a tuple element. */
  private Expr identifier() {
    Token first = in.next();
    List<String> parts = new ArrayList<>(List.of(first.identifier()));
    while (in.atSymbol(".")) {
      Token after = in.peek(1);
      if (after == null) {
        throw in.refuse(RefusalCode.NAME_ENDS_WITH_DOT, "name ends with a dot");
      }
      if (after.isSymbol("*")) {
        in.next();
        in.next();
        return new Expr.Star(parts, first.start(), in.lastEnd());
      }
      if (after.kind() != TokenKind.WORD && after.kind() != TokenKind.QUOTED_IDENTIFIER) {
        break; // t.1: postfix() reads the tuple element
      }
      in.next();
      in.next();
      parts.add(after.identifier());
    }
    return new Expr.Identifier(parts, first.start(), in.lastEnd());
  }

  private Expr call() {
    Token nameToken = in.next();
    String name = nameToken.identifier();
    List<Expr> args = new ArrayList<>();
    boolean distinct = arguments(args);
    List<Expr> params = null;
    if (in.atSymbol("(")) {
      if (distinct) {
        throw in.refuse("DISTINCT in aggregate parameters");
      }
      params = args;
      args = new ArrayList<>();
      distinct = arguments(args);
    }
    if ((name.equalsIgnoreCase("position") || name.equalsIgnoreCase("locate")) && args.size() == 1) {
      throw in.refuse("position(a IN b) form"); // the IN here is not membership
    }
    Expr.Call call = new Expr.Call(name, params, args, distinct, nameToken.start(), in.lastEnd());
    if (in.atWord("FILTER") && in.atSymbol(1, "(")) { // never an alias: an alias is not followed by (
      in.next();
      in.expectSymbol("(");
      in.expectWord("WHERE");
      Expr condition = expr();
      in.expectSymbol(")");
      if (in.atWord("OVER") || in.atWord("FILTER") || in.atWord("RESPECT") || in.atWord("IGNORE")) {
        throw in.refuse("a window or null treatment after FILTER");
      }
      return new Expr.Filtered(call, condition, nameToken.start(), in.lastEnd());
    }
    if (in.atWord("RESPECT") || in.atWord("IGNORE")) {
      throw in.refuse("null treatment clause on a function");
    }
    return in.atWord("OVER") ? queries.windows().over(call) : call;
  }

  /**
   * {@code EXTRACT(unit FROM e)}: ClickHouse's parser reads it as the function of the unit
   * ({@code EXTRACT(HOUR FROM t)} is {@code toHour(t)}, its result column named so; measured on 26.5).
   * Units it spells otherwise (DOW, abbreviations) are not read. {@code extract(s, pattern)} is the
   * string function, an ordinary call.
   */
  private static final java.util.Map<String, String> EXTRACT = java.util.Map.ofEntries(
      java.util.Map.entry("NANOSECOND", "toNanosecond"), java.util.Map.entry("MICROSECOND", "toMicrosecond"),
      java.util.Map.entry("MILLISECOND", "toMillisecond"), java.util.Map.entry("SECOND", "toSecond"),
      java.util.Map.entry("MINUTE", "toMinute"), java.util.Map.entry("HOUR", "toHour"),
      java.util.Map.entry("DAY", "toDayOfMonth"), java.util.Map.entry("WEEK", "toISOWeek"),
      java.util.Map.entry("MONTH", "toMonth"), java.util.Map.entry("QUARTER", "toQuarter"),
      java.util.Map.entry("YEAR", "toYear"));

  /** An EXTRACT unit word in upper case and singular, or null when it is none. */
  private static String unitWord(Token t) {
    if (t == null || t.kind() != TokenKind.WORD) {
      return null;
    }
    String u = t.text().toUpperCase(Locale.ROOT);
    String singular = u.endsWith("S") ? u.substring(0, u.length() - 1) : u;
    return EXTRACT.containsKey(u) ? u : EXTRACT.containsKey(singular) ? singular : null;
  }

  /**
   * {@code DATE '...'} and {@code TIMESTAMP '...'}: ClickHouse's parser reads them as {@code toDate('...')}
   * and {@code toDateTime('...')}, which also name the result column (measured on 26.5). A method of
   * its own, so the recursion through {@link #wordPrimary} keeps its frame small.
   */
  private Expr typedLiteral() {
    Token word = in.next();
    Token value = in.next();
    Expr.Literal literal = new Expr.Literal(Expr.Literal.Kind.STRING, value.text(), value.start(), value.end());
    return new Expr.Call(word.text().equalsIgnoreCase("DATE") ? "toDate" : "toDateTime", null, List.of(literal), false,
        word.start(), value.end());
  }

  private Expr extract() {
    Token name = in.next();
    in.expectSymbol("(");
    String function = EXTRACT.get(unitWord(in.next()));
    in.expectWord("FROM");
    Expr operand = expr();
    in.expectSymbol(")");
    return new Expr.Call(function, null, List.of(operand), false, name.start(), in.lastEnd());
  }

  /** {@code ?}, or {@code {name:Type}} (the lexer checked its form) split into name and type. */
  private Expr parameter(Token t) {
    if (t.text().equals("?")) {
      return new Expr.Parameter(t.text(), null, null, t.start(), t.end());
    }
    String inner = t.text().substring(1, t.text().length() - 1);
    int colon = inner.indexOf(':');
    String type = inner.substring(colon + 1).strip();
    if (type.equalsIgnoreCase("Identifier")) {
      // the server splices a name there (a column, a table): not a value, so refused
      throw new NotUnderstood("a query parameter that names an identifier at '" + t.text() + "'", t.start());
    }
    return new Expr.Parameter(t.text(), inner.substring(0, colon).strip(), type, t.start(), t.end());
  }

  /** Reads {@code ( [DISTINCT] args )} into {@code out}; true when DISTINCT was written. */
  private boolean arguments(List<Expr> out) {
    in.expectSymbol("(");
    if (in.acceptSymbol(")")) {
      return false;
    }
    boolean distinct = false;
    if (in.atWord("DISTINCT") && !in.atSymbol(1, ")") && !in.atSymbol(1, ",")) {
      in.next();
      distinct = true;
    }
    if (queries.atQueryStart()) {
      int start = in.position();
      Query q = queries.query();
      out.add(new Expr.Subquery(q, start, in.lastEnd()));
    } else {
      do {
        out.add(element());
      } while (in.acceptSymbol(","));
    }
    in.expectSymbol(")");
    return distinct;
  }

  private Expr cast() {
    Token castToken = in.next();
    in.expectSymbol("(");
    Expr operand = expr();
    if (in.acceptWord("AS")) {
      String type = type();
      in.expectSymbol(")");
      return new Expr.Cast(operand, type, false, castToken.start(), in.lastEnd());
    }
    List<Expr> args = new ArrayList<>(List.of(operand));
    while (in.acceptSymbol(",")) {
      args.add(element());
    }
    in.expectSymbol(")");
    return new Expr.Call(castToken.text(), null, args, false, castToken.start(), in.lastEnd());
  }

  private Expr interval() {
    Token start = in.next();
    Expr amount = nested(this::unary);
    if (Keywords.isIntervalUnit(in.peek())) {
      Token unit = in.next();
      return new Expr.Interval(amount, unit.text(), start.start(), unit.end());
    }
    if (amount instanceof Expr.Literal l && l.kind() == Expr.Literal.Kind.STRING) {
      return new Expr.Interval(amount, null, start.start(), amount.end());
    }
    throw in.refuse(RefusalCode.INTERVAL_WITHOUT_UNIT, "INTERVAL without a unit");
  }

  private Expr caseExpr() {
    caseDepth++;
    try {
      return caseBody();
    } finally {
      caseDepth--;
    }
  }

  private Expr caseBody() {
    Token start = in.next();
    Expr operand = in.atWord("WHEN") ? null : expr();
    List<Expr> conditions = new ArrayList<>();
    List<Expr> results = new ArrayList<>();
    while (in.acceptWord("WHEN")) {
      conditions.add(expr());
      in.expectWord("THEN");
      results.add(expr());
    }
    if (conditions.isEmpty()) {
      throw in.refuse(RefusalCode.CASE_WITHOUT_WHEN, "CASE without WHEN");
    }
    Expr otherwise = in.acceptWord("ELSE") ? expr() : null;
    in.expectWord("END");
    return new Expr.Case(operand, conditions, results, otherwise, start.start(), in.lastEnd());
  }
}

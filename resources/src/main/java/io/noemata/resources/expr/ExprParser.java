package io.noemata.resources.expr;

import io.noemata.core.sql.Lexer;
import io.noemata.core.sql.Literals;
import io.noemata.core.sql.Token;
import io.noemata.core.sql.TokenKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Parses one ClickHouse expression into a canonical {@link Expr}. It reads the subset a stored
 * column, a scalar or a measure needs and fails closed on everything else: a statement separator,
 * a subquery, a table function, a qualified name, a window, and (for row expressions) an aggregate.
 *
 * <p>Operators become the functions ClickHouse itself rewrites them to ({@code a + b} is
 * {@code plus(a, b)}, {@code m['k']} is {@code arrayElement(m, 'k')}), so spellings do not matter.
 */
public final class ExprParser {

  /** Where the expression is written: row expressions refuse aggregates, measures allow them. */
  public enum Mode { ROW, AGGREGATE }

  private static final Map<String, String> COMPARISONS = Map.of(
      "=", "equals", "==", "equals", "!=", "notEquals", "<>", "notEquals",
      "<", "less", ">", "greater", "<=", "lessOrEquals", ">=", "greaterOrEquals");

  private static final Map<String, String> INTERVAL_UNITS = Map.ofEntries(
      Map.entry("NANOSECOND", "Nanosecond"), Map.entry("MICROSECOND", "Microsecond"),
      Map.entry("MILLISECOND", "Millisecond"), Map.entry("SECOND", "Second"),
      Map.entry("MINUTE", "Minute"), Map.entry("HOUR", "Hour"), Map.entry("DAY", "Day"),
      Map.entry("WEEK", "Week"), Map.entry("MONTH", "Month"), Map.entry("QUARTER", "Quarter"),
      Map.entry("YEAR", "Year"));

  private final String text;
  private final List<Token> tokens;
  private final Mode mode;
  private int i;
  private int depth;

  /** Deeper nesting than any real expression; it keeps a hostile file from exhausting the stack. */
  static final int MAX_DEPTH = 64;

  private ExprParser(String text, Mode mode) {
    this.text = text;
    this.tokens = Lexer.significant(text);
    this.mode = mode;
  }

  /** The canonical tree of {@code text}; an {@link ExprException} with the offset otherwise. */
  public static Expr parse(String text, Mode mode) throws ExprException {
    ExprParser p = new ExprParser(text, mode);
    p.checkTokens();
    if (p.tokens.isEmpty()) {
      throw new ExprException("the expression is empty", 0);
    }
    Expr e = p.expression();
    if (p.i < p.tokens.size()) {
      throw p.error("unexpected '" + p.peek().text() + "' after the end of the expression");
    }
    return e;
  }

  private void checkTokens() throws ExprException {
    for (Token t : tokens) {
      if (t.kind() == TokenKind.ERROR) {
        throw new ExprException("unterminated quote or comment", t.start());
      }
      if (t.isSymbol(";")) {
        throw new ExprException("';' is not allowed: an expression is not a statement", t.start(), true);
      }
      if (t.kind() == TokenKind.PARAMETER && !t.text().equals("?")) {
        throw new ExprException("query parameters are not allowed in an expression", t.start(), true);
      }
    }
  }

  // ---- precedence levels, lowest first ----

  private Expr expression() throws ExprException {
    enter();
    try {
      return ternary();
    } finally {
      depth--;
    }
  }

  private void enter() throws ExprException {
    if (++depth > MAX_DEPTH) {
      throw error("the expression is nested more than " + MAX_DEPTH + " levels deep");
    }
  }

  private Expr ternary() throws ExprException {
    Expr cond = or();
    if (peekParameter("?")) {
      i++;
      Expr then = expression();
      expectSymbol(":");
      Expr otherwise = expression();
      return call("if", cond, then, otherwise);
    }
    return cond;
  }

  private Expr or() throws ExprException {
    List<Expr> parts = new ArrayList<>(List.of(and()));
    while (peekWord("OR")) {
      i++;
      parts.add(and());
    }
    return flatten("or", parts);
  }

  private Expr and() throws ExprException {
    List<Expr> parts = new ArrayList<>(List.of(not()));
    while (peekWord("AND")) {
      i++;
      parts.add(not());
    }
    return flatten("and", parts);
  }

  private Expr not() throws ExprException {
    if (peekWord("NOT")) {
      i++;
      enter();
      try {
        return call("not", not());
      } finally {
        depth--;
      }
    }
    return comparison();
  }

  private Expr comparison() throws ExprException {
    Expr left = concat();
    while (i < tokens.size()) {
      Token t = peek();
      String cmp = t.kind() == TokenKind.SYMBOL ? COMPARISONS.get(t.text()) : null;
      if (cmp != null) {
        i++;
        left = call(cmp, left, concat());
      } else if (t.isWord("IS")) {
        i++;
        boolean negated = acceptWord("NOT");
        expectWord("NULL");
        left = call(negated ? "isNotNull" : "isNull", left);
      } else if (t.isWord("LIKE") || t.isWord("ILIKE")) {
        i++;
        left = call(t.isWord("LIKE") ? "like" : "ilike", left, concat());
      } else if (t.isWord("IN") || t.isWord("GLOBAL")) {
        left = in(left, false);
      } else if (t.isWord("BETWEEN")) {
        i++;
        Expr low = concat();
        expectWord("AND");
        Expr high = concat();
        left = call("and", call("greaterOrEquals", left, low), call("lessOrEquals", left, high));
      } else if (t.isWord("NOT") && i + 1 < tokens.size()) {
        Token n = tokens.get(i + 1);
        if (n.isWord("LIKE") || n.isWord("ILIKE")) {
          i += 2;
          left = call(n.isWord("LIKE") ? "notLike" : "notILike", left, concat());
        } else if (n.isWord("IN") || n.isWord("GLOBAL")) {
          i++;
          left = in(left, true);
        } else if (n.isWord("BETWEEN")) {
          i += 2;
          Expr low = concat();
          expectWord("AND");
          Expr high = concat();
          left = call("or", call("less", left, low), call("greater", left, high));
        } else {
          break;
        }
      } else {
        break;
      }
    }
    return left;
  }

  private Expr in(Expr left, boolean negated) throws ExprException {
    if (acceptWord("GLOBAL")) {
      throw refusal("GLOBAL IN reads another table; it is not allowed in an expression");
    }
    expectWord("IN");
    int at = i;
    Expr set = concat();
    if (set instanceof Expr.Ident) {
      throw new ExprException("IN over a table name reads another table; list the values instead",
          tokens.get(at).start(), true);
    }
    return call(negated ? "notIn" : "in", left, set);
  }

  private Expr concat() throws ExprException {
    List<Expr> parts = new ArrayList<>(List.of(additive()));
    while (peekSymbol("||")) {
      i++;
      parts.add(additive());
    }
    return flatten("concat", parts);
  }

  private Expr additive() throws ExprException {
    Expr left = multiplicative();
    while (peekSymbol("+") || peekSymbol("-")) {
      String op = next().text().equals("+") ? "plus" : "minus";
      left = call(op, left, multiplicative());
    }
    return left;
  }

  private Expr multiplicative() throws ExprException {
    Expr left = unary();
    while (true) {
      String op;
      if (peekSymbol("*")) {
        op = "multiply";
      } else if (peekSymbol("/")) {
        op = "divide";
      } else if (peekSymbol("%") || peekWord("MOD")) {
        op = "modulo";
      } else if (peekWord("DIV")) {
        op = "intDiv";
      } else {
        return left;
      }
      i++;
      left = call(op, left, unary());
    }
  }

  private Expr unary() throws ExprException {
    if (peekSymbol("-") || peekSymbol("+")) {
      enter();
      try {
        return sign();
      } finally {
        depth--;
      }
    }
    return postfix();
  }

  private Expr sign() throws ExprException {
    if (peekSymbol("-")) {
      i++;
      Expr operand = unary();
      if (operand instanceof Expr.Literal lit && lit.kind() == Expr.Literal.Kind.NUMBER
          && !lit.text().startsWith("-")) {
        return new Expr.Literal(Expr.Literal.Kind.NUMBER, "-" + lit.text());
      }
      return call("negate", operand);
    }
    i++;
    return unary();
  }

  private Expr postfix() throws ExprException {
    Expr e = primary();
    while (i < tokens.size()) {
      if (peekSymbol("[")) {
        i++;
        Expr index = expression();
        expectSymbol("]");
        e = call("arrayElement", e, index);
      } else if (peekSymbol(".")) {
        Token dot = next();
        Token after = i < tokens.size() ? peek() : null;
        if (after != null && after.kind() == TokenKind.NUMBER && after.text().matches("[0-9]+(\\.[0-9]+)*")) {
          i++;
          // the lexer reads t.1.2 as t . 1.2; ClickHouse reads element 2 of element 1
          for (String index : after.text().split("\\.")) {
            e = call("tupleElement", e, new Expr.Literal(Expr.Literal.Kind.NUMBER, index));
          }
        } else {
          throw new ExprException("qualified names are not allowed; write the column name alone"
              + " (backtick-quote a name that contains a dot, such as `Events.Name`)", dot.start(), true);
        }
      } else if (peekSymbol("::")) {
        i++;
        e = cast(e, typeAfterColons());
      } else {
        return e;
      }
    }
    return e;
  }

  private Expr primary() throws ExprException {
    if (i >= tokens.size()) {
      throw new ExprException("the expression ends too early", text.length());
    }
    Token t = peek();
    switch (t.kind()) {
      case NUMBER -> {
        i++;
        return new Expr.Literal(Expr.Literal.Kind.NUMBER, t.text().toLowerCase(Locale.ROOT).replace("_", ""));
      }
      case STRING -> {
        i++;
        return new Expr.Literal(Expr.Literal.Kind.STRING, Literals.unquote(t.text()));
      }
      case PARAMETER -> throw refusal("query parameters are not allowed in an expression");
      case SYMBOL -> {
        if (t.isSymbol("(")) {
          return parenthesized();
        }
        if (t.isSymbol("[")) {
          i++;
          return new Expr.Call("array", list("]", false));
        }
        if (t.isSymbol("*")) {
          throw error("'*' is not a column; name the columns");
        }
        throw error("unexpected '" + t.text() + "'");
      }
      case WORD, QUOTED_IDENTIFIER -> {
        return wordOrCall(t);
      }
      default -> throw error("unexpected '" + t.text() + "'");
    }
  }

  private Expr wordOrCall(Token t) throws ExprException {
    boolean call = nextIs(1, "(");
    if (t.kind() == TokenKind.WORD && !call) {
      if (t.isWord("NULL")) {
        i++;
        return new Expr.Literal(Expr.Literal.Kind.NULL, "NULL");
      }
      if (t.isWord("TRUE") || t.isWord("FALSE")) {
        i++;
        return new Expr.Literal(Expr.Literal.Kind.BOOLEAN, t.text().toLowerCase(Locale.ROOT));
      }
      if (t.isWord("CASE")) {
        return caseExpr();
      }
      if (t.isWord("INTERVAL")) {
        return interval();
      }
      if (t.isWord("SELECT") || t.isWord("WITH") || t.isWord("FROM")) {
        throw refusal("subqueries are not allowed in an expression");
      }
    }
    if (t.kind() == TokenKind.WORD && call && t.isWord("CAST")) {
      return castCall();
    }
    i++;
    if (!call) {
      return new Expr.Ident(t.identifier());
    }
    return functionCall(t);
  }

  private Expr functionCall(Token nameToken) throws ExprException {
    String name = Functions.canonicalName(nameToken.identifier());
    if (Functions.isTableFunction(name)) {
      throw new ExprException("'" + name + "' is a table function; an expression cannot read other"
          + " tables, files or hosts", nameToken.start(), true);
    }
    if (Functions.isNotRowWise(name)) {
      throw new ExprException("'" + name + "' reads another object or changes the row count;"
          + " it is not allowed in an expression", nameToken.start(), true);
    }
    if (Functions.isWindowOnly(name)) {
      throw new ExprException("'" + name + "' is a window function; window functions are not"
          + " allowed", nameToken.start(), true);
    }
    boolean aggregate = Functions.isAggregate(name);
    if (aggregate && mode == Mode.ROW) {
      throw new ExprException("'" + name + "' is an aggregate function; a row expression cannot"
          + " aggregate (declare it as a measure instead)", nameToken.start(), true);
    }
    expectSymbol("(");
    rejectSubquery();
    boolean distinct = acceptWord("DISTINCT");
    List<Expr> first = list(")", true);
    List<Expr> parameters = null;
    List<Expr> arguments = first;
    if (peekSymbol("(")) {
      i++;
      rejectSubquery();
      parameters = first;
      arguments = list(")", true);
    }
    if (peekWord("OVER")) {
      throw refusal("window functions (OVER) are not allowed");
    }
    if (distinct && !aggregate) {
      throw new ExprException("DISTINCT is only meaningful in an aggregate", nameToken.start());
    }
    return new Expr.Call(name, parameters, arguments, distinct);
  }

  private Expr parenthesized() throws ExprException {
    i++;
    rejectSubquery();
    List<Expr> items = list(")", false);
    if (items.size() == 1 && !tokens.get(i - 2).isSymbol(",")) {
      return items.get(0);
    }
    return new Expr.Call("tuple", items);
  }

  /** Comma-separated items up to {@code close}; the close token is consumed. */
  private List<Expr> list(String close, boolean lambdas) throws ExprException {
    List<Expr> items = new ArrayList<>();
    if (peekSymbol(close)) {
      i++;
      return items;
    }
    while (true) {
      items.add(lambdas ? lambdaOrExpression() : expression());
      if (peekSymbol(",")) {
        i++;
        if (peekSymbol(close)) { // a trailing comma, as ClickHouse allows in tuples
          i++;
          return items;
        }
        continue;
      }
      expectSymbol(close);
      return items;
    }
  }

  private Expr lambdaOrExpression() throws ExprException {
    int save = i;
    List<String> params = new ArrayList<>();
    if (i < tokens.size() && isName(peek()) && nextIs(1, "->")) {
      params.add(next().identifier());
    } else if (peekSymbol("(")) {
      i++;
      while (i < tokens.size() && isName(peek())) {
        params.add(next().identifier());
        if (!peekSymbol(",")) {
          break;
        }
        i++;
      }
      if (!(peekSymbol(")") && nextIs(1, "->"))) {
        params.clear();
        i = save;
      } else {
        i++;
      }
    }
    if (params.isEmpty()) {
      return expression();
    }
    expectSymbol("->");
    return new Expr.Lambda(params, expression());
  }

  private Expr caseExpr() throws ExprException {
    i++;
    Expr subject = peekWord("WHEN") ? null : expression();
    List<Expr> args = new ArrayList<>();
    if (subject != null) {
      args.add(subject);
    }
    if (!peekWord("WHEN")) {
      throw error("CASE needs WHEN ... THEN ...");
    }
    while (acceptWord("WHEN")) {
      args.add(expression());
      expectWord("THEN");
      args.add(expression());
    }
    args.add(acceptWord("ELSE") ? expression() : new Expr.Literal(Expr.Literal.Kind.NULL, "NULL"));
    expectWord("END");
    return new Expr.Call(subject == null ? "multiIf" : "caseWithExpression", args);
  }

  private Expr interval() throws ExprException {
    i++;
    enter();
    Expr amount;
    try {
      amount = additive();
    } finally {
      depth--;
    }
    if (i < tokens.size() && peek().kind() == TokenKind.WORD) {
      String unit = INTERVAL_UNITS.get(peek().text().toUpperCase(Locale.ROOT).replaceAll("S$", ""));
      if (unit != null) {
        i++;
        return call("toInterval" + unit, amount);
      }
    }
    throw error("INTERVAL needs a unit such as HOUR or DAY");
  }

  private Expr castCall() throws ExprException {
    i += 2; // CAST (
    Expr value = expression();
    String type;
    if (acceptWord("AS")) {
      type = typeUntilClose();
    } else {
      expectSymbol(",");
      Token t = i < tokens.size() ? peek() : null;
      if (t == null || t.kind() != TokenKind.STRING) {
        throw error("CAST(x, 'Type') needs the type as a string");
      }
      i++;
      type = normalizeType(Lexer.significant(Literals.unquote(t.text())));
      expectSymbol(")");
    }
    return cast(value, type);
  }

  private Expr cast(Expr value, String type) {
    return new Expr.Call("CAST", List.of(value, new Expr.Literal(Expr.Literal.Kind.STRING, type)));
  }

  /** The type after {@code ::}: a name and an optional balanced argument list. */
  private String typeAfterColons() throws ExprException {
    int start = i;
    if (i >= tokens.size() || !isName(peek())) {
      throw error("'::' needs a type name");
    }
    i++;
    if (peekSymbol("(")) {
      skipBalanced();
    }
    return normalizeType(tokens.subList(start, i));
  }

  /** The type of {@code CAST(x AS T)} up to the closing parenthesis, which is consumed. */
  private String typeUntilClose() throws ExprException {
    int start = i;
    int depth = 0;
    while (i < tokens.size()) {
      Token t = peek();
      if (t.isSymbol("(")) {
        depth++;
      } else if (t.isSymbol(")")) {
        if (depth == 0) {
          String type = normalizeType(tokens.subList(start, i));
          i++;
          if (type.isEmpty()) {
            throw error("CAST needs a type after AS");
          }
          return type;
        }
        depth--;
      }
      i++;
    }
    throw new ExprException("CAST is not closed", text.length());
  }

  private void skipBalanced() throws ExprException {
    int depth = 0;
    while (i < tokens.size()) {
      Token t = next();
      if (t.isSymbol("(")) {
        depth++;
      } else if (t.isSymbol(")") && --depth == 0) {
        return;
      }
    }
    throw new ExprException("a '(' is not closed", text.length());
  }

  /** Type text with one spelling: no spaces except one after each comma and between words. */
  static String normalizeType(List<Token> typeTokens) {
    StringBuilder b = new StringBuilder();
    Token previous = null;
    for (Token t : typeTokens) {
      if (previous != null && (previous.isSymbol(",")
          || (isName(previous) || previous.kind() == TokenKind.NUMBER) && (isName(t) || t.kind() == TokenKind.NUMBER))) {
        b.append(' ');
      }
      b.append(t.kind() == TokenKind.STRING ? Literals.string(Literals.unquote(t.text())) : t.text());
      previous = t;
    }
    return b.toString();
  }

  private void rejectSubquery() throws ExprException {
    if (peekWord("SELECT") || peekWord("WITH")) {
      throw refusal("subqueries are not allowed in an expression");
    }
  }

  // ---- token helpers ----

  private static boolean isName(Token t) {
    return t.kind() == TokenKind.WORD || t.kind() == TokenKind.QUOTED_IDENTIFIER;
  }

  private static Expr call(String name, Expr... args) {
    return new Expr.Call(name, List.of(args));
  }

  /** {@code a AND b AND c} is one and(a, b, c), as ClickHouse folds it. */
  private static Expr flatten(String name, List<Expr> parts) {
    if (parts.size() == 1) {
      return parts.get(0);
    }
    List<Expr> flat = new ArrayList<>();
    for (Expr p : parts) {
      if (p instanceof Expr.Call c && c.name().equals(name) && c.parameters() == null) {
        flat.addAll(c.arguments());
      } else {
        flat.add(p);
      }
    }
    return new Expr.Call(name, flat);
  }

  private Token peek() {
    return tokens.get(i);
  }

  private Token next() {
    return tokens.get(i++);
  }

  private boolean nextIs(int ahead, String symbol) {
    return i + ahead < tokens.size() && tokens.get(i + ahead).isSymbol(symbol);
  }

  private boolean peekSymbol(String symbol) {
    return i < tokens.size() && peek().isSymbol(symbol);
  }

  private boolean peekParameter(String text) {
    return i < tokens.size() && peek().kind() == TokenKind.PARAMETER && peek().text().equals(text);
  }

  private boolean peekWord(String word) {
    return i < tokens.size() && peek().isWord(word);
  }

  private boolean acceptWord(String word) {
    if (peekWord(word)) {
      i++;
      return true;
    }
    return false;
  }

  private void expectWord(String word) throws ExprException {
    if (!acceptWord(word)) {
      throw error("expected " + word);
    }
  }

  private void expectSymbol(String symbol) throws ExprException {
    if (!peekSymbol(symbol)) {
      throw error("expected '" + symbol + "'");
    }
    i++;
  }

  private ExprException refusal(String message) {
    ExprException e = error(message);
    return new ExprException(e.getMessage(), e.offset(), true);
  }

  private ExprException error(String message) {
    if (i >= tokens.size()) {
      return new ExprException(message + " at the end of the expression", text.length());
    }
    Token t = peek();
    return new ExprException(message + " (at '" + t.text() + "')", t.start());
  }
}

package io.noemata.core.expr;

import io.noemata.core.sql.Literals;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The one spelling of an {@link CanonicalExpr}: every call in function form ({@code arrayElement(m, 'k')},
 * {@code plus(a, b)}), names bare when they are plain words and backtick-quoted otherwise, strings
 * single-quoted with backslash escapes, one space after each comma. Equal trees print equal text,
 * and the text is ClickHouse SQL with the same meaning. Hashes are taken over this text.
 */
public final class Canonical {

  private static final Pattern PLAIN = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

  /** Words that would read as keywords if printed bare. */
  private static final Set<String> KEYWORDS = Set.of(
      "NULL", "TRUE", "FALSE", "CASE", "WHEN", "THEN", "ELSE", "END", "AND", "OR", "NOT", "IS",
      "IN", "LIKE", "ILIKE", "BETWEEN", "INTERVAL", "SELECT", "FROM", "WHERE", "AS", "DISTINCT",
      "GLOBAL", "OVER", "DIV", "MOD", "WITH", "CAST");

  private Canonical() {}

  public static String text(CanonicalExpr e) {
    StringBuilder b = new StringBuilder();
    print(e, b);
    return b.toString();
  }

  /** A name as canonical text: bare when plain, else backtick-quoted. */
  public static String name(String name) {
    if (PLAIN.matcher(name).matches() && !KEYWORDS.contains(name.toUpperCase(Locale.ROOT))) {
      return name;
    }
    return Literals.identifier(name);
  }

  private static void print(CanonicalExpr e, StringBuilder b) {
    if (e instanceof CanonicalExpr.Ident id) {
      b.append(name(id.name()));
    } else if (e instanceof CanonicalExpr.Literal lit) {
      b.append(lit.kind() == CanonicalExpr.Literal.Kind.STRING ? Literals.string(lit.text()) : lit.text());
    } else if (e instanceof CanonicalExpr.Call c) {
      // a function name is followed by '(', so keywords such as and/or/not/in stay bare
      b.append(PLAIN.matcher(c.name()).matches() ? c.name() : Literals.identifier(c.name()));
      if (c.parameters() != null) {
        printList(c.parameters(), false, b);
      }
      printList(c.arguments(), c.distinct(), b);
    } else if (e instanceof CanonicalExpr.Lambda l) {
      if (l.parameters().size() == 1) {
        b.append(name(l.parameters().get(0)));
      } else {
        b.append('(');
        for (int k = 0; k < l.parameters().size(); k++) {
          b.append(k == 0 ? "" : ", ").append(name(l.parameters().get(k)));
        }
        b.append(')');
      }
      b.append(" -> ");
      print(l.body(), b);
    }
  }

  private static void printList(List<CanonicalExpr> items, boolean distinct, StringBuilder b) {
    b.append('(');
    if (distinct) {
      b.append("DISTINCT ");
    }
    for (int k = 0; k < items.size(); k++) {
      if (k > 0) {
        b.append(", ");
      }
      print(items.get(k), b);
    }
    b.append(')');
  }
}

package io.noemata.resources.validate;

import io.noemata.core.naming.StoredTypes;

import io.noemata.resources.finding.FindingCode;
import io.noemata.core.sql.Lexer;
import io.noemata.core.sql.Token;
import io.noemata.core.sql.TokenKind;
import io.noemata.core.expr.Canonical;
import io.noemata.core.expr.CanonicalExpr;
import io.noemata.core.expr.ExprException;
import io.noemata.core.expr.ExprParser;
import io.noemata.core.expr.Exprs;
import io.noemata.resources.model.Entry;
import io.noemata.resources.model.PhysicalName;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Column entries: "a column expression does not parse, calls an aggregate or window function, or
 * reads a measure, an aggregate scalar, or another entry"; "two column entries store the same
 * expression on one table"; and the stored type rules (a Map subscript is LowCardinality(String), a
 * string literal or string function is String, anything else needs {@code type} or the entry
 * cannot be installed).
 */
final class ColumnChecks {

  private ColumnChecks() {}

  static void check(FileContext fc) {
    Map<String, String> seen = new HashMap<>(); // physical table + canonical text -> first key
    for (Entry e : fc.file.entries()) {
      if (!(e instanceof Entry.Column c)) {
        continue;
      }
      CanonicalExpr expr;
      try {
        expr = ExprParser.parse(c.expression(), ExprParser.Mode.ROW);
      } catch (ExprException ex) {
        fc.sink.errorInString(fc.path(), FileContext.pointer(e, "expression"), c.expression(), ex.offset(),
            (ex.refusal() ? "the column expression is not allowed: " : "the column expression does not parse: ")
                + ex.getMessage() + " (character " + (ex.offset() + 1) + ")");
        continue;
      }
      if (!readsOnlyColumns(fc, c, expr)) {
        continue;
      }
      fc.columnExpressions.put(c.key(), expr);
      c.type().ifPresent(type -> checkTypeText(fc, c, type));
      Optional<FileContext.Resolved> r = fc.resolvedOf(c.key());
      if (r.isEmpty()) {
        continue;
      }
      PhysicalName table = r.get().physical();
      String identity = table + "\n" + Canonical.text(expr);
      String first = seen.putIfAbsent(identity, c.key());
      if (first != null) {
        fc.error(c, "expression", "column entries '" + first + "' and '" + c.key() + "' store the same"
            + " expression on " + table + "; keep one and name it where the other is used");
      }
    }
  }

  /**
   * "Any other expression needs type ... Without it the entry cannot be installed, and validation
   * warns." {@code satisfied} holds the keys an existing column for the same expression satisfies.
   */
  static void checkStoredTypes(FileContext fc, Set<String> satisfied) {
    for (Map.Entry<String, CanonicalExpr> ce : fc.columnExpressions.entrySet()) {
      Entry.Column c = (Entry.Column) fc.entries.get(ce.getKey());
      if (storedType(c, ce.getValue()).isEmpty() && !satisfied.contains(c.key())) {
        fc.cannotInstall(c, "expression", "the stored type of '" + c.expression() + "' is not"
            + " implied (only a Map subscript or a string expression is); declare \"type\", such as"
            + " \"DateTime\" for toStartOfHour(Timestamp)");
      }
    }
  }

  /** The stored type when it needs no declaration, or the declared one. */
  static Optional<String> storedType(Entry.Column c, CanonicalExpr expr) {
    return StoredTypes.of(c.type(), expr);
  }

  private static boolean readsOnlyColumns(FileContext fc, Entry.Column c, CanonicalExpr expr) {
    boolean ok = true;
    Views.ViewTable view = fc.resolvedOf(c.key()).map(FileContext.Resolved::view).orElse(null);
    for (String name : Exprs.columns(expr)) {
      if (view != null && view.table().measures().containsKey(name)) {
        fc.error(c, "expression", "the column expression reads measure '" + name + "' of " + view.ref()
            + "; a column expression reads physical columns only");
        ok = false;
      } else if (view != null && view.aggregateScalars().containsKey(name)) {
        fc.error(c, "expression", "the column expression reads aggregate scalar '" + name + "' of "
            + view.ref() + "; a column expression reads physical columns only");
        ok = false;
      } else if (fc.entries.containsKey(name) && !name.equals(c.key())) {
        Entry other = fc.entries.get(name);
        fc.error(c, "expression", "the column expression reads entry '" + name + "' (a " + other.kind()
            + " entry); a column expression cannot read other resource entries, so write "
            + (other instanceof Entry.Column oc ? "its expression (" + oc.expression() + ")" : "the physical column")
            + " instead");
        ok = false;
      } else if (view != null && view.rowScalars().containsKey(name)) {
        fc.warning(FindingCode.VIEW_SCALAR_READ_AS_COLUMN, c, "expression", "'" + name + "' is a view scalar of " + view.ref() + ", and a view scalar"
            + " is not a physical column: it is read as the physical column of that name; write the scalar's"
            + " expression to store it");
      }
    }
    return ok;
  }

  private static void checkTypeText(FileContext fc, Entry.Column c, String type) {
    List<Token> tokens = Lexer.significant(type);
    int depth = 0;
    for (Token t : tokens) {
      if (t.kind() == TokenKind.ERROR || t.isSymbol(";")
          || t.kind() == TokenKind.PARAMETER) {
        depth = -1;
        break;
      }
      depth += t.isSymbol("(") ? 1 : t.isSymbol(")") ? -1 : 0;
      if (depth < 0) {
        break;
      }
    }
    boolean startsWithName = !tokens.isEmpty() && tokens.get(0).kind() == TokenKind.WORD;
    if (depth != 0 || !startsWithName) {
      fc.error(c, "type", "'" + type + "' is not a ClickHouse type; write one such as \"DateTime\" or"
          + " \"Map(String, UInt64)\"");
    }
  }
}

package io.noemata.core.naming;

import io.noemata.core.expr.CanonicalExpr;
import io.noemata.core.expr.Exprs;
import io.noemata.core.expr.Functions;
import java.util.Optional;

/** The seed's types of a stored column: the declared one, or the one an expression implies. */
public final class StoredTypes {

  /** "A Map subscript is stored as LowCardinality(String), the value type of the OTel exporter's attribute maps." */
  public static final String MAP_SUBSCRIPT = "LowCardinality(String)";
  /** "A string literal or a string function (lower, concat, toString, replaceAll, ...) is stored as String." */
  public static final String STRING = "String";

  private StoredTypes() {}

  /** The declared type, else the implied one; empty when the entry cannot be installed without {@code type}. */
  public static Optional<String> of(Optional<String> declared, CanonicalExpr expression) {
    return declared.isPresent() ? declared : implied(expression);
  }

  /**
   * The stored type the seed gives an expression without a declared type: a Map subscript is
   * {@code LowCardinality(String)}, a string literal or string function {@code String}; empty when
   * the type must be declared.
   */
  public static Optional<String> implied(CanonicalExpr e) {
    if (Exprs.mapSubscriptColumn(e).isPresent()) {
      return Optional.of(MAP_SUBSCRIPT);
    }
    if (e instanceof CanonicalExpr.Literal lit && lit.kind() == CanonicalExpr.Literal.Kind.STRING) {
      return Optional.of(STRING);
    }
    if (e instanceof CanonicalExpr.Call c && c.parameters() == null && Functions.returnsString(c.name())) {
      return Optional.of(STRING);
    }
    return Optional.empty();
  }
}

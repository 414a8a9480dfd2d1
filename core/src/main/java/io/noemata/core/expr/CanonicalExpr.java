package io.noemata.core.expr;

import java.util.List;
import java.util.Objects;

/**
 * A parsed row or aggregate expression in canonical shape: operators, subscripts, CASE, CAST and
 * INTERVAL are already function calls, so two spellings of one expression are equal records.
 */
public sealed interface CanonicalExpr {

  /** A column name as ClickHouse resolves it (quotes removed). */
  record Ident(String name) implements CanonicalExpr {
    public Ident {
      Objects.requireNonNull(name, "name");
    }
  }

  /** A constant: {@code text} is the string's value, or a number / NULL / boolean as canonical text. */
  record Literal(Kind kind, String text) implements CanonicalExpr {
    public enum Kind { STRING, NUMBER, NULL, BOOLEAN }

    public Literal {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(text, "text");
    }
  }

  /**
   * A function call. {@code parameters} is non-null only for parametric calls such as
   * {@code quantile(0.99)(Duration)}; {@code distinct} for {@code count(DISTINCT x)}.
   */
  record Call(String name, List<CanonicalExpr> parameters, List<CanonicalExpr> arguments, boolean distinct) implements CanonicalExpr {
    public Call {
      Objects.requireNonNull(name, "name");
      parameters = parameters == null ? null : List.copyOf(parameters);
      arguments = List.copyOf(arguments);
    }

    public Call(String name, List<CanonicalExpr> arguments) {
      this(name, null, arguments, false);
    }
  }

  /** {@code x -> body} or {@code (x, y) -> body}, only as a function argument. */
  record Lambda(List<String> parameters, CanonicalExpr body) implements CanonicalExpr {
    public Lambda {
      parameters = List.copyOf(parameters);
      Objects.requireNonNull(body, "body");
    }
  }
}

package io.noemata.core.expr;

import java.util.List;
import java.util.Objects;

/**
 * A parsed row or aggregate expression in canonical shape: operators, subscripts, CASE, CAST and
 * INTERVAL are already function calls, so two spellings of one expression are equal records.
 */
public sealed interface Expr {

  /** A column name as ClickHouse resolves it (quotes removed). */
  record Ident(String name) implements Expr {
    public Ident {
      Objects.requireNonNull(name, "name");
    }
  }

  /** A constant: {@code text} is the string's value, or a number / NULL / boolean as canonical text. */
  record Literal(Kind kind, String text) implements Expr {
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
  record Call(String name, List<Expr> parameters, List<Expr> arguments, boolean distinct) implements Expr {
    public Call {
      Objects.requireNonNull(name, "name");
      parameters = parameters == null ? null : List.copyOf(parameters);
      arguments = List.copyOf(arguments);
    }

    public Call(String name, List<Expr> arguments) {
      this(name, null, arguments, false);
    }
  }

  /** {@code x -> body} or {@code (x, y) -> body}, only as a function argument. */
  record Lambda(List<String> parameters, Expr body) implements Expr {
    public Lambda {
      parameters = List.copyOf(parameters);
      Objects.requireNonNull(body, "body");
    }
  }
}

package io.noemata.rewriter.syntax;

import java.util.List;
import java.util.Map;

/**
 * The values a statement's parameters are bound to, where known. A rule whose decision depends on
 * one decides from it; the text keeps the parameter.
 *
 * @param positional the values of the {@code ?}s in order, each as the SQL text it is sent as
 *     ({@code '2024-06-10 08:00:00'})
 * @param named the values of {@code {name:Type}} parameters by name, each as the server receives it
 *     ({@code param_<name>}, unquoted: {@code 2024-06-10 08:00:00})
 */
public record Parameters(List<String> positional, Map<String, String> named) {

  public static final Parameters NONE = new Parameters(List.of(), Map.of());

  public Parameters {
    positional = List.copyOf(positional);
    named = Map.copyOf(named);
  }

  /** Values for the {@code ?}s only. */
  public static Parameters positional(List<String> values) {
    return new Parameters(values, Map.of());
  }
}

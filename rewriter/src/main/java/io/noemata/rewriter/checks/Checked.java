package io.noemata.rewriter.checks;

/** What a check that also computes something returns: the value when the condition holds, else the {@link Skip}. */
public sealed interface Checked<T> {

  /** The condition holds; {@code value} is what the check computed. */
  record Holds<T>(T value) implements Checked<T> {}

  /** The condition fails. */
  record Fails<T>(Skip skip) implements Checked<T> {}

  static <T> Checked<T> holds(T value) {
    return new Holds<>(value);
  }

  static <T> Checked<T> fails(Skip skip) {
    return new Fails<>(skip);
  }

  static <T> Checked<T> fails(io.noemata.rewriter.provenance.RollupSkip code, String reason) {
    return new Fails<>(new Skip(code, reason));
  }
}

package io.noemata.core.ledger;

import java.util.Locale;
import java.util.Optional;

/** The ledger stores an enum as its lower-case name; a later release may store names this one lacks. */
final class Spelling {

  private Spelling() {}

  static String of(Enum<?> value) {
    return value.name().toLowerCase(Locale.ROOT);
  }

  static <E extends Enum<E>> Optional<E> parse(E[] values, String text) {
    for (E v : values) {
      if (of(v).equals(text)) {
        return Optional.of(v);
      }
    }
    return Optional.empty();
  }
}

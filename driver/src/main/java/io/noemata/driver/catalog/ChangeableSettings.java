package io.noemata.driver.catalog;

import io.noemata.core.sql.Literals;
import io.noemata.core.system.SystemSetting;
import io.noemata.rewriter.rules.SmallRead;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which of the settings the rewriter may add to a read ({@link SmallRead#SETTINGS}) this user may
 * set in a query to the rewriter's value: {@code system.settings} says the setting is not read-only
 * for the user (a {@code readonly = 1} profile makes them all so) and its constraints' bounds hold
 * the value. A query with a setting the user may not change fails, so when in doubt: not changeable.
 */
final class ChangeableSettings {

  private ChangeableSettings() {}

  /** The names {@link #of} reads. */
  static Set<String> names() {
    return SmallRead.SETTINGS.keySet();
  }

  /** The changeable ones among {@code settings} (the rows of {@code system.settings} for {@link #names}). */
  static Set<String> of(List<SystemSetting> settings) {
    Set<String> out = new HashSet<>();
    for (SystemSetting setting : settings) {
      String value = SmallRead.SETTINGS.get(setting.name());
      if (value != null && !setting.readonly() && within(value, setting.min(), setting.max())) {
        out.add(setting.name());
      }
    }
    return out;
  }

  /** Whether {@code value} lies within the constraint's bounds (each null when absent). */
  static boolean within(String value, String min, String max) {
    double v = Double.parseDouble(value);
    return bound(min).map(b -> b <= v).orElse(min == null) && bound(max).map(b -> b >= v).orElse(max == null);
  }

  /** A bound as a number; empty when absent or not a plain number (then it is not known to hold). */
  private static Optional<Double> bound(String text) {
    if (text == null) {
      return Optional.empty();
    }
    String t = text.trim();
    try {
      return Optional.of(Double.parseDouble(t.length() >= 2 && t.startsWith("'") ? Literals.unquote(t) : t));
    } catch (IllegalArgumentException notNumber) { // NumberFormatException, or a broken quote
      return Optional.empty();
    }
  }
}

package io.noemata.resources.model;

import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A duration written as a count and a unit: {@code 30s}, {@code 1m}, {@code 1h}, {@code 400d}, {@code 2w}. */
public record Interval(long seconds, String text) {

  private static final Pattern FORM = Pattern.compile("([1-9][0-9]{0,8})([smhdw])");

  public Interval {
    Objects.requireNonNull(text, "text");
    if (seconds <= 0) {
      throw new IllegalArgumentException("interval must be positive: " + text);
    }
  }

  /** Null when {@code text} is not of the form. */
  public static Interval parse(String text) {
    Matcher m = FORM.matcher(text);
    if (!m.matches()) {
      return null;
    }
    long n = Long.parseLong(m.group(1));
    long unit = switch (m.group(2)) {
      case "s" -> 1;
      case "m" -> 60;
      case "h" -> 3600;
      case "d" -> 86400;
      default -> 7 * 86400;
    };
    return new Interval(n * unit, text);
  }

  @Override
  public String toString() {
    return text;
  }
}

package io.noemata.embedded;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reads the numeric code out of a ClickHouse error text. */
final class ErrorCodes {

  private static final Pattern CODE = Pattern.compile("Code:\\s*(\\d+)");

  /** A code ClickHouse itself uses for errors that carry no code of their own. */
  static final int UNKNOWN = 1000;

  private ErrorCodes() {}

  static int of(String error) {
    if (error == null) {
      return 0;
    }
    Matcher m = CODE.matcher(error);
    return m.find() ? Integer.parseInt(m.group(1)) : UNKNOWN;
  }
}

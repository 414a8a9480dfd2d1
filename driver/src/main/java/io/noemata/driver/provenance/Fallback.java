package io.noemata.driver.provenance;

import java.util.Objects;

/**
 * The rewritten statement failed and the statement as written ran instead.
 *
 * @param errorCode the ClickHouse error code of the rewritten statement's failure
 * @param message the first line of that failure's message
 */
public record Fallback(int errorCode, String message) {

  public Fallback {
    Objects.requireNonNull(message, "message");
  }
}

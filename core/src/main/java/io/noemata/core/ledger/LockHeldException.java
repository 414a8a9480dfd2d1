package io.noemata.core.ledger;

import java.time.Instant;

/** Another installation holds the namespace lock: names the holder and when its lock expires. */
public final class LockHeldException extends Exception {

  private static final long serialVersionUID = 1L;

  private final String holder;

  public LockHeldException(String namespace, String database, String holder, Instant expires) {
    super("namespace '" + namespace + "' is locked in database " + database + " by " + holder
        + " (expires " + expires + " unless renewed); wait for it to finish, or if that process died, retry after"
        + " its lock expires");
    this.holder = holder;
  }

  public String holder() {
    return holder;
  }
}

package io.noemata.installer.plan;

import io.noemata.core.ledger.LedgerKind;
import java.util.List;
import java.util.Objects;

/**
 * One line of a plan read as a diff: what happens to one accelerator, why, and the DDL it takes.
 *
 * @param accelerator the declaration (null for a retirement, which has only its ledger row)
 */
public record Change(Verb verb, LedgerKind kind, String key, String table, String object, String reason,
    List<String> ddl, Accelerator accelerator) {

  /** What the installer will do. */
  public enum Verb {
    ADD("+"), CHANGE("~"), REPAIR("!"), RESUME(">"), CANCEL_RETIREMENT("+"), RETIRE("-"), KEEP("=");

    private final String mark;

    Verb(String mark) {
      this.mark = mark;
    }

    public String mark() {
      return mark;
    }

    public String word() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
    }
  }

  public Change {
    Objects.requireNonNull(verb, "verb");
    ddl = List.copyOf(ddl);
  }

  /** Whether publication has anything to do for it. */
  public boolean acts() {
    return verb != Verb.KEEP;
  }
}

package io.noemata.resources.validate;

import io.noemata.resources.finding.Finding;
import io.noemata.resources.finding.FindingCode;
import io.noemata.resources.finding.Severity;
import io.noemata.resources.parse.JsonDoc;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Collects findings and places each at the line:column of its pointer in its file. */
final class Sink {

  private final Map<String, JsonDoc> docs;
  private final List<Finding> findings = new ArrayList<>();

  Sink(Map<String, JsonDoc> docs) {
    this.docs = docs;
  }

  void error(String file, String pointer, String message) {
    add(FindingCode.INVALID, file, pointer, message, -1, null);
  }

  void warning(FindingCode code, String file, String pointer, String message) {
    if (code.severity() != Severity.WARNING) {
      throw new IllegalArgumentException(code + " is not a warning");
    }
    add(code, file, pointer, message, -1, null);
  }

  /** "The database cannot install the entry (with its reason)": the entry is left out of installation. */
  void cannotInstall(String file, String pointer, String reason) {
    warning(FindingCode.CANNOT_INSTALL, file, pointer, "cannot be installed: " + reason);
  }

  /**
   * An error inside the expression string at {@code pointer}: the column is moved to
   * {@code offset} when the string is written without escapes (so the JSON text is the value).
   */
  void errorInString(String file, String pointer, String value, int offset, String message) {
    add(FindingCode.INVALID, file, pointer, message, offset, value);
  }

  List<Finding> findings() {
    return findings;
  }

  private void add(FindingCode code, String file, String pointer, String message, int offset, String value) {
    JsonDoc doc = docs.get(file);
    int[] at = doc == null ? new int[] {0, 0} : doc.position(pointer);
    if (offset >= 0 && at[0] > 0 && value.chars().noneMatch(c -> c == '"' || c == '\\' || c < 0x20)) {
      at[1] += 1 + offset;
    }
    findings.add(new Finding(code, file, pointer, at[0], at[1], message));
  }
}

package io.noemata.proxy;

import io.noemata.core.ledger.Json;
import java.sql.SQLWarning;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The response header {@code X-Noemata-Provenance}: the driver's warnings for the statement
 * ({@link io.noemata.driver.provenance.Warnings}, the same texts and codes) as a JSON array of
 * {@code {"sqlState": ..., "code": ..., "message": ...}}, ASCII only (everything else escaped as
 * {@code \\uXXXX}, so no client's header parser meets a byte it refuses). At most {@link #MAX_CHARS}:
 * clients cap a response head (Node's at 16 KiB), so later entries give way to one saying how many
 * were left out, under the code of the first one left out.
 */
final class ProvenanceHeader {

  static final String NAME = "X-Noemata-Provenance";
  static final int MAX_CHARS = 8 * 1024;

  private ProvenanceHeader() {}

  /** The header's value for the chain starting at {@code first}; null when there is nothing to say. */
  static String of(SQLWarning first) {
    if (first == null) {
      return null;
    }
    StringBuilder out = new StringBuilder("[");
    int written = 0;
    for (SQLWarning w = first; w != null; w = w.getNextWarning()) {
      String entry = entry(w.getSQLState(), w.getErrorCode(), w.getMessage());
      int left = 0;
      for (SQLWarning r = w.getNextWarning(); r != null; r = r.getNextWarning()) {
        left++;
      }
      // room for this entry and, after it, a note on what follows
      if (out.length() + entry.length() + (left > 0 ? 200 : 0) + 2 > MAX_CHARS) {
        String note = entry(w.getSQLState(), w.getErrorCode(), "noemata: " + (left + 1)
            + " more provenance entries left out (the header is kept under " + MAX_CHARS + " characters)");
        out.append(written > 0 ? "," : "").append(note);
        break;
      }
      out.append(written++ > 0 ? "," : "").append(entry);
    }
    return out.append(']').toString();
  }

  private static String entry(String sqlState, int code, String message) {
    Map<String, Object> e = new LinkedHashMap<>();
    e.put("sqlState", sqlState);
    e.put("code", code);
    e.put("message", message);
    return Json.writeAscii(e);
  }
}

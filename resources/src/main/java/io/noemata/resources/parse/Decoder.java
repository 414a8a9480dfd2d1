package io.noemata.resources.parse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.noemata.resources.finding.Finding;
import io.noemata.resources.finding.FindingCode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;

/**
 * Typed reads from a {@link JsonDoc} that turn every mismatch into a finding at the value's pointer
 * and line:column, with what the value should be. A read that fails returns empty/null and the
 * caller skips the thing it was building.
 */
final class Decoder {

  private final JsonDoc doc;
  private final List<Finding> findings;

  Decoder(JsonDoc doc, List<Finding> findings) {
    this.doc = doc;
    this.findings = findings;
  }

  JsonDoc doc() {
    return doc;
  }

  void error(String pointer, String message) {
    int[] at = doc.position(pointer);
    findings.add(new Finding(FindingCode.INVALID, doc.file(), pointer, at[0], at[1], message));
  }

  ObjectNode object(JsonNode node, String pointer, String what) {
    if (node instanceof ObjectNode o) {
      return o;
    }
    error(pointer, what + " must be a JSON object, not " + describe(node));
    return null;
  }

  /** Reports each field not in {@code allowed}, naming the closest allowed one. */
  void onlyFields(ObjectNode o, String pointer, List<String> allowed, String what) {
    for (Iterator<String> it = o.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!allowed.contains(name)) {
        String near = closest(name, allowed);
        error(JsonDoc.child(pointer, name), "unknown field '" + name + "' in " + what + "; "
            + (near != null ? "did you mean '" + near + "'? " : "") + "allowed: " + String.join(", ", allowed));
      }
    }
  }

  /** A string field; null (with an error when {@code required}) if absent or not a string. */
  String string(ObjectNode o, String pointer, String field, boolean required, String example) {
    JsonNode n = o.get(field);
    String at = JsonDoc.child(pointer, field);
    if (n == null) {
      if (required) {
        error(pointer, "missing field '" + field + "'; add it, for example \"" + field + "\": " + example);
      }
      return null;
    }
    if (!n.isTextual()) {
      error(at, "'" + field + "' must be a string, not " + describe(n) + ", for example " + example);
      return null;
    }
    return n.textValue();
  }

  /** A boolean field, {@code fallback} when absent; empty on a wrong type. */
  Optional<Boolean> bool(ObjectNode o, String pointer, String field, boolean fallback) {
    JsonNode n = o.get(field);
    if (n == null) {
      return Optional.of(fallback);
    }
    if (!n.isBoolean()) {
      error(JsonDoc.child(pointer, field), "'" + field + "' must be true or false, not " + describe(n));
      return Optional.empty();
    }
    return Optional.of(n.booleanValue());
  }

  /** A list of non-empty strings; null on error or when absent and not required. */
  List<String> strings(ObjectNode o, String pointer, String field, boolean required, boolean nonEmpty,
      String example) {
    JsonNode n = o.get(field);
    String at = JsonDoc.child(pointer, field);
    if (n == null) {
      if (required) {
        error(pointer, "missing field '" + field + "'; add it, for example \"" + field + "\": " + example);
      }
      return null;
    }
    if (!n.isArray()) {
      error(at, "'" + field + "' must be a list of names, not " + describe(n) + ", for example " + example);
      return null;
    }
    if (nonEmpty && n.isEmpty()) {
      error(at, "'" + field + "' needs at least one name, for example " + example);
      return null;
    }
    List<String> out = new ArrayList<>();
    boolean ok = true;
    for (int k = 0; k < n.size(); k++) {
      JsonNode item = n.get(k);
      if (!item.isTextual() || item.textValue().isBlank()) {
        error(JsonDoc.child(at, k), "each item of '" + field + "' must be a non-empty string, not " + describe(item));
        ok = false;
      } else if (out.contains(item.textValue())) {
        error(JsonDoc.child(at, k), "'" + item.textValue() + "' is listed twice in '" + field + "'; list it once");
        ok = false;
      } else {
        out.add(item.textValue());
      }
    }
    return ok ? out : null;
  }

  static String describe(JsonNode n) {
    if (n == null || n.isNull()) {
      return "null";
    }
    if (n.isObject()) {
      return "an object";
    }
    if (n.isArray()) {
      return "a list";
    }
    if (n.isTextual()) {
      return "a string";
    }
    if (n.isBoolean()) {
      return "a boolean";
    }
    return "a number";
  }

  /** The allowed name within edit distance 2 of {@code name}, if one is. */
  static String closest(String name, List<String> allowed) {
    String best = null;
    int bestDistance = 3;
    for (String a : allowed) {
      int d = distance(name.toLowerCase(java.util.Locale.ROOT), a);
      if (d < bestDistance) {
        best = a;
        bestDistance = d;
      }
    }
    return best;
  }

  private static int distance(String a, String b) {
    if (Math.abs(a.length() - b.length()) > 3 || a.length() > 64) {
      return 99;
    }
    int[] prev = new int[b.length() + 1];
    int[] cur = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      prev[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      cur[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
      }
      int[] t = prev;
      prev = cur;
      cur = t;
    }
    return prev[b.length()];
  }
}

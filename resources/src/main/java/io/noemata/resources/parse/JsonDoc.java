package io.noemata.resources.parse;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Objects;

/**
 * A JSON file read into a tree, with the 1-based line and column where each value starts, by JSON
 * pointer. {@code root} is null when the file did not parse.
 */
public record JsonDoc(String file, JsonNode root, Map<String, int[]> positions) {

  public JsonDoc {
    Objects.requireNonNull(file, "file");
    positions = Map.copyOf(positions);
  }

  /** Line and column of {@code pointer}, or of its nearest ancestor that has one; {0, 0} if none. */
  public int[] position(String pointer) {
    String p = pointer;
    while (true) {
      int[] at = positions.get(p);
      if (at != null) {
        return at.clone();
      }
      if (p.isEmpty()) {
        return new int[] {0, 0};
      }
      p = p.substring(0, p.lastIndexOf('/'));
    }
  }

  /** One pointer segment: {@code ~} as {@code ~0}, {@code /} as {@code ~1} (RFC 6901). */
  public static String escape(String segment) {
    return segment.replace("~", "~0").replace("/", "~1");
  }

  public static String child(String pointer, String key) {
    return pointer + "/" + escape(key);
  }

  public static String child(String pointer, int index) {
    return pointer + "/" + index;
  }
}

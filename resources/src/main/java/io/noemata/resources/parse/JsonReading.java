package io.noemata.resources.parse;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.noemata.resources.finding.Finding;
import io.noemata.resources.finding.FindingCode;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Strict JSON to {@link JsonDoc}: no comments, no trailing commas, one value per file, no key twice
 * in one object. Problems become findings; the first syntax error stops the file.
 */
public final class JsonReading {

  private static final JsonFactory FACTORY = JsonFactory.builder()
      .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(64).build())
      .build();

  private final String file;
  private final List<Finding> findings;
  private final Map<String, int[]> positions = new HashMap<>();

  private JsonReading(String file, List<Finding> findings) {
    this.file = file;
    this.findings = findings;
  }

  /** Reads {@code text}; findings go to {@code findings}. */
  public static JsonDoc read(String file, String text, List<Finding> findings) {
    JsonReading r = new JsonReading(file, findings);
    JsonNode root = r.readRoot(text);
    return new JsonDoc(file, root, r.positions);
  }

  private JsonNode readRoot(String text) {
    try (JsonParser p = FACTORY.createParser(text)) {
      if (p.nextToken() == null) {
        error("", 1, 1, "the file is empty; write a JSON object");
        return null;
      }
      JsonNode root = value(p, "");
      if (p.nextToken() != null) {
        JsonLocation at = p.currentTokenLocation();
        error("", at.getLineNr(), at.getColumnNr(),
            "there is more after the JSON value; a file holds one JSON object");
        return null;
      }
      return root;
    } catch (JacksonException e) {
      JsonLocation at = e.getLocation();
      String pointer = e.getProcessor() instanceof JsonParser jp
          ? jp.getParsingContext().pathAsPointer().toString() : "";
      error(pointer, at == null ? 0 : Math.max(at.getLineNr(), 0), at == null ? 0 : Math.max(at.getColumnNr(), 0),
          "not valid JSON: " + firstLine(e.getOriginalMessage()) + "; fix the JSON syntax there");
      return null;
    } catch (IOException e) {
      error("", 0, 0, "cannot read: " + e.getMessage());
      return null;
    }
  }

  private JsonNode value(JsonParser p, String pointer) throws IOException {
    JsonLocation at = p.currentTokenLocation();
    positions.put(pointer, new int[] {at.getLineNr(), at.getColumnNr()});
    JsonNodeFactory nodes = JsonNodeFactory.instance;
    JsonToken t = p.currentToken();
    switch (t) {
      case START_OBJECT -> {
        ObjectNode obj = nodes.objectNode();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String name = p.currentName();
          String childPointer = JsonDoc.child(pointer, name);
          JsonLocation keyAt = p.currentTokenLocation();
          p.nextToken();
          if (obj.has(name)) {
            int[] first = positions.get(childPointer);
            error(childPointer, keyAt.getLineNr(), keyAt.getColumnNr(),
                "key '" + name + "' appears twice in this object (first at line " + first[0]
                    + "); keep one of them");
            p.skipChildren();
            continue;
          }
          obj.set(name, value(p, childPointer));
        }
        return obj;
      }
      case START_ARRAY -> {
        ArrayNode arr = nodes.arrayNode();
        int index = 0;
        while (p.nextToken() != JsonToken.END_ARRAY) {
          arr.add(value(p, JsonDoc.child(pointer, index++)));
        }
        return arr;
      }
      case VALUE_STRING -> {
        return nodes.textNode(p.getText());
      }
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
        return nodes.numberNode(p.getDecimalValue());
      }
      case VALUE_TRUE, VALUE_FALSE -> {
        return nodes.booleanNode(t == JsonToken.VALUE_TRUE);
      }
      default -> {
        return nodes.nullNode();
      }
    }
  }

  private void error(String pointer, int line, int column, String message) {
    findings.add(new Finding(FindingCode.INVALID, file, pointer, line, column, message));
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "unreadable";
    }
    int nl = s.indexOf('\n');
    return nl < 0 ? s : s.substring(0, nl);
  }
}

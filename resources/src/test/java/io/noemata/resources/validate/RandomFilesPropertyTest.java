package io.noemata.resources.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.noemata.resources.finding.Finding;
import io.noemata.resources.finding.Severity;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Malformed and random files (3,300 in all): validation never throws, never leaks a stack trace,
 * and reports a placed, readable error for what is wrong. Inputs come from a seeded generator; the
 * seed is in every failure message so a failure can be replayed.
 */
class RandomFilesPropertyTest {

  private final long seed = Long.getLong("noemata.seed", new Random().nextLong());
  private final Random random = new Random(seed);

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String RES = "@frames/opentelemetry/views/otel.resources.json";
  private static final String FRAME = "@frames/opentelemetry/views/logs.frame.json";

  @TempDir Path dir;

  /** The example project in {@link #dir}, with the resources file (and the logs frame, when given) replaced. */
  private Path project(String resources, String logsFrame) throws IOException {
    Path views = Files.createDirectories(dir.resolve("@frames/opentelemetry/views"));
    if (!Files.exists(dir.resolve("noemata.json"))) {
      Files.copy(TestProjects.EXAMPLE.resolve("noemata.json"), dir.resolve("noemata.json"));
      Files.copy(TestProjects.EXAMPLE.resolve("@frames/opentelemetry/views/traces.frame.json"), views.resolve("traces.frame.json"));
    }
    Files.writeString(views.resolve("otel.resources.json"), resources);
    Files.writeString(views.resolve("logs.frame.json"),
        logsFrame != null ? logsFrame : Files.readString(TestProjects.EXAMPLE.resolve(FRAME)));
    return dir;
  }

  private Report validate(String resources, String frame) throws IOException {
    Path project = project(resources, frame);
    try {
      return Validator.run(project, null);
    } catch (Exception e) {
      throw new AssertionError("validation threw; " + context(resources + "\nframe:\n" + frame), e);
    }
  }

  private void assertReadable(Report r, String input) {
    String text = r.text() + r.json();
    assertFalse(text.contains("Exception") || text.contains("\tat ") || text.contains("at io.noemata."),
        context(input) + text);
    for (Finding f : r.findings()) {
      assertFalse(f.message().isBlank());
      assertTrue(f.pointer().isEmpty() || f.pointer().startsWith("/"), f.pointer());
      assertEquals(1, f.toLine().lines().count(), f.toLine());
    }
  }

  @Test
  void randomTextIsAnErrorNeverACrash() throws IOException {
    for (int n = 0; n < 1000; n++) {
      String text = randomText(n % 5 == 0 ? 2000 : 200);
      Report r = validate(text, null);
      assertReadable(r, text);
      assertEquals(1, r.exitCode(), context(text) + r.text());
      assertTrue(r.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR && f.file().equals(RES)),
          context(text) + r.text());
    }
  }

  @Test
  void randomTextAsAFrameIsAnErrorNeverACrash() throws IOException {
    String resources = Files.readString(TestProjects.EXAMPLE.resolve(RES));
    for (int n = 0; n < 300; n++) {
      String text = randomText(200);
      Report r = validate(resources, text);
      assertReadable(r, text);
      assertEquals(1, r.exitCode(), context(text) + r.text());
    }
  }

  @Test
  void randomJsonNeverCrashes() throws IOException {
    for (int n = 0; n < 1000; n++) {
      JsonNode tree = tree(4);
      Report r = validate(tree.toString(), null);
      assertReadable(r, tree.toString());
      if (r.exitCode() == 0) {
        // only a resources object with nothing in it can be valid among random trees
        assertTrue(tree.path("resources").isEmpty(), context(tree.toString()));
      }
    }
  }

  /** Each leaf of the example resources file, given a value of the wrong JSON type: an error right there. */
  @Test
  void aWronglyTypedFieldIsAnErrorAtItsPointer() throws IOException {
    String source = Files.readString(TestProjects.EXAMPLE.resolve(RES));
    List<String> leaves = new ArrayList<>();
    collectLeaves(JSON.readTree(source), "", leaves);
    JsonNodeFactory f = JsonNodeFactory.instance;
    List<JsonNode> wrongValues = List.of(f.numberNode(7), f.nullNode(), f.booleanNode(true), f.objectNode(),
        f.arrayNode().add(3), f.textNode("x"));
    int checked = 0;
    for (String pointer : leaves) {
      for (JsonNode wrong : wrongValues) {
        checked += wronglyTyped(source, pointer, wrong) ? 1 : 0;
      }
    }
    assertTrue(checked >= leaves.size() * 4, "most replacements change the type: " + checked);
  }

  private boolean wronglyTyped(String source, String pointer, JsonNode wrong) throws IOException {
    JsonNode example = JSON.readTree(source);
    JsonNode original = example.at(pointer);
    if (sameJsonType(original, wrong)) {
      return false;
    }
    ObjectNode parent = null;
    JsonNode p = example.at(pointer.substring(0, pointer.lastIndexOf('/')));
    String last = pointer.substring(pointer.lastIndexOf('/') + 1);
    if (p instanceof ObjectNode o) {
      parent = o;
      parent.set(last, wrong);
    } else {
      ((ArrayNode) p).set(Integer.parseInt(last), wrong);
    }
    String text = JSON.writerWithDefaultPrettyPrinter().writeValueAsString(example);
    Report r = validate(text, null);
    assertReadable(r, text);
    assertEquals(1, r.exitCode(), r.text());
    assertTrue(r.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR && f.file().equals(RES)
        && f.pointer().equals(pointer) && f.line() > 0), pointer + " <- " + wrong + "\n" + r.text());
    return true;
  }

  private static final List<String> WORDS = List.of("resources", "column", "index", "projection", "rollup",
      "table", "expression", "type", "kind", "order_by", "columns", "grain", "dimensions", "measures", "retention",
      "from", "async", "@opentelemetry/views/logs#logs", "otel.otel_logs", "1m", "7m", "bloom_filter", "text",
      "LogCount", "ServiceName", "ResourceAttributes['k']", "count()", "a;b", "", "#", "@x#y", "logs_1m");

  private static final String ALPHABET = "{}[]:,\"\\ \n\tabcXYZ019-_.#@'`;()eE+\u00e9\u2028\u0000\uFEFF/*";

  /** Text biased towards JSON punctuation, keywords of the format, and awkward characters. */
  private String randomText(int maxLength) {
    StringBuilder b = new StringBuilder();
    int length = random.nextInt(maxLength + 1);
    while (b.length() < length) {
      int pick = random.nextInt(10);
      if (pick < 2) {
        b.append('"').append(WORDS.get(random.nextInt(WORDS.size()))).append('"');
      } else if (pick < 3) {
        b.append((char) random.nextInt(0x3000));
      } else {
        b.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
      }
    }
    return b.toString();
  }

  private JsonNode tree(int depth) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    int pick = depth == 0 ? random.nextInt(3) : random.nextInt(8);
    switch (pick) {
      case 0:
        return f.textNode(random.nextInt(4) == 0 ? randomText(8) : WORDS.get(random.nextInt(WORDS.size())));
      case 1:
        return f.numberNode(random.nextInt());
      case 2:
        return List.of(f.booleanNode(true), f.booleanNode(false), f.nullNode()).get(random.nextInt(3));
      case 3:
        ArrayNode a = f.arrayNode();
        for (int k = random.nextInt(4); k > 0; k--) {
          a.add(tree(depth - 1));
        }
        return a;
      default:
        ObjectNode o = f.objectNode();
        for (int k = random.nextInt(5); k > 0; k--) {
          o.set(random.nextInt(6) == 0 ? randomText(6) : WORDS.get(random.nextInt(WORDS.size())), tree(depth - 1));
        }
        return o;
    }
  }

  private String context(String input) {
    return "seed " + seed + " (rerun with -Dnoemata.seed=" + seed + "), input:\n" + input + "\n";
  }

  private static void collectLeaves(JsonNode n, String pointer, List<String> out) {
    if (n.isObject()) {
      for (Map.Entry<String, JsonNode> e : n.properties()) {
        collectLeaves(e.getValue(), pointer + "/" + e.getKey().replace("~", "~0").replace("/", "~1"), out);
      }
    } else if (n.isArray()) {
      out.add(pointer);
      for (int k = 0; k < n.size(); k++) {
        collectLeaves(n.get(k), pointer + "/" + k, out);
      }
    } else {
      out.add(pointer);
    }
  }

  private static boolean sameJsonType(JsonNode a, JsonNode b) {
    return a.getNodeType() == b.getNodeType();
  }
}

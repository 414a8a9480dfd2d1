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
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.StringLength;

/**
 * Malformed and random files: validation never throws, never leaks a stack trace, and reports a
 * placed, readable error for what is wrong.
 */
class RandomFilesPropertyTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String RES = "@frames/opentelemetry/views/otel.resources.json";
  private static final String FRAME = "@frames/opentelemetry/views/logs.frame.json";

  private static Path project(String resources, String logsFrame) throws IOException {
    Path dir = Files.createTempDirectory("noemata-prop");
    Path views = Files.createDirectories(dir.resolve("@frames/opentelemetry/views"));
    Files.copy(TestProjects.EXAMPLE.resolve("noemata.json"), dir.resolve("noemata.json"));
    Files.copy(TestProjects.EXAMPLE.resolve(FRAME), views.resolve("logs.frame.json"));
    Files.copy(TestProjects.EXAMPLE.resolve("@frames/opentelemetry/views/traces.frame.json"), views.resolve("traces.frame.json"));
    Files.writeString(views.resolve("otel.resources.json"), resources);
    if (logsFrame != null) {
      Files.writeString(views.resolve("logs.frame.json"), logsFrame);
    }
    return dir;
  }

  private static Report validate(String resources, String frame) throws IOException {
    Path dir = project(resources, frame);
    try {
      return Validator.run(dir, null);
    } catch (Exception e) {
      throw new AssertionError("validation threw on input:\n" + resources, e);
    } finally {
      deleteTree(dir);
    }
  }

  private static void assertReadable(Report r) {
    String text = r.text() + r.json();
    assertFalse(text.contains("Exception") || text.contains("\tat ") || text.contains("at io.noemata."), text);
    for (Finding f : r.findings()) {
      assertFalse(f.message().isBlank());
      assertTrue(f.pointer().isEmpty() || f.pointer().startsWith("/"), f.pointer());
      assertEquals(1, f.toLine().lines().count(), f.toLine());
    }
  }

  @Property(tries = 1000)
  void randomTextIsAnErrorNeverACrash(@ForAll @StringLength(max = 200) String text) throws IOException {
    Report r = validate(text, null);
    assertReadable(r);
    assertEquals(1, r.exitCode(), r.text());
    assertTrue(r.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR && f.file().equals(RES)), r.text());
  }

  @Property(tries = 300)
  void randomTextAsAFrameIsAnErrorNeverACrash(@ForAll @StringLength(max = 200) String text) throws IOException {
    Report r = validate(Files.readString(TestProjects.EXAMPLE.resolve(RES)), text);
    assertReadable(r);
    assertEquals(1, r.exitCode(), r.text());
  }

  @Property(tries = 1000)
  void randomJsonNeverCrashes(@ForAll("jsonTrees") JsonNode tree) throws IOException {
    Report r = validate(tree.toString(), null);
    assertReadable(r);
    if (r.exitCode() == 0) {
      // only a resources object with nothing in it can be valid among random trees
      assertTrue(tree.path("resources").isEmpty(), tree.toString());
    }
  }

  /** Each leaf of the example resources file, given a value of the wrong JSON type: an error right there. */
  @Property(tries = 1000)
  void aWronglyTypedFieldIsAnErrorAtItsPointer(@ForAll("leafPointers") String pointer, @ForAll("wrongValues") JsonNode wrong)
      throws IOException {
    JsonNode example = JSON.readTree(Files.readString(TestProjects.EXAMPLE.resolve(RES)));
    JsonNode original = example.at(pointer);
    if (sameJsonType(original, wrong)) {
      return;
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
    Report r = validate(JSON.writerWithDefaultPrettyPrinter().writeValueAsString(example), null);
    assertReadable(r);
    assertEquals(1, r.exitCode(), r.text());
    assertTrue(r.findings().stream().anyMatch(f -> f.severity() == Severity.ERROR && f.file().equals(RES)
        && f.pointer().equals(pointer) && f.line() > 0), pointer + " <- " + wrong + "\n" + r.text());
  }

  @Provide
  Arbitrary<String> leafPointers() throws IOException {
    JsonNode example = JSON.readTree(Files.readString(TestProjects.EXAMPLE.resolve(RES)));
    List<String> leaves = new ArrayList<>();
    collectLeaves(example, "", leaves);
    return Arbitraries.of(leaves);
  }

  @Provide
  Arbitrary<JsonNode> wrongValues() {
    JsonNodeFactory f = JsonNodeFactory.instance;
    return Arbitraries.of(f.numberNode(7), f.nullNode(), f.booleanNode(true), f.objectNode(),
        f.arrayNode().add(3), f.textNode("x"));
  }

  @Provide
  Arbitrary<JsonNode> jsonTrees() {
    return tree(4);
  }

  private Arbitrary<JsonNode> tree(int depth) {
    JsonNodeFactory f = JsonNodeFactory.instance;
    Arbitrary<String> words = Arbitraries.oneOf(
        Arbitraries.of("resources", "column", "index", "projection", "rollup", "table", "expression", "type",
            "kind", "order_by", "columns", "grain", "dimensions", "measures", "retention", "from", "async",
            "@opentelemetry/views/logs#logs", "otel.otel_logs", "1m", "7m", "bloom_filter", "text",
            "LogCount", "ServiceName", "ResourceAttributes['k']", "count()", "a;b", "", "#", "@x#y"),
        Arbitraries.strings().ofMaxLength(8));
    Arbitrary<JsonNode> leaf = Arbitraries.oneOf(
        words.map(f::textNode),
        Arbitraries.integers().map(f::numberNode),
        Arbitraries.of(f.booleanNode(true), f.booleanNode(false), f.nullNode()));
    if (depth == 0) {
      return leaf;
    }
    Arbitrary<JsonNode> child = Arbitraries.lazy(() -> tree(depth - 1));
    Arbitrary<JsonNode> object = Combinators.combine(words.list().ofMaxSize(4), child.list().ofMaxSize(4))
        .as((keys, values) -> {
          ObjectNode o = f.objectNode();
          for (int k = 0; k < Math.min(keys.size(), values.size()); k++) {
            o.set(keys.get(k), values.get(k));
          }
          return (JsonNode) o;
        });
    Arbitrary<JsonNode> array = child.list().ofMaxSize(3).map(items -> {
      ArrayNode a = f.arrayNode();
      items.forEach(a::add);
      return (JsonNode) a;
    });
    return Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(2, leaf), net.jqwik.api.Tuple.of(5, object), net.jqwik.api.Tuple.of(1, array));
  }

  private static void collectLeaves(JsonNode n, String pointer, List<String> out) {
    if (n.isObject()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
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

  private static void deleteTree(Path dir) throws IOException {
    try (var walk = Files.walk(dir)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}

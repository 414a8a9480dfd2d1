package io.noemata.resources.parse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.noemata.resources.model.Entry;
import io.noemata.resources.model.Frame;
import io.noemata.resources.model.FrameTable;
import io.noemata.resources.model.PhysicalName;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A frame file: {@code {"frame": id, "tables": {alias: {table, time, scalars, measures}}}}. The
 * format is ours and small; docs/resources-format.md describes it. Expressions are checked by
 * validation, not here.
 */
final class FrameReader {

  private static final List<String> FRAME_FIELDS = List.of("frame", "tables");
  private static final List<String> TABLE_FIELDS = List.of("table", "time", "scalars", "measures");
  private static final List<String> MEASURE_FIELDS = List.of("expression", "series");

  private FrameReader() {}

  static Frame read(Decoder d, String expectedId) {
    ObjectNode root = d.object(d.doc().root(), "", "a frame file");
    if (root == null) {
      return null;
    }
    d.onlyFields(root, "", FRAME_FIELDS, "a frame file");
    String id = d.string(root, "", "frame", true, "\"" + expectedId + "\"");
    if (id != null && !id.equals(expectedId)) {
      d.error("/frame", "the frame id '" + id + "' does not match the file's path, which names '"
          + expectedId + "'; write \"frame\": \"" + expectedId + "\" or move the file");
    }
    JsonNode tablesNode = root.get("tables");
    Map<String, FrameTable> tables = new LinkedHashMap<>();
    if (tablesNode == null) {
      d.error("", "missing field 'tables'; add the view tables by alias, for example \"tables\": {\"logs\": {\"table\": \"otel.otel_logs\"}}");
    } else {
      ObjectNode t = d.object(tablesNode, "/tables", "'tables'");
      if (t != null) {
        for (Map.Entry<String, JsonNode> e : t.properties()) {
          FrameTable table = table(d, e.getKey(), e.getValue(), JsonDoc.child("/tables", e.getKey()));
          if (table != null) {
            tables.put(e.getKey(), table);
          }
        }
      }
    }
    return new Frame(expectedId, d.doc().file(), tables);
  }

  private static FrameTable table(Decoder d, String alias, JsonNode node, String pointer) {
    if (!Entry.KEY.matcher(alias).matches()) { // an alias names rollup objects, as a key does
      d.error(pointer, "alias '" + alias + "' must start with a letter or _ and contain letters, digits, _ or -");
      return null;
    }
    ObjectNode o = d.object(node, pointer, "view table '" + alias + "'");
    if (o == null) {
      return null;
    }
    d.onlyFields(o, pointer, TABLE_FIELDS, "view table '" + alias + "'");
    String physical = d.string(o, pointer, "table", true, "\"otel.otel_logs\"");
    Optional<PhysicalName> name = physical == null ? Optional.empty() : PhysicalName.parse(physical);
    if (physical != null && name.isEmpty()) {
      d.error(JsonDoc.child(pointer, "table"), "'" + physical + "' is not a physical table; write database.table, such as \"otel.otel_logs\"");
    }
    String time = d.string(o, pointer, "time", false, "\"Timestamp\"");
    Map<String, String> scalars = new LinkedHashMap<>();
    JsonNode s = o.get("scalars");
    if (s != null) {
      ObjectNode so = d.object(s, JsonDoc.child(pointer, "scalars"), "'scalars'");
      if (so != null) {
        for (Map.Entry<String, JsonNode> e : so.properties()) {
          String at = JsonDoc.child(JsonDoc.child(pointer, "scalars"), e.getKey());
          if (e.getValue().isTextual()) {
            scalars.put(e.getKey(), e.getValue().textValue());
          } else {
            d.error(at, "scalar '" + e.getKey() + "' must be an expression string, such as \"ResourceAttributes['k8s.pod.name']\"");
          }
        }
      }
    }
    Map<String, FrameTable.Measure> measures = new LinkedHashMap<>();
    JsonNode m = o.get("measures");
    if (m != null) {
      ObjectNode mo = d.object(m, JsonDoc.child(pointer, "measures"), "'measures'");
      if (mo != null) {
        for (Map.Entry<String, JsonNode> e : mo.properties()) {
          FrameTable.Measure measure = measure(d, e.getKey(), e.getValue(),
              JsonDoc.child(JsonDoc.child(pointer, "measures"), e.getKey()));
          if (measure != null) {
            measures.put(e.getKey(), measure);
          }
        }
      }
    }
    if (name.isEmpty()) {
      return null;
    }
    return new FrameTable(alias, name.get(), Optional.ofNullable(time), scalars, measures);
  }

  /** {@code "count()"} or {@code {"expression": "...", "series": ["ServiceName"]}}. */
  private static FrameTable.Measure measure(Decoder d, String name, JsonNode node, String pointer) {
    if (node.isTextual()) {
      return new FrameTable.Measure(name, node.textValue(), List.of());
    }
    if (!node.isObject()) {
      d.error(pointer, "measure '" + name + "' must be an aggregate expression string, such as \"count()\","
          + " or an object {\"expression\": ..., \"series\": [...]}");
      return null;
    }
    ObjectNode o = (ObjectNode) node;
    d.onlyFields(o, pointer, MEASURE_FIELDS, "measure '" + name + "'");
    String expression = d.string(o, pointer, "expression", true, "\"count()\"");
    List<String> series = d.strings(o, pointer, "series", false, false, "[\"ServiceName\"]");
    if (expression == null) {
      return null;
    }
    return new FrameTable.Measure(name, expression, series == null ? List.of() : series);
  }
}

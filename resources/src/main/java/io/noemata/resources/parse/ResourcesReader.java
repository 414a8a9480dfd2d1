package io.noemata.resources.parse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.noemata.resources.model.Entry;
import io.noemata.resources.model.IndexKind;
import io.noemata.resources.model.Interval;
import io.noemata.resources.model.Refresh;
import io.noemata.resources.model.ResourcesFile;
import io.noemata.resources.model.TableRef;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@code *.resources.json}: {@code {"resources": {key: {kind: {fields}}}}} with the fields the
 * seed lists for each kind. Shape errors are reported here; meaning is checked by validation.
 */
final class ResourcesReader {

  static final List<String> KINDS = List.of("column", "index", "projection", "rollup");
  private static final List<String> COLUMN = List.of("table", "async", "expression", "type");
  private static final List<String> INDEX = List.of("table", "async", "column", "kind");
  private static final List<String> PROJECTION = List.of("table", "async", "order_by", "columns");
  private static final List<String> ROLLUP =
      List.of("table", "async", "grain", "dimensions", "measures", "retention", "from", "refresh");
  private static final List<String> REFRESH = List.of("every", "after", "append");

  private ResourcesReader() {}

  static ResourcesFile read(Decoder d) {
    List<Entry> entries = new ArrayList<>();
    List<ResourcesFile.Incomplete> incomplete = new ArrayList<>();
    ObjectNode root = d.object(d.doc().root(), "", "a resources file");
    if (root == null) {
      return new ResourcesFile(d.doc().file(), entries);
    }
    d.onlyFields(root, "", List.of("resources"), "a resources file");
    JsonNode resources = root.get("resources");
    if (resources == null) {
      d.error("", "missing field 'resources'; a resources file is {\"resources\": {\"<key>\": {\"column\": {...}}}}");
      return new ResourcesFile(d.doc().file(), entries);
    }
    ObjectNode r = d.object(resources, "/resources", "'resources'");
    if (r == null) {
      return new ResourcesFile(d.doc().file(), entries);
    }
    for (Map.Entry<String, JsonNode> e : r.properties()) {
      Entry entry = entry(d, e.getKey(), e.getValue(), JsonDoc.child("/resources", e.getKey()), incomplete);
      if (entry != null) {
        entries.add(entry);
      }
    }
    return new ResourcesFile(d.doc().file(), entries, incomplete);
  }

  private static Entry entry(Decoder d, String key, JsonNode node, String pointer,
      List<ResourcesFile.Incomplete> incomplete) {
    boolean keyOk = Entry.KEY.matcher(key).matches();
    if (!keyOk) {
      d.error(pointer, "entry key '" + key + "' is not allowed: keys start with a letter or _ and"
          + " contain letters, digits, _ or -; rename it, such as '" + suggestKey(key) + "'");
    }
    ObjectNode o = d.object(node, pointer, "entry '" + key + "'");
    if (o == null) {
      return null;
    }
    List<String> kinds = new ArrayList<>();
    for (Iterator<String> names = o.fieldNames(); names.hasNext(); ) {
      String n = names.next();
      if (KINDS.contains(n)) {
        kinds.add(n);
      }
    }
    List<String> misplaced = new ArrayList<>();
    for (Iterator<String> names = o.fieldNames(); names.hasNext(); ) {
      String n = names.next();
      if (!KINDS.contains(n) && (COLUMN.contains(n) || INDEX.contains(n) || PROJECTION.contains(n) || ROLLUP.contains(n))) {
        misplaced.add(n);
        d.error(JsonDoc.child(pointer, n), "'" + n + "' belongs inside the entry's kind, such as {\"" + key
            + "\": {\"" + (kinds.isEmpty() ? "column" : kinds.get(0)) + "\": {\"" + n + "\": ...}}}");
      }
    }
    ObjectNode rest = o.deepCopy();
    rest.remove(misplaced);
    d.onlyFields(rest, pointer, KINDS, "entry '" + key + "' (an entry holds one kind)");
    if (kinds.isEmpty()) {
      d.error(pointer, "entry '" + key + "' has no kind; wrap its fields in one of column, index, projection or rollup");
      return null;
    }
    if (kinds.size() > 1) {
      d.error(JsonDoc.child(pointer, kinds.get(1)), "entry '" + key + "' has more than one kind ("
          + String.join(", ", kinds) + "); each entry has one kind, so split it into entries with their own keys");
      return null;
    }
    String kind = kinds.get(0);
    String at = JsonDoc.child(pointer, kind);
    ObjectNode body = d.object(o.get(kind), at, "the " + kind + " of '" + key + "'");
    if (body == null) {
      return null;
    }
    if (!kind.equals("rollup") && body.has("refresh")) {
      d.error(JsonDoc.child(at, "refresh"), "'refresh' belongs to rollups only: a " + kind + " is kept current by"
          + " the server as rows are written; remove it");
      body = body.deepCopy();
      body.remove("refresh");
    }
    TableRef table = table(d, body, at);
    Optional<Boolean> async = d.bool(body, at, "async", false);
    String buildKey = keyOk ? key : "_"; // the fields are still checked; the entry is dropped
    Entry built = switch (kind) {
      case "column" -> column(d, buildKey, body, at, table, async);
      case "index" -> index(d, buildKey, body, at, table, async);
      case "projection" -> projection(d, buildKey, body, at, table, async);
      default -> rollup(d, buildKey, body, at, table, async);
    };
    if (keyOk && built == null && table != null) {
      incomplete.add(new ResourcesFile.Incomplete(key, kind, table));
    }
    return keyOk ? built : null;
  }

  private static TableRef table(Decoder d, ObjectNode body, String at) {
    String text = d.string(body, at, "table", true, "\"@opentelemetry/views/logs#logs\"");
    if (text == null) {
      return null;
    }
    TableRef ref = TableRef.parse(text);
    if (ref == null) {
      d.error(JsonDoc.child(at, "table"), "'" + text + "' is not a table; write <frame id>#<alias>, such as"
          + " \"@opentelemetry/views/logs#logs\", or a physical database.table");
    }
    return ref;
  }

  private static Entry column(Decoder d, String key, ObjectNode o, String at, TableRef table, Optional<Boolean> async) {
    d.onlyFields(o, at, COLUMN, "a column entry");
    String expression = d.string(o, at, "expression", true, "\"ResourceAttributes['k8s.pod.name']\"");
    String type = d.string(o, at, "type", false, "\"DateTime\"");
    if (type != null && type.isBlank()) {
      d.error(JsonDoc.child(at, "type"), "'type' is empty; write a ClickHouse type such as \"DateTime\", or leave it out");
      return null;
    }
    if (table == null || async.isEmpty() || expression == null || (o.has("type") && type == null)) {
      return null;
    }
    return new Entry.Column(key, table, async.get(), expression, Optional.ofNullable(type));
  }

  private static Entry index(Decoder d, String key, ObjectNode o, String at, TableRef table, Optional<Boolean> async) {
    d.onlyFields(o, at, INDEX, "an index entry");
    String column = d.string(o, at, "column", true, "\"pod_name\"");
    String kindText = d.string(o, at, "kind", true, "\"bloom_filter\"");
    IndexKind kind = kindText == null ? null : IndexKind.fromFile(kindText);
    if (kindText != null && kind == null) {
      d.error(JsonDoc.child(at, "kind"), "unknown index kind '" + kindText + "'; use bloom_filter, minmax, set or text");
    }
    if (column != null && column.isBlank()) {
      d.error(JsonDoc.child(at, "column"), "'column' is empty; name the column to index");
      return null;
    }
    if (table == null || async.isEmpty() || column == null || kind == null) {
      return null;
    }
    return new Entry.Index(key, table, async.get(), column, kind);
  }

  private static Entry projection(Decoder d, String key, ObjectNode o, String at, TableRef table, Optional<Boolean> async) {
    d.onlyFields(o, at, PROJECTION, "a projection entry");
    List<String> orderBy = d.strings(o, at, "order_by", true, true, "[\"pod_name\", \"Timestamp\"]");
    List<String> columns = d.strings(o, at, "columns", false, true, "[\"Body\"]");
    if (table == null || async.isEmpty() || orderBy == null || (o.has("columns") && columns == null)) {
      return null;
    }
    return new Entry.Projection(key, table, async.get(), orderBy, Optional.ofNullable(columns));
  }

  private static Entry rollup(Decoder d, String key, ObjectNode o, String at, TableRef table, Optional<Boolean> async) {
    d.onlyFields(o, at, ROLLUP, "a rollup entry");
    Interval grain = interval(d, o, at, "grain", true, "\"1m\"");
    List<String> dimensions = d.strings(o, at, "dimensions", true, false, "[\"ServiceName\"]");
    List<String> measures = d.strings(o, at, "measures", true, true, "[\"LogCount\"]");
    Interval retention = interval(d, o, at, "retention", false, "\"400d\"");
    String from = d.string(o, at, "from", false, "\"logs_1m\"");
    Refresh refresh = o.has("refresh") ? refresh(d, o.get("refresh"), JsonDoc.child(at, "refresh")) : null;
    boolean broken = (o.has("retention") && retention == null) || (o.has("from") && from == null)
        || (o.has("refresh") && refresh == null);
    if (table == null || async.isEmpty() || grain == null || dimensions == null || measures == null || broken) {
      return null;
    }
    return new Entry.Rollup(key, table, async.get(), grain, dimensions, measures,
        Optional.ofNullable(retention), Optional.ofNullable(from), Optional.ofNullable(refresh));
  }

  /** {@code {"every": "5m"}} or {@code {"after": "5m"}}, with an optional {@code "append": false}. */
  private static Refresh refresh(Decoder d, JsonNode node, String at) {
    ObjectNode o = d.object(node, at, "'refresh'");
    if (o == null) {
      return null;
    }
    d.onlyFields(o, at, REFRESH, "'refresh'");
    if (o.has("every") == o.has("after")) {
      d.error(at, "'refresh' needs exactly one of 'every' (a period on the clock) or 'after' (a pause after each"
          + " refresh), such as {\"every\": \"5m\"}");
      return null;
    }
    String field = o.has("every") ? "every" : "after";
    Interval interval = interval(d, o, at, field, true, "\"5m\"");
    Optional<Boolean> append = d.bool(o, at, "append", false);
    if (append.isPresent() && append.get()) {
      d.error(JsonDoc.child(at, "append"), "'append' adds each refresh's rows to the last refresh's, and a rollup's"
          + " refresh aggregates every bucket again, so its rows would count twice; remove \"append\" (a refresh"
          + " replaces the rollup's rows)");
      return null;
    }
    if (interval == null || append.isEmpty()) {
      return null;
    }
    return new Refresh(field.equals("every") ? Refresh.Schedule.EVERY : Refresh.Schedule.AFTER, interval, false);
  }

  private static Interval interval(Decoder d, ObjectNode o, String at, String field, boolean required, String example) {
    String text = d.string(o, at, field, required, example);
    if (text == null) {
      return null;
    }
    Interval i = Interval.parse(text);
    if (i == null) {
      d.error(JsonDoc.child(at, field), "'" + text + "' is not a duration; write a whole number and a unit"
          + " (s, m, h, d or w), such as " + example);
    }
    return i;
  }

  private static String suggestKey(String key) {
    String s = key.replaceAll("[^A-Za-z0-9_-]", "_");
    if (s.isEmpty() || !Character.isLetter(s.charAt(0)) && s.charAt(0) != '_') {
      s = "_" + s;
    }
    return s;
  }
}

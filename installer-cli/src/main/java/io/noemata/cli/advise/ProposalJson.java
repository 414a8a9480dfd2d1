package io.noemata.cli.advise;

import io.noemata.core.ledger.Json;
import java.util.ArrayList;
import java.util.List;

/**
 * A proposal as a {@code *.resources.json} file, laid out as the example project's files are (two
 * spaces, one entry after another: columns, indexes, rollups). Deterministic, so a checked-in file
 * can be compared with a fresh run.
 */
public final class ProposalJson {

  private ProposalJson() {}

  public static String text(Proposal p) {
    List<String> entries = new ArrayList<>();
    for (Proposal.Column c : p.columns()) {
      entries.add(entry(c.key(), "column", List.of(
          field("table", str(c.view().ref())),
          field("expression", str(c.subscript().toString())))));
    }
    for (Proposal.Index i : p.indexes()) {
      entries.add(entry(i.key(), "index", List.of(
          field("table", str(i.view().ref())),
          field("column", str(i.column())),
          field("kind", str("bloom_filter")))));
    }
    for (Proposal.Rollup r : p.rollups()) {
      List<String> fields = new ArrayList<>(List.of(
          field("table", str(r.view().ref())),
          field("grain", str(Proposal.grainText(r.grainSeconds()))),
          field("dimensions", list(r.dimensions())),
          field("measures", list(r.measures()))));
      if (r.from() != null) {
        fields.add(field("from", str(r.from())));
      }
      if (r.refresh() != null) {
        fields.add(field("refresh", "{\"every\": " + str(r.refresh()) + "}"));
      }
      entries.add(entry(r.key(), "rollup", fields));
    }
    return "{\n  \"resources\": {\n" + String.join(",\n", entries) + "\n  }\n}\n";
  }

  private static String entry(String key, String kind, List<String> fields) {
    return "    " + str(key) + ": {\n      " + str(kind) + ": {\n        " + String.join(",\n        ", fields)
        + "\n      }\n    }";
  }

  private static String field(String name, String value) {
    return str(name) + ": " + value;
  }

  private static String list(List<String> items) {
    return "[" + String.join(", ", items.stream().map(ProposalJson::str).toList()) + "]";
  }

  /** A JSON string. */
  static String str(String s) {
    return Json.write(s);
  }
}

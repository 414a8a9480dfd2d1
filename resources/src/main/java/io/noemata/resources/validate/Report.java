package io.noemata.resources.validate;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.noemata.resources.finding.Finding;
import io.noemata.resources.finding.Severity;
import java.util.List;

/**
 * The outcome of {@code noemata validate}: the findings, the exit code (0 clean or warnings only,
 * 1 errors) and the two ways to print them.
 */
public record Report(List<Finding> findings, boolean online) {

  public static final int CLEAN = 0;
  public static final int ERRORS = 1;

  public Report {
    findings = List.copyOf(findings);
  }

  public long errors() {
    return findings.stream().filter(f -> f.severity() == Severity.ERROR).count();
  }

  public long warnings() {
    return findings.stream().filter(f -> f.severity() == Severity.WARNING).count();
  }

  public int exitCode() {
    return errors() > 0 ? ERRORS : CLEAN;
  }

  /** One line per finding, then a summary line. */
  public String text() {
    StringBuilder b = new StringBuilder();
    for (Finding f : findings) {
      b.append(f.toLine()).append('\n');
    }
    b.append(errors() > 0 ? "invalid" : "valid").append(online ? " (online)" : " (offline)").append(": ")
        .append(errors()).append(errors() == 1 ? " error, " : " errors, ")
        .append(warnings()).append(warnings() == 1 ? " warning" : " warnings").append('\n');
    return b.toString();
  }

  /** {@code {"valid": .., "online": .., "errors": n, "warnings": n, "findings": [...]}}. */
  public String json() {
    ObjectMapper mapper = new ObjectMapper();
    ObjectNode root = mapper.createObjectNode();
    root.put("valid", errors() == 0);
    root.put("online", online);
    root.put("errors", errors());
    root.put("warnings", warnings());
    ArrayNode list = root.putArray("findings");
    for (Finding f : findings) {
      ObjectNode o = list.addObject();
      o.put("severity", f.severity().word());
      o.put("code", f.code().word());
      o.put("file", f.file());
      o.put("pointer", f.pointer());
      o.put("line", f.line());
      o.put("column", f.column());
      o.put("message", f.message());
    }
    return root.toPrettyString() + "\n";
  }
}

package io.noemata.resources.parse;

import io.noemata.resources.finding.Finding;
import io.noemata.resources.model.Project;
import java.util.List;
import java.util.Map;

/**
 * A project as far as it could be read, the findings reading produced, and each file's
 * {@link JsonDoc} by relative path so later checks can place their findings.
 */
public record ReadResult(Project project, List<Finding> findings, Map<String, JsonDoc> docs) {

  public ReadResult {
    findings = List.copyOf(findings);
    docs = Map.copyOf(docs);
  }
}

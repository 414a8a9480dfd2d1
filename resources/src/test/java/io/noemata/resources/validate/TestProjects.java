package io.noemata.resources.validate;

import io.noemata.resources.catalog.Catalog;
import io.noemata.resources.finding.Finding;
import io.noemata.resources.finding.Severity;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/** Small projects written to a temporary directory, and the repository's two projects. */
final class TestProjects {

  /** The repository's root, as the build hands it to tests (the parent POM sets {@code noemata.root}). */
  static final Path ROOT = Path.of(System.getProperty("noemata.root", "..")).normalize();
  /** {@code examples/otel}: the example project, which the demo also installs. */
  static final Path EXAMPLE = ROOT.resolve("examples/otel");
  /** {@code corpus/project}: what the labelled query corpus assumes installed. */
  static final Path CORPUS_PROJECT = ROOT.resolve("corpus/project");

  static final String LOGS_FRAME = """
      {
        "frame": "@otel/logs",
        "tables": {
          "logs": {
            "table": "otel.otel_logs",
            "time": "Timestamp",
            "scalars": {
              "pod": "ResourceAttributes['k8s.pod.name']",
              "errors_share": "countIf(SeverityNumber >= 17) / count()"
            },
            "measures": {
              "LogCount": "count()",
              "ErrorCount": "countIf(SeverityNumber >= 17)",
              "UniqTraces": "uniq(TraceId)",
              "ExactTraces": "uniqExact(TraceId)",
              "P99": "quantileExact(0.99)(SeverityNumber)",
              "Approx99": "quantileTDigest(0.99)(SeverityNumber)",
              "NullCount": "countIfOrNull(SeverityNumber >= 17)",
              "GoodNullCount": "countOrNullIf(SeverityNumber >= 17)",
              "Quants": "quantilesIfOrNull(0.5, 0.9)(SeverityNumber, SeverityNumber > 1)",
              "Uniqs": "uniqIfOrNull(TraceId, SeverityNumber > 1)",
              "MapMax": "maxMapOrNull(LogAttributes)",
              "Groups": "groupArray(Body)",
              "PerPod": {"expression": "max(SeverityNumber)", "series": ["ServiceName", "pod_name"]}
            }
          },
          "spans": {
            "table": "otel.otel_traces",
            "time": "Timestamp",
            "measures": { "SpanCount": "count()" }
          }
        }
      }
      """;

  private TestProjects() {}

  /** A project with {@code noemata.json}, the logs frame and one resources file with {@code resources}. */
  static Path withResources(Path dir, String resourcesJson) {
    return write(dir, "@frames/otel/logs.frame.json", LOGS_FRAME,
        "@frames/otel/logs.resources.json", resourcesJson);
  }

  /** Writes {@code noemata.json} and the given path/content pairs. */
  static Path write(Path dir, String... pathsAndContents) {
    try {
      Files.writeString(dir.resolve("noemata.json"), "{\"namespace\": \"noemata\"}");
      for (int k = 0; k < pathsAndContents.length; k += 2) {
        Path p = dir.resolve(pathsAndContents[k]);
        Files.createDirectories(p.getParent());
        Files.writeString(p, pathsAndContents[k + 1]);
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Report validate(Path dir) {
    return validate(dir, null);
  }

  static Report validate(Path dir, Catalog catalog) {
    try {
      return Validator.run(dir, catalog);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  /** The one finding of {@code severity} at {@code file} and {@code pointer}; fails otherwise. */
  static Finding find(Report r, Severity severity, String file, String pointer, String fragment) {
    List<Finding> at = r.findings().stream()
        .filter(f -> f.severity() == severity && f.file().equals(file) && f.pointer().equals(pointer))
        .collect(Collectors.toList());
    org.junit.jupiter.api.Assertions.assertEquals(1, at.size(),
        "one " + severity + " at " + file + " " + pointer + " expected; report:\n" + r.text());
    Finding f = at.get(0);
    org.junit.jupiter.api.Assertions.assertTrue(f.message().contains(fragment),
        "message should contain '" + fragment + "': " + f.message());
    org.junit.jupiter.api.Assertions.assertTrue(f.line() > 0 && f.column() > 0, "placed: " + f.toLine());
    return f;
  }

  static final String RES = "@frames/otel/logs.resources.json";

  static List<Finding> errors(Report r) {
    return r.findings().stream().filter(f -> f.severity() == Severity.ERROR).collect(Collectors.toList());
  }

  static List<Finding> warnings(Report r) {
    return r.findings().stream().filter(f -> f.severity() == Severity.WARNING).collect(Collectors.toList());
  }
}

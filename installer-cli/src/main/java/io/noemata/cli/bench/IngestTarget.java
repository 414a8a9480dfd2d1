package io.noemata.cli.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import io.noemata.cli.demo.DemoProject;

/**
 * One way the exporter's tables can be set up for the ingest bench: its own database holding
 * {@code otel_logs} and {@code otel_traces} in the exporter's structure and, unless it is the raw
 * one, a project of the demo's published on them (its own namespace, so publishing one never
 * retires another's resources). {@code resources} names the entries kept from the shipped file:
 * one accelerator kind at a time gives each kind's share of the cost.
 */
public record IngestTarget(String label, String database, Optional<Source> source, List<String> resources) {

  /** Which of the demo's resources files the entries come from. */
  public enum Source { ADVISED, EXAMPLE }

  public static IngestTarget raw() {
    return new IngestTarget("raw", "ingest_raw", Optional.empty(), List.of());
  }

  /** The project {@code noemata advise} proposes for the demo's dashboard, as the demo installs it. */
  public static IngestTarget advised() {
    return new IngestTarget("advised", "ingest_advised", Optional.of(Source.ADVISED), List.of());
  }

  /** The advised project's stored columns alone. */
  public static IngestTarget advisedColumns() {
    return new IngestTarget("advised: stored columns only", "ingest_columns", Optional.of(Source.ADVISED),
        List.of("k8s_pod_name", "http_status_code"));
  }

  /** The hand-written example's stored columns with its bloom index and projection (the kinds advise did not propose). */
  public static IngestTarget exampleIndexAndProjection() {
    return new IngestTarget("example: columns + index + projection", "ingest_indexed", Optional.of(Source.EXAMPLE),
        List.of("pod_name", "http_status", "pod_name_filter", "by_pod"));
  }

  /** The default set: raw first (the denominator), then the advised project, then one kind at a time. */
  public static List<IngestTarget> defaults() {
    return List.of(raw(), advised(), advisedColumns(), exampleIndexAndProjection());
  }

  public boolean isRaw() {
    return source.isEmpty();
  }

  /** The namespace this target's project publishes under. */
  public String namespace() {
    return "nm_" + database.substring(database.indexOf('_') + 1);
  }

  /**
   * Writes the project for this target under {@code dir}: the demo's settings and frames pointed at
   * this target's database, and the chosen resources; returns {@code dir}.
   */
  public Path writeProject(Path dir) {
    Source from = source.orElseThrow();
    try {
      DemoProject.writeAdvisedFramesTo(dir);
      for (String frame : List.of("logs", "traces")) {
        Path f = dir.resolve("@frames/opentelemetry/views/" + frame + ".frame.json");
        // the frames name otel.otel_logs / otel.otel_traces: the same tables in this target's database
        Files.writeString(f, Files.readString(f).replace("\"otel.otel_", "\"" + database + ".otel_"), StandardCharsets.UTF_8);
      }
      Path settings = dir.resolve("noemata.json");
      Files.writeString(settings, Files.readString(settings).replace("\"noemata\"", "\"" + namespace() + "\""),
          StandardCharsets.UTF_8);
      String text = from == Source.ADVISED ? DemoProject.advisedResources() : exampleResources();
      Files.writeString(dir.resolve(DemoProject.ADVISED_FILE), keep(text), StandardCharsets.UTF_8);
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String exampleResources() throws IOException {
    Path tmp = Files.createTempDirectory("noemata-ingest-example-");
    return Files.readString(DemoProject.writeTo(tmp).resolve("@frames/opentelemetry/views/otel.resources.json"));
  }

  private String keep(String text) throws IOException {
    if (resources.isEmpty()) {
      return text;
    }
    ObjectMapper json = new ObjectMapper();
    ObjectNode root = (ObjectNode) json.readTree(text);
    ObjectNode all = (ObjectNode) root.get("resources");
    ObjectNode kept = json.createObjectNode();
    for (String name : resources) {
      if (!all.has(name)) {
        throw new IllegalStateException("the demo's resources have no " + name);
      }
      kept.set(name, all.get(name));
    }
    root.set("resources", kept);
    return json.writerWithDefaultPrettyPrinter().writeValueAsString(root);
  }
}

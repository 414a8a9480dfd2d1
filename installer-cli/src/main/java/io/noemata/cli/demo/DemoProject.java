package io.noemata.cli.demo;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The demo's own copy of the example project ({@code shared/examples/otel}): frames for the
 * exporter's tables and their resources (stored columns, a bloom index, a projection, three
 * rollups). It ships inside the CLI jar and is written out to a folder for the installer.
 */
public final class DemoProject {

  private static final String ROOT = "/io/noemata/cli/demo/project/";
  private static final List<String> FILES = List.of(
      "noemata.json",
      "@frames/opentelemetry/views/logs.frame.json",
      "@frames/opentelemetry/views/traces.frame.json",
      "@frames/opentelemetry/views/otel.resources.json");

  private DemoProject() {}

  /** Writes the project under {@code dir} and returns {@code dir}. */
  public static Path writeTo(Path dir) {
    try {
      for (String file : FILES) {
        Path target = dir.resolve(file);
        Files.createDirectories(target.getParent());
        try (InputStream in = DemoProject.class.getResourceAsStream(ROOT + file)) {
          if (in == null) {
            throw new IllegalStateException("the CLI jar lacks the demo project file " + file);
          }
          Files.copy(in, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the demo project to " + dir, e);
    }
  }
}

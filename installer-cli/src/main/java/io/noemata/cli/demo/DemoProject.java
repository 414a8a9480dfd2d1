package io.noemata.cli.demo;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * The demo's projects, shipped inside the CLI jar and written out to a folder for the installer.
 * {@code project/} is the repository's example project ({@code examples/otel}, packaged here by the
 * module's build): frames for the exporter's tables and their resources. The advised project is
 * the same settings and frames with the resources {@code noemata advise} proposes for the demo
 * dashboard's workload instead ({@code advised/}{@link #ADVISED_FILE}, generated and checked in;
 * {@code AdvisedProjectIT} checks that advise reproduces it).
 */
public final class DemoProject {

  private static final String ROOT = "/io/noemata/cli/demo/project/";
  private static final String ADVISED_ROOT = "/io/noemata/cli/demo/advised/";
  private static final List<String> FRAMES = List.of(
      "noemata.json",
      "@frames/opentelemetry/views/logs.frame.json",
      "@frames/opentelemetry/views/traces.frame.json");

  /** The advised project's resources file, relative to the project. */
  public static final String ADVISED_FILE = "@frames/opentelemetry/views/advised.resources.json";

  private DemoProject() {}

  /** Writes the hand-written project under {@code dir} and returns {@code dir}. */
  public static Path writeTo(Path dir) {
    copy(ROOT, FRAMES, dir);
    return copy(ROOT, List.of("@frames/opentelemetry/views/otel.resources.json"), dir);
  }

  /** Writes the advised project's settings and frames (the example's), without its resources file, under {@code dir}. */
  public static Path writeAdvisedFramesTo(Path dir) {
    return copy(ROOT, FRAMES, dir);
  }

  /** The advised resources file as shipped. */
  public static String advisedResources() {
    try (InputStream in = DemoProject.class.getResourceAsStream(ADVISED_ROOT + ADVISED_FILE)) {
      if (in == null) {
        throw new IllegalStateException("the CLI jar lacks the advised demo project's " + ADVISED_FILE);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path copy(String root, List<String> files, Path dir) {
    try {
      for (String file : files) {
        Path target = dir.resolve(file);
        Files.createDirectories(target.getParent());
        try (InputStream in = DemoProject.class.getResourceAsStream(root + file)) {
          if (in == null) {
            throw new IllegalStateException("the CLI jar lacks the demo project file " + root + file);
          }
          Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
      }
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the demo project to " + dir, e);
    }
  }
}

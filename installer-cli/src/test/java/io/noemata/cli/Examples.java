package io.noemata.cli;

import java.nio.file.Path;

/** The repository's example project, as the build hands it to tests ({@code noemata.root}, set in the parent POM). */
public final class Examples {

  /** {@code examples/otel}: frames and resources over the exporter's tables. */
  public static final Path OTEL = Path.of(System.getProperty("noemata.root", "..")).resolve("examples/otel").normalize();

  private Examples() {}
}

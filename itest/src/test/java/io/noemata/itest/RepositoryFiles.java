package io.noemata.itest;

import java.nio.file.Path;

/** The repository's projects, as the build hands them to tests ({@code noemata.root}, set in the parent POM). */
public final class RepositoryFiles {

  public static final Path ROOT = Path.of(System.getProperty("noemata.root", "..")).normalize();
  /** {@code examples/otel}: the example project, which the demo also installs. */
  public static final Path EXAMPLE = ROOT.resolve("examples/otel");
  /** {@code corpus/project}: what the labelled corpus assumes installed. */
  public static final Path CORPUS_PROJECT = ROOT.resolve("corpus/project");

  private RepositoryFiles() {}
}

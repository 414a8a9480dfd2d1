package io.noemata.cli;

import picocli.CommandLine;

/** The version from the jar manifest (set by Maven), or "dev" when run from classes. */
final class VersionProvider implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() {
    String v = Main.class.getPackage().getImplementationVersion();
    return new String[] {"noemata " + (v == null ? "dev" : v)};
  }
}

package io.noemata.resources.model;

import java.util.List;
import java.util.Objects;

/**
 * One {@code *.resources.json}: its path relative to the project root (with {@code /}) and its
 * entries in file order. Entries that did not parse are absent; their errors are findings.
 */
public record ResourcesFile(String path, List<Entry> entries) {

  public ResourcesFile {
    Objects.requireNonNull(path, "path");
    entries = List.copyOf(entries);
  }
}

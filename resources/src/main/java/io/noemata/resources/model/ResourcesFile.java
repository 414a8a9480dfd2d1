package io.noemata.resources.model;

import java.util.List;
import java.util.Objects;

/**
 * One {@code *.resources.json}: its path relative to the project root (with {@code /}) and its
 * entries in file order. Entries with an error in their fields are absent from {@code entries}
 * (their errors are findings); when their {@code table} was readable it is in {@code incomplete},
 * so validation can still say whether that table exists.
 */
public record ResourcesFile(String path, List<Entry> entries, List<Incomplete> incomplete) {

  /** The key, kind and table of an entry that could not be built. */
  public record Incomplete(String key, String kind, TableRef table) {
    public Incomplete {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(table, "table");
    }
  }

  public ResourcesFile {
    Objects.requireNonNull(path, "path");
    entries = List.copyOf(entries);
    incomplete = List.copyOf(incomplete);
  }

  public ResourcesFile(String path, List<Entry> entries) {
    this(path, entries, List.of());
  }
}

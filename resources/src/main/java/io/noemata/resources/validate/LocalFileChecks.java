package io.noemata.resources.validate;

import io.noemata.resources.model.ResourcesFile;
import io.noemata.resources.parse.FileNames;
import io.noemata.resources.parse.JsonDoc;

/**
 * "Ownership and local files": a file under a {@code .local} path cannot declare database objects
 * (local files are excluded from revisions), and resources files take no {@code .overrides} or
 * {@code .local} overlays.
 */
final class LocalFileChecks {

  private LocalFileChecks() {}

  /** True when the file's entries are real declarations and the other checks should run. */
  static boolean check(ResourcesFile file, JsonDoc doc, Sink sink) {
    if (FileNames.isOverrides(file.path())) {
      sink.error(file.path(), "", "resources files take no .overrides overlays; put the entries in the"
          + " resources file itself (" + file.path().replace(".overrides", "") + ")");
      return false;
    }
    if (FileNames.isLocal(file.path())) {
      boolean declares = !file.entries().isEmpty() || doc != null && doc.root() != null
          && doc.root().path("resources").size() > 0;
      if (declares) {
        sink.error(file.path(), "/resources", "a file under a .local path cannot declare database objects,"
            + " because local files are excluded from revisions; move these entries to a resources file"
            + " outside .local");
      }
      return false;
    }
    return true;
  }
}

package io.noemata.resources.validate;

import io.noemata.core.naming.Names;
import io.noemata.resources.catalog.Catalog;
import io.noemata.resources.catalog.CatalogException;
import io.noemata.resources.finding.Finding;
import io.noemata.resources.finding.Severity;
import io.noemata.resources.model.Entry;
import io.noemata.resources.model.ResourcesFile;
import io.noemata.resources.parse.FileNames;
import io.noemata.resources.parse.ReadResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Runs every check of the seed's Validation section over a read project. Offline it uses the files
 * alone; with a {@link Catalog} it also reports what the database cannot install. Never throws on
 * bad input: everything wrong is a {@link Finding}.
 */
public final class Validator {

  private Validator() {}

  /** Reads and validates the project at {@code root}; {@code catalog} null for offline checks only. */
  public static Report run(java.nio.file.Path root, Catalog catalog)
      throws io.noemata.resources.parse.NotAProjectException, CatalogException {
    return new Report(validate(io.noemata.resources.parse.ProjectReader.read(root), catalog), catalog != null);
  }

  /** All findings, reading's included, sorted by file and position. */
  public static List<Finding> validate(ReadResult read, Catalog catalog) throws CatalogException {
    Sink sink = new Sink(read.docs());
    Views views = FrameChecks.check(read.project(), sink);
    Set<String> unreadableFrames = unreadableFrames(read);
    Map<String, String> rollupObjects = new HashMap<>();
    for (ResourcesFile file : read.project().resources()) {
      if (!LocalFileChecks.check(file, read.docs().get(file.path()), sink)) {
        continue;
      }
      FileContext fc = new FileContext(file, sink);
      TableChecks.check(fc, views, unreadableFrames);
      ColumnChecks.check(fc);
      List<NameChecks.NameUse> uses = NameChecks.check(fc);
      RollupChecks.check(fc);
      Set<String> satisfied = catalog == null ? Set.of() : OnlineChecks.check(fc, catalog, uses);
      ColumnChecks.checkStoredTypes(fc, satisfied);
      rollupNames(fc, read.project().settings().namespace(), rollupObjects);
    }
    List<Finding> all = new ArrayList<>(read.findings());
    all.addAll(sink.findings());
    all.sort(null);
    return List.copyOf(all);
  }

  /**
   * A rollup installs as {@code <namespace>_rollup_<alias>_<key>} in its table's database; two
   * files declaring the same key on the same alias and database would install the same objects.
   */
  private static void rollupNames(FileContext fc, String namespace, Map<String, String> seen) {
    for (FileContext.Resolved r : fc.resolved.values()) {
      if (r.entry() instanceof Entry.Rollup rollup && r.view() != null) {
        String name = Names.stableView(namespace, r.view().table().alias(), rollup.key());
        String where = r.physical().database() + "." + name;
        String first = seen.putIfAbsent(where, fc.path());
        if (first != null && !first.equals(fc.path())) {
          fc.cannotInstall(rollup, null, first + " declares a rollup that also installs as "
              + where + "; rename this entry's key");
        }
      }
    }
  }

  /** Frame files that exist but did not read cleanly: their view does not compile. */
  private static Set<String> unreadableFrames(ReadResult read) {
    Set<String> out = new HashSet<>();
    for (Finding f : read.findings()) {
      if (f.severity() == Severity.ERROR && FileNames.isFrame(f.file())) {
        out.add(FileNames.frameId(f.file()));
      }
    }
    return out;
  }
}

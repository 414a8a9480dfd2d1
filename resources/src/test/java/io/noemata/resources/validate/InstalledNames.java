package io.noemata.resources.validate;

import io.noemata.core.expr.Canonical;
import io.noemata.core.expr.ExprException;
import io.noemata.core.expr.ExprParser;
import io.noemata.core.naming.Names;
import io.noemata.resources.model.Entry;
import io.noemata.resources.model.FrameTable;
import io.noemata.resources.model.Project;
import io.noemata.resources.model.ResourcesFile;
import io.noemata.resources.parse.ProjectReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * One line per object a project installs or reads: a stored column's {@code __nm_} name, a
 * rollup's {@code __<hash8>}, a frame measure's or scalar's canonical text. Sorted, so the list
 * is comparable across runs.
 */
final class InstalledNames {

  private InstalledNames() {}

  static List<String> of(Path root) throws Exception {
    Project project = ProjectReader.read(root).project();
    List<String> out = new ArrayList<>();
    for (var frame : new TreeMap<>(project.frames()).values()) {
      for (FrameTable t : new TreeMap<>(frame.tables()).values()) {
        for (var s : new TreeMap<>(t.scalars()).entrySet()) {
          out.add(frame.id() + " scalar " + s.getKey() + " " + canonical(s.getValue()));
        }
        for (var m : new TreeMap<>(t.measures()).entrySet()) {
          out.add(frame.id() + " measure " + m.getKey() + " " + canonical(m.getValue().expression()));
        }
      }
    }
    for (ResourcesFile file : project.resources()) {
      for (Entry e : file.entries()) {
        if (e instanceof Entry.Column c) {
          out.add(file.path() + " column " + c.key() + " " + Resolution.storedColumnName(c).orElse("-"));
        } else if (e instanceof Entry.Rollup r) {
          out.add(file.path() + " rollup " + r.key() + " "
              + Resolution.rollupShape(project, file, r).map(Names::rollupHash8).orElse("-"));
        }
      }
    }
    out.sort(null);
    return out;
  }

  private static String canonical(String text) {
    try {
      return Canonical.text(ExprParser.parse(text, ExprParser.Mode.AGGREGATE));
    } catch (ExprException e) {
      return "refused at " + e.offset();
    }
  }
}

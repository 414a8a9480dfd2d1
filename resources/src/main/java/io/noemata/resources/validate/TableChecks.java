package io.noemata.resources.validate;

import io.noemata.resources.model.Entry;
import io.noemata.resources.model.TableRef;
import java.util.Set;

/**
 * "The frame or the alias of table does not exist, or the frame's view does not compile."
 * Resolves each entry's {@code table} through the frame to its physical table.
 */
final class TableChecks {

  private TableChecks() {}

  static void check(FileContext fc, Views views, Set<String> unreadableFrames) {
    for (Entry e : fc.file.entries()) {
      if (e.table() instanceof TableRef.Physical p) {
        fc.resolved.put(e.key(), new FileContext.Resolved(e, p.name(), null));
        continue;
      }
      TableRef.ViewTable ref = (TableRef.ViewTable) e.table();
      if (unreadableFrames.contains(ref.frameId())) {
        fc.error(e, "table", "the view of frame '" + ref.frameId() + "' does not compile; fix the errors"
            + " reported in its frame file first");
        continue;
      }
      Views.FrameView frame = views.frames().get(ref.frameId());
      if (frame == null) {
        fc.error(e, "table", "frame '" + ref.frameId() + "' does not exist; a frame is a file @frames/"
            + ref.frameId().substring(1) + ".frame.json" + known(views.frames().keySet()));
        continue;
      }
      Views.ViewTable view = frame.tables().get(ref.alias());
      if (view == null) {
        fc.error(e, "table", "frame '" + ref.frameId() + "' has no table alias '" + ref.alias() + "'"
            + known(frame.tables().keySet()));
        continue;
      }
      if (!frame.compiles()) {
        fc.error(e, "table", "the view of frame '" + ref.frameId() + "' does not compile; fix the errors"
            + " reported in " + frame.frame().file() + " first");
        continue;
      }
      fc.resolved.put(e.key(), new FileContext.Resolved(e, view.table().table(), view));
    }
  }

  private static String known(Set<String> names) {
    if (names.isEmpty()) {
      return "";
    }
    return " (known: " + String.join(", ", new java.util.TreeSet<>(names)) + ")";
  }
}

package io.noemata.resources.validate;

import io.noemata.resources.model.Entry;
import io.noemata.resources.model.ResourcesFile;
import io.noemata.resources.model.TableRef;
import io.noemata.resources.parse.JsonDoc;
import java.util.Set;

/**
 * "The frame or the alias of table does not exist, or the frame's view does not compile."
 * Resolves each entry's {@code table} through the frame to its physical table.
 */
final class TableChecks {

  private TableChecks() {}

  static void check(FileContext fc, Views views, Set<String> unreadableFrames) {
    for (ResourcesFile.Incomplete e : fc.file.incomplete()) {
      if (e.table() instanceof TableRef.ViewTable ref) {
        resolve(fc, views, unreadableFrames, ref, JsonDoc.child("/resources", e.key())
            + "/" + e.kind() + "/table");
      }
    }
    for (Entry e : fc.file.entries()) {
      if (e.table() instanceof TableRef.Physical p) {
        fc.resolved.put(e.key(), new FileContext.Resolved(e, p.name(), null));
        continue;
      }
      Views.ViewTable view = resolve(fc, views, unreadableFrames, (TableRef.ViewTable) e.table(), FileContext.pointer(e, "table"));
      if (view != null) {
        fc.resolved.put(e.key(), new FileContext.Resolved(e, view.table().table(), view));
      }
    }
  }

  /** The view table {@code ref} names, or null after reporting at {@code pointer} why there is none. */
  private static Views.ViewTable resolve(FileContext fc, Views views, Set<String> unreadableFrames,
      TableRef.ViewTable ref, String pointer) {
    if (unreadableFrames.contains(ref.frameId())) {
      fc.sink.error(fc.path(), pointer, "the view of frame '" + ref.frameId() + "' does not compile; fix the errors"
          + " reported in its frame file first");
      return null;
    }
    Views.FrameView frame = views.frames().get(ref.frameId());
    if (frame == null) {
      fc.sink.error(fc.path(), pointer, "frame '" + ref.frameId() + "' does not exist; a frame is a file @frames/"
          + ref.frameId().substring(1) + ".frame.json" + known(views.frames().keySet()));
      return null;
    }
    Views.ViewTable view = frame.tables().get(ref.alias());
    if (view == null) {
      fc.sink.error(fc.path(), pointer, "frame '" + ref.frameId() + "' has no table alias '" + ref.alias() + "'"
          + known(frame.tables().keySet()));
      return null;
    }
    if (!frame.compiles()) {
      fc.sink.error(fc.path(), pointer, "the view of frame '" + ref.frameId() + "' does not compile; fix the errors"
          + " reported in " + frame.frame().file() + " first");
      return null;
    }
    return view;
  }

  private static String known(Set<String> names) {
    if (names.isEmpty()) {
      return "";
    }
    return " (known: " + String.join(", ", new java.util.TreeSet<>(names)) + ")";
  }
}

package io.noemata.resources.validate;

import io.noemata.core.expr.CanonicalExpr;
import io.noemata.resources.model.Frame;
import io.noemata.resources.model.FrameTable;
import java.util.Map;

/** The frames after {@link FrameChecks}: which compile, and their parsed scalars and measures. */
record Views(Map<String, FrameView> frames) {

  record FrameView(Frame frame, boolean compiles, Map<String, ViewTable> tables) {}

  /**
   * A view table with its expressions parsed; names whose expression did not parse are absent
   * from the maps (the frame then does not compile).
   */
  record ViewTable(String frameId, FrameTable table, Map<String, CanonicalExpr> rowScalars,
      Map<String, CanonicalExpr> aggregateScalars, Map<String, CanonicalExpr> measures) {

    String ref() {
      return frameId + "#" + table.alias();
    }
  }
}

package io.noemata.cli.advise;

import io.noemata.resources.model.Frame;
import io.noemata.resources.model.FrameTable;
import io.noemata.resources.model.PhysicalName;
import io.noemata.resources.model.Project;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The view tables of a project by the physical table they stand for: a resources entry names a
 * table as {@code <frame id>#<alias>}, and a rollup needs the view table's time column and measures.
 * When two view tables stand for one physical table, the first by frame id and alias is used.
 */
public final class FrameIndex {

  /** One view table: {@code frameId#alias}. */
  public record ViewTable(String frameId, String alias, FrameTable table) {
    public String ref() {
      return frameId + "#" + alias;
    }
  }

  private final Map<PhysicalName, ViewTable> byTable = new LinkedHashMap<>();

  public FrameIndex(Project project) {
    project.frames().values().stream().sorted(Comparator.comparing(Frame::id)).forEach(f ->
        f.tables().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e ->
            byTable.putIfAbsent(e.getValue().table(), new ViewTable(f.id(), e.getKey(), e.getValue()))));
  }

  public Optional<ViewTable> of(PhysicalName table) {
    return Optional.ofNullable(byTable.get(table));
  }
}

package io.noemata.resources.model;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** Everything a project directory declares: settings, frames by id, resources files. */
public record Project(Settings settings, Map<String, Frame> frames, List<ResourcesFile> resources) {

  public Project {
    Objects.requireNonNull(settings, "settings");
    frames = Map.copyOf(frames);
    resources = List.copyOf(resources);
  }

  /** The view table {@code frameId#alias}, if both exist. */
  public Optional<FrameTable> viewTable(String frameId, String alias) {
    Frame f = frames.get(frameId);
    return f == null ? Optional.empty() : Optional.ofNullable(f.tables().get(alias));
  }
}

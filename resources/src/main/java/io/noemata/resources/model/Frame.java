package io.noemata.resources.model;

import java.util.Map;
import java.util.Objects;

/**
 * A frame file: its id (the path under {@code @frames/} with {@code @} in front and no
 * {@code .frame.json}) and its view tables by alias.
 */
public record Frame(String id, String file, Map<String, FrameTable> tables) {

  public Frame {
    Objects.requireNonNull(id, "id");
    Objects.requireNonNull(file, "file");
    tables = Map.copyOf(tables);
  }
}

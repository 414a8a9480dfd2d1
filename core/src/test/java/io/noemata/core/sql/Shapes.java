package io.noemata.core.sql;

import java.lang.reflect.RecordComponent;
import java.util.List;
import java.util.Set;

/** A position-free description of a tree, to compare a node with the same text parsed again. */
final class Shapes {

  private static final Set<String> POSITIONS = Set.of("start", "end", "aliasStart", "aliasEnd");

  private Shapes() {}

  static String of(Object value) {
    if (value instanceof List<?> list) {
      StringBuilder b = new StringBuilder("[");
      for (Object o : list) {
        b.append(of(o)).append(';');
      }
      return b.append(']').toString();
    }
    if (value instanceof Record r) {
      StringBuilder b = new StringBuilder(r.getClass().getSimpleName()).append('{');
      for (RecordComponent c : r.getClass().getRecordComponents()) {
        if (POSITIONS.contains(c.getName())) {
          continue;
        }
        try {
          b.append(c.getName()).append('=').append(of(c.getAccessor().invoke(r))).append(',');
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException(e);
        }
      }
      return b.append('}').toString();
    }
    return String.valueOf(value);
  }
}

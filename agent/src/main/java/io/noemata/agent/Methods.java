package io.noemata.agent;

import java.lang.reflect.Method;
import java.util.NoSuchElementException;

/**
 * The method a fallback runs again (clickhouse-jdbc's protected executeQueryImpl/executeUpdateImpl),
 * found from the name and JVM descriptor the advice holds as constants.
 */
final class Methods {

  private Methods() {}

  static Method find(Class<?> type, String name, String descriptor) {
    for (Class<?> c = type; c != null; c = c.getSuperclass()) {
      for (Method m : c.getDeclaredMethods()) {
        if (m.getName().equals(name) && descriptor(m).equals(descriptor)) {
          m.setAccessible(true);
          return m;
        }
      }
    }
    throw new NoSuchElementException(type.getName() + "." + name + descriptor);
  }

  static String descriptor(Method m) {
    StringBuilder d = new StringBuilder("(");
    for (Class<?> p : m.getParameterTypes()) {
      d.append(p.descriptorString());
    }
    return d.append(')').append(m.getReturnType().descriptorString()).toString();
  }
}

package io.noemata.itest;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;

/**
 * A host application with its own (older) Jackson and Caffeine, run by {@code BundleIsolationIT}
 * with the noemata driver bundle on the same class path. It uses its libraries through reflection
 * (it is compiled against none of them) and then the driver; each prints where it was loaded from.
 *
 * <p>Arguments: the noemata JDBC URL and a query.
 */
public final class HostAppProbe {

  private HostAppProbe() {}

  public static void main(String[] args) throws Exception {
    Class<?> caffeine = Class.forName("com.github.benmanes.caffeine.cache.Caffeine");
    Object cache = caffeine.getMethod("build").invoke(caffeine.getMethod("newBuilder").invoke(null));
    Method put = cache.getClass().getMethod("put", Object.class, Object.class);
    put.setAccessible(true);
    put.invoke(cache, "k", "v");
    System.out.println("host caffeine from " + caffeine.getProtectionDomain().getCodeSource().getLocation());

    Class<?> mapperClass = Class.forName("com.fasterxml.jackson.databind.ObjectMapper");
    Object mapper = mapperClass.getConstructor().newInstance();
    Object json = mapperClass.getMethod("writeValueAsString", Object.class).invoke(mapper, java.util.Map.of("a", 1));
    System.out.println("host jackson " + mapperClass.getPackage().getImplementationVersion() + " wrote " + json);

    try (Connection c = DriverManager.getConnection(args[0], "default", "");
         Statement s = c.createStatement();
         ResultSet rs = s.executeQuery(args[1])) {
      rs.next();
      System.out.println("driver " + c.getClass().getName() + " from " + c.getClass().getProtectionDomain().getCodeSource().getLocation()
          + " answered " + rs.getString(1));
    }
  }
}

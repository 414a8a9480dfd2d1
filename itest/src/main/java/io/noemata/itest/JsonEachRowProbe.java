package io.noemata.itest;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Properties;

/**
 * An application with only the driver bundle and one JSON library (Jackson or Gson) on its class
 * path, run by {@code BundleIsolationIT}: it reads a JSONEachRow result with clickhouse-jdbc's parser
 * factory for that library and prints the values and where the library was loaded from.
 *
 * <p>Arguments: the noemata JDBC URL, the parser factory class name, a class of the JSON library.
 */
public final class JsonEachRowProbe {

  private JsonEachRowProbe() {}

  public static void main(String[] args) throws Exception {
    Properties p = new Properties();
    p.setProperty("user", "default");
    p.setProperty("password", "");
    p.setProperty("jdbc_json_parser_factory", args[1]);
    try (Connection c = DriverManager.getConnection(args[0], p);
         Statement s = c.createStatement();
         ResultSet rs = s.executeQuery("SELECT 1 AS num, 'test' AS str FORMAT JSONEachRow")) {
      while (rs.next()) {
        System.out.println("row num=" + rs.getInt("num") + " str=" + rs.getString("str"));
      }
    }
    System.out.println("json library from " + Class.forName(args[2]).getProtectionDomain().getCodeSource().getLocation());
  }
}

package io.noemata.driver;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class DriverRegistrationTest {

  @Test
  void serviceLoaderAndDriverManagerFindTheDriverForItsUrls() throws SQLException {
    assertTrue(ServiceLoader.load(Driver.class).stream().anyMatch(p -> p.type() == NoemataDriver.class));
    assertInstanceOf(NoemataDriver.class, DriverManager.getDriver("jdbc:noemata:clickhouse://localhost:8123/otel"));
    assertInstanceOf(NoemataDriver.class, DriverManager.getDriver("jdbc:noemata:ch://localhost:8123"));
    assertFalse(new NoemataDriver().acceptsURL("jdbc:clickhouse://localhost:8123"));
  }

  @Test
  void otherUrlsGiveNoConnectionAndBadSwitchesAnError() throws SQLException {
    assertNull(new NoemataDriver().connect("jdbc:clickhouse://localhost:8123", new Properties()));
    Properties p = new Properties();
    p.setProperty("noemata.rewrite", "sometimes");
    p.setProperty("password", "s3cret-pw");
    SQLException e = assertThrows(SQLException.class,
        () -> new NoemataDriver().connect("jdbc:noemata:clickhouse://127.0.0.1:1/otel", p));
    assertTrue(e.getMessage().contains("noemata.rewrite"), e.getMessage());
    assertFalse(e.getMessage().contains("s3cret-pw"));
  }
}

package io.noemata.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Properties;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

class DelegatePropertiesTest {

  @Test
  void everyPropertyReachesClickHouseJdbcAsTheObjectItIsExceptNoematasOwn() {
    Supplier<String> queryIds = () -> "id";
    Object marker = new Object();
    Properties defaults = new Properties();
    defaults.setProperty("user", "reader");
    Properties info = new Properties(defaults);
    info.put("jdbc_query_id_generator", queryIds);
    info.put("custom_object", marker);
    info.setProperty("compress", "false");
    info.setProperty("noemata.rewrite", "off");
    Properties ours = new Properties();
    ours.setProperty("noemata.rewrite", "on"); // from the URL: connect()'s properties win

    Properties theirs = NoemataDriver.delegateProperties(info, ours);

    assertSame(queryIds, theirs.get("jdbc_query_id_generator"));
    assertSame(marker, theirs.get("custom_object"));
    assertEquals("false", theirs.get("compress"));
    assertEquals("reader", theirs.getProperty("user"), "defaults are passed too");
    assertFalse(theirs.containsKey("noemata.rewrite"));
    assertEquals("off", ours.getProperty("noemata.rewrite"));
  }

  @Test
  void noPropertiesGiveNone() {
    assertEquals(0, NoemataDriver.delegateProperties(null, new Properties()).size());
  }
}

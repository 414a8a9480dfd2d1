package io.noemata.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class QueryParameterValuesTest {

  @Test
  void valuesComeFromTheUrlAndThePropertiesThatClickHouseJdbcSendsAsParamSettings() {
    Properties props = new Properties();
    props.setProperty("clickhouse_setting_param_to", "2024-06-10 14:00:00");
    props.setProperty("clickhouse_setting_param_svc", "cart");
    props.setProperty("clickhouse_setting_max_threads", "2");
    Map<String, String> values = QueryParameterValues.of("jdbc:clickhouse://h:8123/otel?clickhouse_setting_param_from="
        + "2024-06-10%2008%3A00%3A00&clickhouse_setting_param_svc=checkout&compress=0", props);
    assertEquals(Map.of("from", "2024-06-10 08:00:00", "to", "2024-06-10 14:00:00", "svc", "cart"), values);
  }

  @Test
  void settingsTheConnectionSendsThatChangeWhatARewriteMeansAreNamed() {
    Properties props = new Properties();
    props.setProperty("clickhouse_setting_additional_table_filters", "{'otel.otel_logs': 'ServiceName = \\'cart\\''}");
    props.setProperty("clickhouse_setting_max_threads", "2");
    assertEquals(java.util.Set.of("additional_table_filters", "session_timezone"), QueryParameterValues.meaningChanging(
        "jdbc:clickhouse://h:8123/otel?clickhouse_setting_session_timezone=Europe%2FBerlin&compress=0", props));
    assertEquals(java.util.Set.of(), QueryParameterValues.meaningChanging("jdbc:clickhouse://h:8123/otel", new Properties()));
  }
}

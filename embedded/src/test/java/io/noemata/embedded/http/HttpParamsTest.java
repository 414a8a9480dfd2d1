package io.noemata.embedded.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

class HttpParamsTest {

  @Test
  void protocolParametersAreNotSettings() {
    HttpParams p = HttpParams.parse("query_id=abc&compress=1&database=otel&max_threads=2&param_svc=a%20b&query=SELECT%201&password=secret");
    assertEquals("SELECT 1", p.get("query"));
    assertEquals("otel", p.get("database"));
    assertEquals(Map.of("max_threads", "2", "param_svc", "a b"), p.settings());
  }
}

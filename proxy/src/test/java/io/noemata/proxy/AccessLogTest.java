package io.noemata.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AccessLogTest {

  @Test
  void oneJsonLinePerStatement() {
    List<String> lines = new ArrayList<>();
    new AccessLog(lines::add).write(new AccessLog.Entry(Instant.parse("2026-12-02T14:06:10.708Z"), "127.0.0.1:5", "ana\"s",
        null, "POST", "/", "SELECT", "rewritten", List.of("rollup logs_1h", "column pod"), 200, 0, "ok", 12, 34, 0.0421,
        1.5, 2.25));
    assertEquals(List.of("{\"time\":\"2026-12-02T14:06:10.708Z\",\"remote\":\"127.0.0.1:5\",\"user\":\"ana\\\"s\","
        + "\"query_id\":null,\"method\":\"POST\",\"path\":\"/\",\"statement\":\"SELECT\",\"decision\":\"rewritten\","
        + "\"read\":[\"rollup logs_1h\",\"column pod\"],\"status\":200,\"code\":0,\"outcome\":\"ok\",\"request_bytes\":12,"
        + "\"response_bytes\":34,\"plan_ms\":0.042,\"first_byte_ms\":1.5,\"total_ms\":2.25}"), lines);
  }
}

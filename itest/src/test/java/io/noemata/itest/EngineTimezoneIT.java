package io.noemata.itest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Base64;

import org.junit.jupiter.api.Test;

/**
 * The server time zone as clients see it: {@code X-ClickHouse-Timezone} names the zone
 * {@code timezone()} answers, and on a UTC host the embedded engine calls it {@code UTC}, as a
 * ClickHouse server started with {@code TZ=UTC} (its image) does, not {@code Etc/UTC}.
 */
class EngineTimezoneIT {

  @Test
  void theHeaderAndTimezoneAgreeAndUtcIsCalledUtc() throws Exception {
    ClickHouseTarget target = ClickHouseTarget.get();
    HttpResponse<String> r = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(target.httpUrl()
        + "/?query=" + URLEncoder.encode("SELECT timezone()", StandardCharsets.UTF_8)))
        .header("Authorization", "Basic " + Base64.getEncoder().encodeToString((target.credentials().getProperty("user") + ":"
            + target.credentials().getProperty("password")).getBytes(StandardCharsets.UTF_8)))
        .build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, r.statusCode(), r.body());
    String header = r.headers().firstValue("X-ClickHouse-Timezone").orElseThrow();
    assertEquals(r.body().strip(), header);
    boolean utcHost = System.getenv("TZ") == null && ZoneId.systemDefault().normalized().equals(ZoneOffset.UTC);
    if (target.kind() == ClickHouseTarget.Kind.EMBEDDED && utcHost) {
      assertEquals("UTC", header);
    }
  }
}

package io.noemata.embedded.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.junit.jupiter.api.Test;

class RequestUserTest {

  private static String basic(String userAndPassword) {
    return "Basic " + Base64.getEncoder().encodeToString(userAndPassword.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void basicAuthenticationNamesTheUserAndItsPasswordIsNotKept() {
    assertEquals("analyst", RequestUser.of(null, basic("analyst:s3cret:with:colons"), null));
    assertEquals("analyst", RequestUser.of(null, basic("analyst"), null));
  }

  @Test
  void theHeaderComesFirstThenBasicThenTheParameter() {
    assertEquals("a", RequestUser.of("a", basic("b:"), "c"));
    assertEquals("b", RequestUser.of(" ", basic("b:"), "c"));
    assertEquals("c", RequestUser.of(null, "Bearer xyz", "c"));
  }

  @Test
  void noUserOrAnUnreadableOneIsTheDefault() {
    assertNull(RequestUser.of(null, null, null));
    assertNull(RequestUser.of(null, "Basic %%%", ""));
    assertNull(RequestUser.of(null, basic(":pw"), null));
  }
}

package io.noemata.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RequestFactsTest {

  private static HttpRequest request(String uri, String... headers) {
    HttpRequest r = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, uri);
    for (int i = 0; i < headers.length; i += 2) {
      r.headers().add(headers[i], headers[i + 1]);
    }
    return r;
  }

  @Test
  void readsTheParametersAsAServerDoes() {
    RequestFacts f = RequestFacts.of(request("/?query=SELECT+%7Bp%3AString%7D&param_p=pod%201&param_p=second&database=otel"
        + "&session_id=s1&max_threads=2&decompress=1&param_=x"));
    assertEquals("/", f.path());
    assertEquals("SELECT {p:String}", f.query());
    assertEquals(Map.of("p", "pod 1"), f.namedParameters(), "the first of a repeated name; param_ alone names nothing");
    assertEquals("otel", f.database());
    assertEquals("s1", f.sessionId());
    assertTrue(f.framedBody());
  }

  @Test
  void theDatabaseHeaderWinsOverTheParameter() {
    assertEquals("hdr", RequestFacts.of(request("/?database=param", "X-ClickHouse-Database", "hdr")).database());
    assertNull(RequestFacts.of(request("/ping")).database());
    assertEquals("/ping", RequestFacts.of(request("/ping")).path());
  }

  @Test
  void aRewriteReplacesOnlyTheStatementAndKeepsTheRestAsWritten() {
    RequestFacts f = RequestFacts.of(request("/?database=otel&query=SELECT%201&x=a%2Bb&decompress=1"));
    assertEquals("/?database=otel&query=SELECT%20pod%20%2B%201&x=a%2Bb&decompress=1", f.uriWith("SELECT pod + 1", false));
    assertEquals("/?database=otel&x=a%2Bb", f.uriWith(null, true), "a plain body: no query=, no decompress");
    assertEquals("/?query=SELECT%202", RequestFacts.of(request("/")).uriWith("SELECT 2", false));
  }

  @Test
  void credentialsInEachOfTheThreeStyles() {
    String basic = "Basic " + Base64.getEncoder().encodeToString("alice:s3cr:et".getBytes(StandardCharsets.UTF_8));
    Credentials b = RequestFacts.of(request("/", "Authorization", basic)).credentials();
    assertEquals(new Credentials("alice", "s3cr:et", true), b);
    Credentials h = RequestFacts.of(request("/?user=ignored", "X-ClickHouse-User", "bob", "X-ClickHouse-Key", "k")).credentials();
    assertEquals(new Credentials("bob", "k", true), h);
    Credentials p = RequestFacts.of(request("/?user=carol&password=pw")).credentials();
    assertEquals(new Credentials("carol", "pw", true), p);
    assertEquals(new Credentials("default", "", true), RequestFacts.of(request("/")).credentials());
    assertFalse(RequestFacts.of(request("/", "Authorization", "Bearer abc")).credentials().readable());
    assertFalse(b.toString().contains("s3cr"), "a password is never printed: " + b);
  }

  @Test
  void emptyPairsNamesWithoutValuesAndBrokenEscapesReadAsTheServerReadsThem() {
    RequestFacts f = RequestFacts.of(request("/?&&database=otel&&flag&query=a+b%2&session_id=&"));
    assertEquals("otel", f.database());
    assertEquals("", f.param("flag"), "a name without = has an empty value");
    assertEquals("a+b%2", f.query(), "a broken escape stays as written, + included");
    assertNull(f.sessionId(), "an empty session_id is none");
    assertEquals("/?database=otel&flag&query=SELECT%201&session_id=", f.uriWith("SELECT 1", false), "empty pairs are dropped, the rest forwarded as written");
    assertEquals("a b", RequestFacts.of(request("/?query=a+b")).query(), "+ is a space");
  }
}

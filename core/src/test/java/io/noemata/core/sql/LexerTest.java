package io.noemata.core.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class LexerTest {

  private static String kinds(String sql) {
    return Lexer.significant(sql).stream().map(t -> t.kind() + ":" + t.text()).collect(Collectors.joining(" "));
  }

  @ParameterizedTest
  @ValueSource(strings = {
    "SELECT `a``b`, \"c\"\"d\", 'e\\'f''g' FROM t -- tail",
    "/* outer /* inner */ still */ SELECT 1 # comment\n#! shebang",
    "SELECT {p:DateTime64(3)}, ?, $tag$ it's $$ $tag$, 0x1F, 1e-3, .5, t.1",
    "SELECT 'unterminated",
    "SELECT x -> x + 1, a::String, a <=> b, a || b",
  })
  void tokensCoverTheTextExactly(String sql) {
    String joined = Lexer.tokenize(sql).stream().map(Token::text).collect(Collectors.joining());
    assertEquals(sql, joined);
    int pos = 0;
    for (Token t : Lexer.tokenize(sql)) {
      assertEquals(pos, t.start(), "tokens are contiguous");
      assertEquals(t.text(), sql.substring(t.start(), t.end()));
      pos = t.end();
    }
  }

  @Test
  void hexEscapesInStringsAreResolved() {
    assertEquals("A-B", Literals.unquote("'\\x41-\\x42'"));
    assertEquals("x4", Literals.unquote("'\\x4'"));
  }

  @Test
  void stringsWithBothEscapeStylesAreOneToken() {
    assertEquals("WORD:SELECT STRING:'a\\'b''c' SYMBOL:, WORD:x", kinds("SELECT 'a\\'b''c', x"));
    assertEquals("a'b'c", Literals.unquote("'a\\'b''c'"));
  }

  @Test
  void quotedIdentifiersKeepDotsAndResolveEscapes() {
    List<Token> tokens = Lexer.significant("`__otel_materialized_k8s.pod.name` \"Severity\"\"Text\"");
    assertEquals("__otel_materialized_k8s.pod.name", tokens.get(0).identifier());
    assertEquals("Severity\"Text", tokens.get(1).identifier());
  }

  @Test
  void commentsNestAndHashNeedsSpaceOrBang() {
    assertEquals("WORD:SELECT NUMBER:1", kinds("/* a /* b */ c */ SELECT 1 -- x"));
    assertEquals("WORD:SELECT NUMBER:1", kinds("SELECT 1 # note"));
    assertEquals(TokenKind.ERROR, Lexer.tokenize("/* open").get(0).kind(), "an unterminated comment is unreadable, not a comment");
  }

  @Test
  void parametersAndNumbers() {
    assertEquals("WORD:SELECT PARAMETER:{from:DateTime} SYMBOL:, PARAMETER:? SYMBOL:, NUMBER:0x1F SYMBOL:, NUMBER:1.5e-3 SYMBOL:, NUMBER:.5",
        kinds("SELECT {from:DateTime}, ?, 0x1F, 1.5e-3, .5"));
    assertEquals("WORD:map SYMBOL:( STRING:'a' SYMBOL:, NUMBER:1 SYMBOL:)", kinds("map('a', 1)"));
    assertEquals("WORD:t SYMBOL:. NUMBER:1", kinds("t.1"), "tuple element access is not a number .1");
  }

  @Test
  void braceParametersTakeNestedAndQuotedTypes() {
    assertEquals("PARAMETER:{from:DateTime64(9)} SYMBOL:, PARAMETER:{tz:Nullable(DateTime('UTC'))}"
        + " SYMBOL:, PARAMETER:{ids:Array(LowCardinality(String))} SYMBOL:, PARAMETER:{ svc : String }"
        + " SYMBOL:, PARAMETER:{e:Enum8('}' = 1)}",
        kinds("{from:DateTime64(9)}, {tz:Nullable(DateTime('UTC'))}, {ids:Array(LowCardinality(String))},"
            + " { svc : String }, {e:Enum8('}' = 1)}"));
  }

  @ParameterizedTest
  @ValueSource(strings = {
    "{'a': 1}", "{a: 1}", "{ts '2024-01-01 00:00:00'}", "{d '2024-01-01'}", "{fn now()}", "{a:String",
    "{a:Array(String}", "{a:String /* c */}", "{1a:String}", "{a:String)}",
  })
  void otherBracesAreNotParameters(String sql) {
    assertEquals("SYMBOL:{", kinds(sql).split(" ")[0], sql);
  }

  @Test
  void heredocIsOneString() {
    assertEquals("WORD:SELECT STRING:$x$it's$x$", kinds("SELECT $x$it's$x$"));
    assertEquals("it's", Literals.unquote("$x$it's$x$"));
  }

  @Test
  void quotingRoundTrips() {
    for (String s : List.of("plain", "it's", "back\\slash", "new\nline", "tick`", "")) {
      assertEquals(s, Literals.unquote(Literals.string(s)));
      assertEquals(s, Literals.unquote(Literals.identifier(s)));
      assertEquals(s, Lexer.significant(Literals.identifier(s)).get(0).identifier());
    }
  }
}

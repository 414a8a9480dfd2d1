package io.noemata.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The house rule "behaviour decided by types and codes, never by matching message text", checked
 * over the main code of every module: no test of a message's or refusal's text, and no switch over
 * a reason, message or refusal with string labels. A rewording must never change what happens.
 */
class NoMessageMatchingTest {

  /** A message's text compared or searched: {@code e.getMessage().contains(..)}, {@code f.message().startsWith(..)}. */
  private static final Pattern TEXT_TEST = Pattern.compile(
      "(\\.(getMessage|getLocalizedMessage|message|refusal|reason)\\(\\)|\\b(?i:reason|message|refusal|msg))\\s*\\.\\s*"
          + "(startsWith|endsWith|contains|equals|equalsIgnoreCase|matches|indexOf|regionMatches)\\s*\\(");

  /** {@code switch (reason)} (or message, refusal, error text) whose labels are strings. */
  private static final Pattern TEXT_SWITCH = Pattern.compile(
      "switch\\s*\\(\\s*([\\w.]*(?i:reason|message|refusal|msg|error|why)[\\w.]*(\\(\\))?)\\s*\\)\\s*\\{");

  /**
   * Text tests that only shape text, each with its reason: a file and the matched text. The
   * embedded engine's HTTP front writes an error as ClickHouse does, adding the "Code: N." prefix
   * only where chDB's message lacks it (the same message either way; no behaviour follows).
   */
  private static final java.util.Map<String, String> PRESENTATION_ONLY = java.util.Map.of(
      "embedded/src/main/java/io/noemata/embedded/http/QueryHandler.java", "message.startsWith(");

  static List<String> offences(String source) {
    List<String> out = new ArrayList<>();
    Matcher m = TEXT_TEST.matcher(source);
    while (m.find()) {
      out.add(line(source, m.start()) + ": " + m.group());
    }
    Matcher s = TEXT_SWITCH.matcher(source);
    while (s.find()) {
      String body = source.substring(s.end(), Math.min(source.length(), s.end() + 400));
      if (Pattern.compile("^\\s*case\\s+\"").matcher(body).find()) {
        out.add(line(source, s.start()) + ": " + s.group() + " with string labels");
      }
    }
    return out;
  }

  private static int line(String source, int offset) {
    return (int) source.substring(0, offset).chars().filter(c -> c == '\n').count() + 1;
  }

  @Test
  void theDetectorSeesEachPattern() {
    assertEquals(1, offences("if (f.message().startsWith(\"cannot be installed\")) {}").size());
    assertEquals(1, offences("if (e.getMessage().contains(\"Code: 60\")) {}").size());
    assertEquals(1, offences("boolean b = e.getMessage() . equals(x);").size());
    assertEquals(1, offences("String reason = parsed.refusal(); if (reason.equals(\"typed literal\")) {}").size());
    assertEquals(1, offences("switch (reason) {\n  case \"typed literal\" -> x();\n}").size());
    assertEquals(1, offences("switch (parsed.refusal()) { case \"a\": break; }").size());
    assertEquals(0, offences("switch (reason) {\n  case TABLE_NOT_ALONE:\n    return \"x\";\n}").size(), "an enum switch");
    assertEquals(0, offences("switch (name) { case \"count\" -> 1; }").size(), "a switch over SQL names");
    assertEquals(0, offences("String m = e.getMessage(); log(m);").size());
  }

  @Test
  void noMainCodeDecidesByMessageText() throws IOException {
    Path root = Path.of("").toAbsolutePath().getParent();
    List<Path> mains;
    try (Stream<Path> modules = Files.list(root)) {
      mains = modules.map(m -> m.resolve("src/main/java")).filter(Files::isDirectory).sorted().toList();
    }
    assertTrue(mains.size() >= 10, "modules found under " + root + ": " + mains);
    List<String> found = new ArrayList<>();
    int files = 0;
    for (Path main : mains) {
      try (Stream<Path> walk = Files.walk(main)) {
        for (Path p : walk.filter(f -> f.toString().endsWith(".java")).toList()) {
          files++;
          String file = root.relativize(p).toString().replace('\\', '/');
          for (String o : offences(read(p))) {
            if (!o.endsWith(": " + PRESENTATION_ONLY.get(file))) {
              found.add(file + ":" + o);
            }
          }
        }
      }
    }
    assertTrue(files > 100, "java files read: " + files);
    assertEquals(List.of(), found, "decide by a code or a type, not by the text of a message");
  }

  private static String read(Path p) {
    try {
      return Files.readString(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}

package io.noemata.proxy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLWarning;
import org.junit.jupiter.api.Test;

class ProvenanceHeaderTest {

  @Test
  void nothingToSayIsNoHeader() {
    assertNull(ProvenanceHeader.of(null));
  }

  @Test
  void warningsBecomeAJsonArrayInOrder() {
    SQLWarning w = new SQLWarning("noemata: read stored column `pod` for attrs['k8s.pod.name'] on db.logs", "01N11", 9111);
    w.setNextWarning(new SQLWarning("noemata: skipped rollup \"x\" for db.logs: a\\b", "01N22", 9122));
    assertEquals("[{\"sqlState\":\"01N11\",\"code\":9111,\"message\":\"noemata: read stored column `pod` for"
        + " attrs['k8s.pod.name'] on db.logs\"},{\"sqlState\":\"01N22\",\"code\":9122,\"message\":\"noemata: skipped"
        + " rollup \\\"x\\\" for db.logs: a\\\\b\"}]", ProvenanceHeader.of(w));
  }

  @Test
  void everythingButPrintableAsciiIsEscaped() {
    String h = ProvenanceHeader.of(new SQLWarning("zählung\nüber\t\u2028 \uD83D\uDE00", "01N12", 9112));
    assertEquals("[{\"sqlState\":\"01N12\",\"code\":9112,\"message\":\"z\\u00e4hlung\\n\\u00fcber\\t\\u2028 \\ud83d\\ude00\"}]", h);
    assertTrue(h.chars().allMatch(c -> c >= 0x20 && c < 0x7f));
  }

  @Test
  void aLongChainIsCutWithANoteUnderTheLimit() {
    SQLWarning head = new SQLWarning("m0 " + "x".repeat(900), "01N22", 9122);
    SQLWarning tail = head;
    for (int i = 1; i < 40; i++) {
      SQLWarning w = new SQLWarning("m" + i + " " + "x".repeat(900), "01N22", 9122);
      tail.setNextWarning(w);
      tail = w;
    }
    String h = ProvenanceHeader.of(head);
    assertTrue(h.length() <= ProvenanceHeader.MAX_CHARS, h.length() + " characters");
    assertTrue(h.startsWith("[{\"sqlState\":\"01N22\",\"code\":9122,\"message\":\"m0 "), h.substring(0, 60));
    assertTrue(h.matches("(?s).*more provenance entries left out.*\\}\\]$"), h.substring(h.length() - 200));
    int kept = h.split("\"message\":\"m").length - 1;
    assertTrue(h.contains("noemata: " + (40 - kept) + " more provenance entries left out"), h.substring(h.length() - 200));
  }
}

package io.noemata.embedded;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalClusterTest {

  @Test
  void theConfigSetsTheTcpPortAndTwoShardsOnIt() throws Exception {
    assertEquals("  <tcp_port>19000</tcp_port>\n  <remote_servers>\n    <two_local>\n"
        + "      <shard><replica><host>127.0.0.1</host><port>19000</port></replica></shard>\n"
        + "      <shard><replica><host>localhost</host><port>19000</port></replica></shard>\n"
        + "    </two_local>\n  </remote_servers>\n", new LocalCluster("two_local", 19000).configXml());
  }

  @Test
  void theEngineConfigHoldsTheClusterAndTheUsersConfig(@TempDir Path dir) throws Exception {
    Path users = Files.writeString(dir.resolve("users.xml"), "<clickhouse/>");
    String xml = Files.readString(EngineConfig.write(dir, users, new LocalCluster("c", 9001)));
    assertTrue(xml.startsWith("<clickhouse>\n  <users_config>" + users + "</users_config>\n  <tcp_port>9001</tcp_port>"),
        xml);
    assertEquals("<clickhouse>\n</clickhouse>\n", Files.readString(EngineConfig.write(dir, null, null)));
  }

  @Test
  void aNameMustBeAPlainIdentifierAndAPortAPort() {
    assertThrows(EngineException.class, () -> new LocalCluster("two local", 9000));
    assertThrows(EngineException.class, () -> new LocalCluster("<x>", 9000));
    assertThrows(EngineException.class, () -> new LocalCluster("ok", 0));
    int port = LocalCluster.onFreePort("two_local").tcpPort();
    assertTrue(port > 0 && port <= 65535, Integer.toString(port));
  }
}

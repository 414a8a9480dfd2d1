package io.noemata.installer.grants;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class GrantsTest {

  @Test
  void allOnEverythingIsEnough() {
    assertEquals(List.of(), Grants.missing(List.of("GRANT ALL ON *.* TO default WITH GRANT OPTION"), Set.of("otel"),
        "default"));
  }

  @Test
  void readOnlyUserGetsEveryMissingGrantListed() {
    assertEquals(List.of(
        "GRANT INSERT ON otel.* TO reader", "GRANT ALTER TABLE ON otel.* TO reader",
        "GRANT CREATE TABLE ON otel.* TO reader", "GRANT CREATE VIEW ON otel.* TO reader",
        "GRANT DROP TABLE ON otel.* TO reader", "GRANT DROP VIEW ON otel.* TO reader"),
        Grants.missing(List.of("GRANT SELECT ON otel.* TO reader"), Set.of("otel"), "reader"));
  }

  @Test
  void parentPrivilegesAndOtherDatabases() {
    List<String> lines = List.of("GRANT SELECT, INSERT, ALTER, CREATE ON otel.* TO u",
        "GRANT DROP TABLE, DROP VIEW ON `otel`.* TO u", "GRANT SELECT ON other.t TO u");
    assertEquals(List.of(), Grants.missing(lines, Set.of("otel"), "u"));
    assertEquals(7, Grants.missing(lines, Set.of("other"), "u").size());
  }

  @Test
  void aPartialRevokeTakesThePrivilegeAway() {
    List<String> lines = List.of("GRANT ALL ON *.* TO u", "REVOKE DROP TABLE ON otel.* FROM u");
    assertEquals(List.of("GRANT DROP TABLE ON otel.* TO u"), Grants.missing(lines, Set.of("otel"), "u"));
  }

  @Test
  void columnListsDoNotHidePrivileges() {
    assertEquals(List.of("SELECT", "INSERT"), List.copyOf(
        Grants.privileges("SELECT(a, b), INSERT")));
  }
}

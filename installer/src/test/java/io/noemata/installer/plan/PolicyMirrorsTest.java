package io.noemata.installer.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.system.SystemRowPolicy;
import io.noemata.installer.ddl.Placement;
import io.noemata.installer.ddl.RowPolicyDdl;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which source policies go onto a rollup's target, and how the mirror is spelled. */
class PolicyMirrorsTest {

  static final List<String> DIMENSIONS = List.of("ServiceName", "SeverityText");

  static SystemRowPolicy policy(String name, String filter) {
    return new SystemRowPolicy("otel", "otel_logs", name, filter, false, false, List.of("analyst"), List.of());
  }

  @Test
  void aConditionOverDimensionsIsMirroredUnderTheNamespacesName() {
    PolicyMirrors.Decision d = PolicyMirrors.of("noemata", List.of(policy("tenant", "ServiceName IN ('a', 'b')"),
        policy("errors", "(SeverityText = 'ERROR') OR has(currentRoles(), 'ops')")), DIMENSIONS);
    assertEquals(List.of("noemata_mirror_tenant", "noemata_mirror_errors"), d.mirrors().stream().map(PolicyMirrors.Mirror::name).toList());
    assertTrue(d.notMirrored().isEmpty(), d.notMirrored().toString());
  }

  @Test
  void aConditionOverAnotherColumnASubqueryARandomFunctionOrNobodyIsNotMirrored() {
    List<SystemRowPolicy> policies = List.of(policy("sev", "SeverityNumber >= 13"),
        policy("sub", "ServiceName IN (SELECT name FROM otel.allowed)"), policy("sample", "rand() % 2 = 0"),
        new SystemRowPolicy("otel", "otel_logs", "none", "ServiceName = 'a'", false, false, List.of(), List.of()));
    PolicyMirrors.Decision d = PolicyMirrors.of("noemata", policies, DIMENSIONS);
    assertTrue(d.mirrors().isEmpty(), d.mirrors().toString());
    assertEquals(4, d.notMirrored().size(), d.notMirrored().toString());
    assertTrue(d.notMirrored().get(0).contains("reads SeverityNumber, which the rollup does not keep as a dimension"),
        d.notMirrored().get(0));
    assertTrue(d.notMirrored().stream().allMatch(w -> w.endsWith("the users it applies to read the table")));
  }

  @Test
  void theMirrorHasTheSourcesConditionKindAndUsers() {
    SystemRowPolicy all = new SystemRowPolicy("otel", "otel_logs", "p", "ServiceName != 'cart'", true, true, List.of(),
        List.of("admin", "ops team"));
    PolicyMirrors.Mirror m = PolicyMirrors.of("noemata", List.of(all), DIMENSIONS).mirrors().get(0);
    assertEquals("CREATE ROW POLICY OR REPLACE `noemata_mirror_p` ON `otel`.`noemata_rollup_logs_x__12345678` FOR SELECT"
        + " USING ServiceName != 'cart' AS RESTRICTIVE TO ALL EXCEPT `admin`, `ops team`",
        RowPolicyDdl.create(m, "otel", "noemata_rollup_logs_x__12345678", Placement.SINGLE));
    assertEquals("DROP ROW POLICY IF EXISTS `noemata_mirror_p` ON `otel`.`t`", RowPolicyDdl.drop("noemata_mirror_p", "otel", "t",
        Placement.SINGLE));
  }
}

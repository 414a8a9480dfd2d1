package io.noemata.installer.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.expr.Canonical;
import io.noemata.core.expr.ExprParser;
import io.noemata.core.ledger.LedgerRow;
import io.noemata.core.ledger.LedgerState;
import io.noemata.core.naming.Names;
import io.noemata.installer.ddl.Placement;
import io.noemata.installer.ledger.Rows;
import io.noemata.installer.plan.Change.Verb;
import io.noemata.resources.model.PhysicalName;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The plan as a function of declarations, what the server reports and the ledger: every verb,
 * decided without a server (the itests show the same against the embedded engine).
 */
class PlannerTest {

  static final Instant NOW = Instant.parse("2026-06-01T12:00:00Z");
  static final PhysicalName SPANS = new PhysicalName("traces", "otel_traces");
  static final String EXPRESSION = canonical("lower(SpanAttributes['http.route'])");
  static final Accelerator.StoredColumn ROUTE = new Accelerator.StoredColumn("route", "t.resources.json", SPANS,
      "__nm_aaaaaaaaaaaaaaaa", false, EXPRESSION, "String", false, "{\"kind\":\"column\"}", Optional.empty());
  static final Accelerator.SkipIndex ROUTE_SET = new Accelerator.SkipIndex("route_set", "t.resources.json", SPANS,
      "__nm_bbbbbbbbbbbbbbbb", false, ROUTE.object(), "set(100) GRANULARITY 2", "{\"kind\":\"index\"}",
      Optional.empty());

  static String canonical(String sql) {
    try {
      return Canonical.text(ExprParser.parse(sql, ExprParser.Mode.ROW));
    } catch (io.noemata.core.expr.ExprException e) {
      throw new AssertionError(e);
    }
  }

  /** The per-minute span count by route: {@code hash8} and {@code retention} vary its shape. */
  static Accelerator.Rollup spansByRoute(String hash8, long retention) {
    String target = Names.rollupTarget("noemata", "spans", "by_route_1m", hash8);
    return new Accelerator.Rollup("by_route_1m", "t.resources.json", SPANS, target, false, "spans", hash8,
        Names.stableView("noemata", "spans", "by_route_1m"), Names.materializedView(target), SPANS, "Timestamp",
        "Timestamp", 60, retention, List.of(new Accelerator.Dimension(ROUTE.object(), "String")),
        List.of(new StoredMeasure("Spans", "count()", "Spans", "SimpleAggregateFunction(sum, UInt64)", "sum",
            "count()", "sum(__src.`Spans`)")), null, "{\"kind\":\"rollup\",\"hash\":\"" + hash8 + "\"}",
        Optional.empty(), false);
  }

  static LedgerRow row(Accelerator a, LedgerState state) {
    return Rows.of(a, "noemata", "r1", state, NOW);
  }

  static Plan plan(List<Accelerator> declared, ServerState server, LedgerRow... ledger) {
    return plan(NOW, declared, server, ledger);
  }

  static Plan plan(Instant now, List<Accelerator> declared, ServerState server, LedgerRow... ledger) {
    return Planner.plan(new Declarations.Result("noemata", declared, List.of()), server, List.of(ledger), now,
        DELAY);
  }

  static final Duration DELAY = Duration.ofSeconds(30);

  /** The cutover a change's materialized view is shown with. */
  static Instant shownCutover(Change c) {
    Matcher m = Pattern.compile("CREATE MATERIALIZED VIEW(?s).*?>= toDateTime\\((\\d+), 'UTC'\\)")
        .matcher(String.join("\n", c.ddl()));
    assertTrue(m.find(), c.ddl().toString());
    return Instant.ofEpochSecond(Long.parseLong(m.group(1)));
  }

  /** {@code r} per hour, fed from {@code r}'s target. */
  static Accelerator.Rollup hourlyFrom(Accelerator.Rollup r) {
    String target = Names.rollupTarget("noemata", "spans", "by_route_1h", r.hash8());
    return new Accelerator.Rollup("by_route_1h", r.file(), r.table(), target, false, r.alias(), r.hash8(),
        Names.stableView("noemata", "spans", "by_route_1h"), Names.materializedView(target),
        new PhysicalName(r.table().database(), r.object()), "bucket", "bucket", 3600, 0, r.dimensions(),
        r.measures(), r.key(), "{\"kind\":\"rollup\",\"hour\":true}", Optional.empty(), false);
  }

  static Change only(Plan p) {
    assertEquals(1, p.changes().size(), p.text());
    return p.changes().get(0);
  }

  @Test
  void aDeclarationTheLedgerHasNotSeenIsAddedWithItsStatements() {
    Plan p = plan(List.of(ROUTE, ROUTE_SET), ServerFixture.with().single());
    assertEquals(List.of(Verb.ADD, Verb.ADD), p.changes().stream().map(Change::verb).toList(), p.text());
    assertTrue(p.changes().get(0).ddl().get(0).contains("ADD COLUMN IF NOT EXISTS `__nm_aaaaaaaaaaaaaaaa`"), p.text());
    assertTrue(p.changes().get(1).ddl().get(0).contains("ADD INDEX IF NOT EXISTS `__nm_bbbbbbbbbbbbbbbb`"), p.text());
    assertEquals(Set.of("traces"), p.databases());
    assertFalse(p.isNoop());
  }

  @Test
  void whatTheLedgerHasReadyAndTheServerHasAsInstalledIsKept() {
    Accelerator.Rollup r = spansByRoute("0a0b0c0d", 0);
    Plan p = plan(List.of(ROUTE, ROUTE_SET, r), ServerFixture.with(ROUTE, ROUTE_SET, r).single(),
        row(ROUTE, LedgerState.READY), row(ROUTE_SET, LedgerState.READY), row(r, LedgerState.READY));
    assertTrue(p.isNoop(), p.text());
    assertTrue(p.changes().stream().allMatch(c -> c.ddl().isEmpty()), p.text());
    assertTrue(p.text().contains("Nothing to do"), p.text());
  }

  @Test
  void aNewRollupShapeChangesTheAcceleratorAndRetiresThePreviousTarget() {
    Accelerator.Rollup before = spansByRoute("0a0b0c0d", 0);
    Accelerator.Rollup after = spansByRoute("1a1b1c1d", 0);
    Plan p = plan(List.of(after), ServerFixture.with(before).single(), row(before, LedgerState.READY));
    assertEquals(List.of(Verb.CHANGE, Verb.RETIRE), p.changes().stream().map(Change::verb).toList(), p.text());
    assertEquals(after.object(), p.changes().get(0).object());
    assertEquals("the declaration changed; the previous object retires", p.changes().get(0).reason());
    assertEquals(before.object(), p.changes().get(1).object());
    assertTrue(p.changes().get(1).reason().contains("its materialized view keeps writing"), p.text());
  }

  @Test
  void aNewRetentionChangesTheTtlInPlace() {
    Accelerator.Rollup before = spansByRoute("0a0b0c0d", 0);
    Accelerator.Rollup after = spansByRoute("0a0b0c0d", 86_400);
    Change c = only(plan(List.of(after), ServerFixture.with(before).single(), row(before, LedgerState.READY)));
    assertEquals(Verb.CHANGE, c.verb());
    assertEquals("retention the table's -> 86400s: the TTL is updated in place", c.reason());
    assertEquals(List.of("ALTER TABLE `traces`.`" + after.object() + "` MODIFY TTL `bucket` + INTERVAL 86400 SECOND"),
        c.ddl());
  }

  @Test
  void aMissingColumnIndexOrRollupObjectIsDriftAndRepaired() {
    Accelerator.Rollup r = spansByRoute("0a0b0c0d", 0);
    ServerFixture server = ServerFixture.with(ROUTE, ROUTE_SET, r);
    server.columns.remove("traces.otel_traces." + ROUTE.object());
    server.indexes.clear();
    server.tables.remove("traces." + r.materializedView());
    Plan p = plan(List.of(ROUTE, ROUTE_SET, r), server.single(), row(ROUTE, LedgerState.READY),
        row(ROUTE_SET, LedgerState.READY), row(r, LedgerState.READY));
    assertTrue(p.changes().stream().allMatch(c -> c.verb() == Verb.REPAIR), p.text());
    assertEquals(List.of("column __nm_aaaaaaaaaaaaaaaa is missing", "index __nm_bbbbbbbbbbbbbbbb is missing",
        "materialized view " + r.materializedView() + " is missing"),
        p.changes().stream().map(Change::reason).toList());
    assertFalse(p.changes().get(0).ddl().isEmpty(), "a repair shows the statements that reinstall it");
  }

  @Test
  void driftIsComparedInTheServersOwnWords() {
    Accelerator.Rollup r = spansByRoute("0a0b0c0d", 0);
    ServerFixture server = ServerFixture.with(ROUTE, r);
    // the same expression as the server prints it is not drift; another one is
    server.columns.put("traces.otel_traces." + ROUTE.object(),
        ServerFixture.column("otel_traces", ROUTE.object(), "MATERIALIZED", "lower(SpanAttributes['http.route'])"));
    server.tables.put("traces." + r.materializedView(), "CREATE MATERIALIZED VIEW edited by hand");
    Plan p = plan(List.of(ROUTE, r), server.single(), row(ROUTE, LedgerState.READY), row(r, LedgerState.READY));
    assertEquals(Verb.KEEP, p.changes().get(0).verb(), p.text());
    assertEquals("materialized view " + r.materializedView() + " changed on the server", p.changes().get(1).reason());

    server.columns.put("traces.otel_traces." + ROUTE.object(), ServerFixture.column("otel_traces", ROUTE.object(), "", ""));
    Change c = plan(List.of(ROUTE), server.single(), row(ROUTE, LedgerState.READY)).changes().get(0);
    assertEquals("column __nm_aaaaaaaaaaaaaaaa of otel_traces is not MATERIALIZED", c.reason());
  }

  @Test
  void onAClusterAnObjectSomeServerLacksIsDrift() {
    Placement cluster = new Placement(Optional.of("prod"), true, 3, Set.of());
    ServerFixture server = ServerFixture.with(ROUTE_SET);
    server.uneven.add("traces.otel_traces." + ROUTE_SET.object());
    Change c = only(plan(List.of(ROUTE_SET), server.on(cluster), row(ROUTE_SET, LedgerState.READY)));
    assertEquals(Verb.REPAIR, c.verb());
    assertEquals("index __nm_bbbbbbbbbbbbbbbb is missing or different on some server of cluster prod", c.reason());
    assertTrue(c.ddl().get(0).contains(" ON CLUSTER `prod` "), c.ddl().toString());
  }

  @Test
  void anInstallationThatStoppedResumesInTheStateItReached() {
    Accelerator.Rollup r = spansByRoute("0a0b0c0d", 0);
    for (LedgerState stopped : List.of(LedgerState.INSTALLING, LedgerState.BACKFILLING)) {
      Change c = only(plan(List.of(r), ServerFixture.with().single(), row(r, stopped)));
      assertEquals(Verb.RESUME, c.verb());
      assertEquals("a previous installation stopped while " + stopped.text(), c.reason());
    }
  }

  @Test
  void aQuarantinedRollupIsRepairedDayByDay() {
    Accelerator.Rollup r = spansByRoute("0a0b0c0d", 0);
    LedgerRow quarantined = row(r, LedgerState.READY).withQuarantine(LedgerState.QUARANTINED, "bucket 12:00 Spans",
        List.of(java.time.LocalDate.parse("2026-05-31")), NOW, 2);
    Change c = only(plan(List.of(r), ServerFixture.with(r).single(), quarantined));
    assertEquals(Verb.REPAIR, c.verb());
    assertEquals("quarantined (bucket 12:00 Spans): re-backfills [2026-05-31]", c.reason());
  }

  @Test
  void whatIsNoLongerDeclaredRetiresOnceAndPrunedRowsStayHistory() {
    Accelerator.Rollup r = spansByRoute("0a0b0c0d", 0);
    Plan p = plan(List.of(), ServerFixture.with(ROUTE, r).single(), row(ROUTE, LedgerState.READY),
        row(r, LedgerState.BACKFILLING));
    assertEquals(List.of(Verb.RETIRE, Verb.RETIRE), p.changes().stream().map(Change::verb).toList(), p.text());
    assertEquals("no longer declared; kept for 7 days", p.changes().get(0).reason());
    assertEquals(null, p.changes().get(0).accelerator());

    Plan again = plan(List.of(), ServerFixture.with(ROUTE).single(), row(ROUTE, LedgerState.RETIRED),
        row(r, LedgerState.PRUNED));
    assertTrue(again.changes().isEmpty(), again.text());
  }

  @Test
  void aRetiredAcceleratorDeclaredAgainCancelsItsRetirementAndSaysWhatDrifted() {
    Accelerator.Rollup r = spansByRoute("0a0b0c0d", 0);
    ServerFixture server = ServerFixture.with(ROUTE, r);
    Change c = only(plan(List.of(r), server.single(), row(r, LedgerState.RETIRED)));
    assertEquals(Verb.CANCEL_RETIREMENT, c.verb());
    assertEquals("declared again", c.reason());
    server.tables.remove("traces." + r.stableView());
    c = only(plan(List.of(r), server.single(), row(r, LedgerState.RETIRED)));
    assertEquals("declared again; stable view " + r.stableView() + " is missing", c.reason());
    // once pruned, the same declaration is a new installation
    assertEquals(Verb.ADD, only(plan(List.of(ROUTE), ServerFixture.with().single(), row(ROUTE, LedgerState.PRUNED)))
        .verb());
  }

  @Test
  void theRevisionIsTheDeclarationsContentInAnyOrder() {
    Accelerator.Rollup r = spansByRoute("0a0b0c0d", 0);
    String revision = plan(List.of(ROUTE, r), ServerFixture.with().single()).revision();
    assertEquals(revision, plan(List.of(r, ROUTE), ServerFixture.with(ROUTE).single(),
        row(ROUTE, LedgerState.READY)).revision());
    assertNotEquals(revision, plan(List.of(ROUTE, spansByRoute("1a1b1c1d", 0)), ServerFixture.with().single())
        .revision());
    assertTrue(revision.matches("[0-9a-f]{12}"), revision);
  }

  @Test
  void rollupViewsAreShownWithTheCutoversTheInstallationTakes() {
    // the installation's rule (Cutovers): a view 30 s after the plan; one fed from a finer rollup
    // at the start of the finer bucket of the finer cutover, which the finer view has not passed
    Instant tenPast = NOW.plusSeconds(10);
    Accelerator.Rollup minute = spansByRoute("0a0b0c0d", 0);
    Plan p = plan(tenPast, List.of(ROUTE, minute, hourlyFrom(minute)), ServerFixture.with().single());
    assertEquals(tenPast.plus(DELAY), shownCutover(p.changes().get(1)), p.text());
    assertEquals(NOW, shownCutover(p.changes().get(2)), p.text());
  }

  @Test
  void aRollupResumedShowsTheCutoverItsLedgerRowHolds() {
    Accelerator.Rollup r = spansByRoute("0a0b0c0d", 0);
    Instant earlier = NOW.minusSeconds(3600);
    LedgerRow backfilling = row(r, LedgerState.BACKFILLING).withBackfill(earlier, null, null, earlier, 2);
    Plan p = plan(List.of(ROUTE, r), ServerFixture.with(ROUTE).single(), row(ROUTE, LedgerState.READY), backfilling);
    assertEquals(Verb.RESUME, p.changes().get(1).verb(), p.text());
    assertEquals(earlier, shownCutover(p.changes().get(1)), p.text());
  }
}

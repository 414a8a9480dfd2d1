package io.noemata.itest.installer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.itest.ProcessRun;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The installer commands as an operator runs them: own process, NOEMATA_CH_* from the environment. */
class InstallerCliIT {

  static final String SECRET = "s3cr3t-never-printed";

  @TempDir Path dir;

  static ProcessRun cli(Path project, String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>(ProcessRun.cli(args));
    cmd.addAll(List.of("--project", project.toString()));
    return ProcessRun.run(cmd, Map.of("NOEMATA_CH_URL", InstallerFixture.TARGET.httpUrl(), "NOEMATA_CH_USER",
        "default", "NOEMATA_CH_PASSWORD", SECRET), 300);
  }

  @Test
  void dryRunPlanPublishStatusPruneAndValidateOnline() throws Exception {
    InstallerFixture fx = new InstallerFixture("it_cli", dir, 2_000);
    ProcessRun dry = cli(fx.project, "publish", "--dry-run");
    assertEquals(0, dry.exitCode(), dry.stderr());
    assertTrue(dry.stdout().contains("+ add rollup logs_1m on it_cli.otel_logs"), dry.stdout());
    assertTrue(dry.stdout().contains("CREATE MATERIALIZED VIEW IF NOT EXISTS `it_cli`.`noemata_rollup_logs_logs_1m__"),
        dry.stdout());
    assertTrue(dry.stdout().contains("Dry run: nothing was changed."), dry.stdout());
    assertEquals(0, fx.count("SELECT count() FROM system.tables WHERE database = 'it_cli' AND startsWith(name, 'noemata')"));

    // the plan shows the cutover the installation would take: from the installer's clock, not the machine's
    ProcessRun json = cli(fx.project, "resources", "plan", "--json", "--clock-offset", "3650d");
    assertEquals(0, json.exitCode(), json.stderr());
    assertTrue(json.stdout().startsWith("{\"namespace\":\"noemata\""), json.stdout());
    java.util.regex.Matcher cutover = java.util.regex.Pattern.compile("Timestamp` >= toDateTime\\((\\d+), 'UTC'\\)")
        .matcher(json.stdout());
    assertTrue(cutover.find(), json.stdout());
    long days = (Long.parseLong(cutover.group(1)) - java.time.Instant.now().getEpochSecond()) / 86_400;
    assertTrue(days >= 3649 && days <= 3650, "the shown cutover lies " + days + " days ahead");

    ProcessRun publish = cli(fx.project, "publish", "--cutover-delay", "1s");
    assertEquals(0, publish.exitCode(), publish.stderr());
    assertTrue(publish.stdout().contains("Published revision"), publish.stdout());
    assertTrue(publish.stderr().contains("backfill logs_1m"), publish.stderr());

    ProcessRun status = cli(fx.project, "resources", "status");
    assertEquals(0, status.exitCode(), status.stderr());
    assertEquals(8, status.stdout().lines().count(), status.stdout()); // header and seven accelerators
    assertTrue(status.stdout().lines().skip(1).allMatch(l -> l.contains(" ready ")), status.stdout());
    ProcessRun statusJson = cli(fx.project, "resources", "status", "--json");
    assertTrue(statusJson.stdout().contains("\"state\":\"ready\""), statusJson.stdout());

    ProcessRun again = cli(fx.project, "publish");
    assertTrue(again.stdout().contains("Nothing to do"), again.stdout());

    ProcessRun prune = cli(fx.project, "resources", "prune", "--dry-run");
    assertEquals(0, prune.exitCode(), prune.stderr());
    assertTrue(prune.stdout().contains("would drop: none"), prune.stdout());

    ProcessRun validate = cli(fx.project, "validate", "--online", "--url", InstallerFixture.TARGET.httpUrl());
    assertEquals(0, validate.exitCode(), validate.stdout() + validate.stderr());

    for (ProcessRun r : List.of(dry, json, publish, status, statusJson, again, prune, validate)) {
      assertFalse((r.stdout() + r.stderr()).contains(SECRET), "a secret was printed");
    }
  }

  @Test
  void installOnPublishFalseIsHonouredAndTheFlagOverridesItOnce() throws Exception {
    InstallerFixture fx = new InstallerFixture("it_cli_off", dir, 200);
    java.nio.file.Files.writeString(fx.project.resolve("noemata.json"),
        "{\"namespace\": \"noemata\", \"resources\": {\"install_on_publish\": false}}");
    ProcessRun off = cli(fx.project, "publish");
    assertEquals(0, off.exitCode(), off.stderr());
    assertTrue(off.stdout().contains("resources.install_on_publish is false"), off.stdout());
    assertEquals(0, fx.count("SELECT count() FROM system.tables WHERE database = 'it_cli_off' AND startsWith(name, 'noemata')"));
    ProcessRun on = cli(fx.project, "publish", "--install-resources", "--cutover-delay", "1s");
    assertEquals(0, on.exitCode(), on.stderr());
    assertTrue(fx.count("SELECT count() FROM system.tables WHERE database = 'it_cli_off' AND startsWith(name, 'noemata_rollup')") > 0);
    ProcessRun skip = cli(fx.project, "publish", "--no-install-resources");
    assertTrue(skip.stdout().contains("not installed"), skip.stdout());
  }

  @Test
  void withoutAConnectionTheCommandSaysHowToGiveOne() throws Exception {
    InstallerFixture fx = new InstallerFixture("it_cli_noconn", dir, 10);
    ProcessRun r = ProcessRun.run(new java.util.ArrayList<>(ProcessRun.cli("resources", "plan", "--project",
        fx.project.toString())), Map.of("NOEMATA_CH_URL", ""), 120);
    assertEquals(2, r.exitCode());
    assertEquals(List.of("noemata: no ClickHouse to install into: pass --url or set NOEMATA_CH_URL (with NOEMATA_CH_USER"
        + " and NOEMATA_CH_PASSWORD)"), r.stderrLines());
  }
}

package io.noemata.installer.steps;

/**
 * Named points where kill tests stop the process as SIGKILL would (no cleanup, the lock left
 * behind): {@code NOEMATA_CRASH_AT=after-plan|after-cutover|mid-backfill|before-serve|mid-repair}. Unset in
 * normal runs, where each call is one environment lookup.
 */
final class CrashPoint {

  static final String VARIABLE = "NOEMATA_CRASH_AT";

  private CrashPoint() {}

  static void at(String point) {
    if (point.equals(System.getenv(VARIABLE))) {
      System.out.flush();
      Runtime.getRuntime().halt(137);
    }
  }
}

package io.noemata.installer.steps;

/**
 * Told when an installation passes one of its resumable points. Nothing listens in a normal run;
 * kill tests stop the process at one of them (no cleanup, the lock left behind) and check that the
 * next run completes.
 */
@FunctionalInterface
public interface Checkpoints {

  Checkpoints NONE = point -> { };

  /** The points, in the order an installation passes them. */
  enum Point { AFTER_PLAN, AFTER_CUTOVER, MID_BACKFILL, BEFORE_SERVE, MID_REPAIR }

  void reached(Point point);
}

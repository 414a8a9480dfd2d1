package io.noemata.core.ledger;

import io.noemata.core.ledger.LedgerRow.Watermark;
import io.noemata.core.ledger.LedgerRow.Watermarks;
import io.noemata.core.system.PendingMutation;
import io.noemata.core.system.SystemPart;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Late rows, found by block numbers: rows that reached a day the rollup had already read. Every
 * insert into a MergeTree gets a block number larger than any before it (a merged part keeps the
 * range {@code min..max} of the parts it merged; a mutated part's {@code data_version} is the
 * mutation's number), so a day read when its partition's newest block was {@code W} holds every
 * row of the parts whose blocks are all at most {@code W}; a part with a larger one may hold rows
 * the rollup has not. The exact rule is in {@code docs/resources-format.md} ("Late rows").
 */
public final class BlockWatermarks {

  private BlockWatermarks() {}

  /**
   * What a read of {@code [from, until)} (the rows of {@code day}) will see, taken before the read:
   * per source partition with a part overlapping it, the newest block, lowered below each
   * unfinished mutation (a part it has not reached yet still shows the old rows under a lower
   * number). No part: one entry with an empty partition and -1, so the day counts as read.
   */
  public static List<Watermark> before(LocalDate day, Instant from, Instant until, List<SystemPart> parts,
      List<PendingMutation> pending) {
    Map<String, Long> newest = new TreeMap<>();
    for (SystemPart p : parts) {
      if (!p.timeKnown() || p.minTime().isBefore(until) && !p.maxTime().isBefore(from)) {
        newest.merge(p.partitionId(), p.newestBlock(), Math::max);
      }
    }
    for (PendingMutation m : pending) {
      for (int i = 0; i < m.numbers().size(); i++) {
        String pid = m.partitionIds().get(i);
        long below = m.numbers().get(i) - 1;
        newest.replaceAll((k, v) -> pid.isEmpty() || pid.equals(k) ? Math.min(v, below) : v);
      }
    }
    if (newest.isEmpty()) {
      return List.of(new Watermark(day, "", -1, -1));
    }
    List<Watermark> out = new ArrayList<>();
    newest.forEach((pid, w) -> out.add(new Watermark(day, pid, w, w)));
    return out;
  }

  /**
   * A repaired day: its rows were read at {@code read} (taken before the read) and swapped in when
   * the parts were {@code swapped} (taken after the swap); rows of blocks between the two may have
   * reached the source meanwhile and been replaced away.
   */
  public static List<Watermark> repaired(LocalDate day, List<Watermark> read, List<Watermark> swapped) {
    Map<String, long[]> by = new TreeMap<>();
    read.forEach(w -> by.put(w.partition(), new long[] {w.low(), w.low()}));
    for (Watermark w : swapped) {
      long[] v = by.computeIfAbsent(w.partition(), k -> new long[] {-1, -1});
      v[1] = Math.max(v[1], w.high());
    }
    if (by.size() > 1) {
      by.remove("");
    }
    List<Watermark> out = new ArrayList<>();
    by.forEach((pid, v) -> out.add(new Watermark(day, pid, v[0], Math.max(v[0], v[1]))));
    return out;
  }

  /**
   * A rollup fed from a finer one reads the finer target, which lacks what is late there: its
   * entries of a day are widened by the finer one's of the same day and partition (the lower low,
   * the higher high; a partition the finer one never read counts as -1).
   */
  public static List<Watermark> capped(List<Watermark> own, Watermarks finer) {
    if (!finer.recorded()) {
      return own;
    }
    List<Watermark> out = new ArrayList<>();
    for (Watermark w : own) {
      List<Watermark> f = finer.of(w.day());
      if (f.isEmpty()) {
        out.add(w); // a day the finer one holds through its view alone
        continue;
      }
      Watermark same = f.stream().filter(x -> x.partition().equals(w.partition())).findFirst().orElse(null);
      long low = same == null ? -1 : Math.min(w.low(), same.low());
      long high = same == null ? w.high() : Math.max(w.high(), same.high());
      out.add(new Watermark(w.day(), w.partition(), low, Math.max(low, high)));
    }
    return out;
  }

  /**
   * The covered days of {@code row}'s rollup that the source's active {@code parts} may hold rows
   * of that the rollup does not, sorted; empty when the rollup records no watermarks. A day counts
   * when a part holding rows of it (by {@code min_time..max_time}; every day when the table's
   * partition key has no time) is newer than the day's watermark of its partition (-1 when the day
   * never read that partition), and either overlaps the blocks a repair may have lost (a non-empty
   * {@code (low, high]}) or holds rows stamped before the cutover (rows after it reach the rollup through its view).
   */
  public static List<LocalDate> lateDays(LedgerRow row, List<SystemPart> parts) {
    Late late = late(row, parts);
    TreeSet<LocalDate> all = new TreeSet<>(late.days());
    if (late.until() != null) {
      all.add(day(late.until().minusSeconds(1)));
    }
    return List.copyOf(all);
  }

  /**
   * What {@link #lateDays} finds, told apart: {@code days} may lack rows anywhere in the day;
   * {@code until}, when not null, is the cutover, and the cutover day (not among {@code days}) may
   * lack only rows stamped before it (parts newer than its watermark that hold rows before the
   * cutover): from the cutover's bucket on, the rollup holds that day (its view fed the rest).
   */
  public record Late(List<LocalDate> days, Instant until) {
    public Late {
      days = List.copyOf(days);
    }
  }

  /** The late days of {@code row}'s rollup, the cutover day apart when only its rows before the cutover may be missing. */
  public static Late late(LedgerRow row, List<SystemPart> parts) {
    Watermarks w = row.watermarks();
    Instant cutover = row.backfill().cutover();
    TreeSet<LocalDate> candidates = coveredDays(row);
    if (candidates.isEmpty()) {
      return new Late(List.of(), null);
    }
    // the day holding both backfilled rows and rows the view fed (none when the cutover is a midnight)
    LocalDate shared = day(cutover).equals(day(cutover.minusSeconds(1))) ? day(cutover) : null;
    boolean sharedLate = false;
    LocalDate lastBefore = day(cutover.minusSeconds(1)); // the newest day holding rows before the cutover
    Map<LocalDate, Map<String, Watermark>> byDay = new java.util.HashMap<>(); // read once per catalog load
    w.entries().forEach(e -> byDay.computeIfAbsent(e.day(), k -> new java.util.HashMap<>()).put(e.partition(), e));
    TreeSet<LocalDate> late = new TreeSet<>();
    for (SystemPart p : parts) {
      var days = p.timeKnown() ? candidates.subSet(day(p.minTime()), true, day(p.maxTime()), true) : candidates;
      for (LocalDate d : days) {
        if (late.contains(d)) {
          continue;
        }
        Watermark e = byDay.getOrDefault(d, Map.of()).get(p.partitionId());
        long low = e == null ? -1 : e.low();
        long high = e == null ? -1 : e.high();
        if (p.newestBlock() <= low) {
          continue;
        }
        // only a repair leaves blocks that may be lost, (low, high]; a part merged across an empty
        // window holds nothing the day lacks unless it has rows before the cutover
        boolean straddles = low < high && p.minBlock() <= high;
        boolean beforeCutover = !d.isAfter(lastBefore) && (!p.timeKnown() || p.minTime().isBefore(cutover));
        if (straddles || beforeCutover && !d.equals(shared)) {
          late.add(d);
        } else if (beforeCutover) {
          sharedLate = true;
        }
      }
    }
    return new Late(List.copyOf(late), sharedLate && !late.contains(shared) ? cutover : null);
  }

  /** Every day {@link #lateDays} checks: what to assume when the parts cannot be read. */
  public static List<LocalDate> everyCoveredDay(LedgerRow row) {
    return List.copyOf(coveredDays(row));
  }

  /**
   * The days the backfill read (from the oldest done up to the cutover's) and those a repair read;
   * empty when the rollup records no watermarks.
   */
  private static TreeSet<LocalDate> coveredDays(LedgerRow row) {
    TreeSet<LocalDate> out = new TreeSet<>();
    Instant cutover = row.backfill().cutover();
    if (!row.watermarks().recorded() || cutover == null) {
      return out;
    }
    Instant from = row.backfill().backfilledFrom() != null ? row.backfill().backfilledFrom() : cutover;
    LocalDate first = day(from);
    for (LocalDate d = first; !d.isAfter(day(cutover.minusSeconds(1))); d = d.plusDays(1)) {
      out.add(d);
    }
    row.watermarks().entries().forEach(e -> {
      if (!e.day().isBefore(first)) {
        out.add(e.day());
      }
    });
    return out;
  }

  /** The UTC day of {@code t}. */
  public static LocalDate day(Instant t) {
    return LocalDate.ofInstant(t, ZoneOffset.UTC);
  }
}

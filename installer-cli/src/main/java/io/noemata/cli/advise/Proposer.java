package io.noemata.cli.advise;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns what the workload's levels need into resources entries. Rules, in the seed's words:
 * <ul>
 *   <li>a stored column for each Map subscript a level filters or groups by;</li>
 *   <li>a rollup per view table, grain and dimension set the levels need, at the coarsest grain that
 *       divides the level's bucket and window (a level whose dimensions are a subset of another's at
 *       the same grain reads that one: fewer objects, the same grain);</li>
 *   <li>{@code from} ladders: a rollup is fed from the coarsest finer rollup whose grain divides its
 *       own and that stores its dimensions; the finer one stores its measures too;</li>
 *   <li>a bloom_filter index for point filters of levels no rollup answers
 *       ({@link #withIndexes}).</li>
 * </ul>
 * Deterministic: the same workload and frames give the same file.
 */
public final class Proposer {

  private Proposer() {}

  /** One level's need with the label of the query it came from. */
  public record Labeled(String label, LevelNeed need) {}

  /** Columns and rollups (with their ladders) for {@code needs}. */
  public static Proposal propose(List<Labeled> needs) {
    return propose(needs, Set.of());
  }

  /**
   * The same, with the rollups keyed in {@code fedFromTable} fed from the table rather than from a
   * finer rollup: a ladder makes the finer rollup store the coarse one's measures, and where the
   * rewriter then reads the finer one for the coarse one's queries, the ladder costs reads.
   */
  public static Proposal propose(List<Labeled> needs, Set<String> fedFromTable) {
    Map<String, Proposal.Column> columns = columns(needs);
    List<Draft> drafts = new ArrayList<>();
    List<Labeled> ordered = needs.stream().filter(n -> n.need().rollup())
        .sorted(Comparator.comparing((Labeled n) -> n.need().view().ref())
            .thenComparingLong(n -> n.need().grainSeconds())
            .thenComparing(n -> -n.need().dimensions().size())
            .thenComparing(n -> n.need().dimensions().toString()))
        .toList();
    for (Labeled n : ordered) {
      List<String> dims = n.need().dimensions().stream().map(d -> name(d, columns)).toList();
      List<String> measures = new ArrayList<>(n.need().measures());
      if (measures.isEmpty()) {
        countMeasure(n.need()).ifPresent(measures::add);
        if (measures.isEmpty()) {
          continue;
        }
      }
      Draft into = drafts.stream().filter(d -> d.view.ref().equals(n.need().view().ref())
          && d.grain == n.need().grainSeconds() && d.dimensions.containsAll(dims)).findFirst().orElse(null);
      if (into == null) {
        into = new Draft(n.need().view(), n.need().grainSeconds(), dims);
        drafts.add(into);
      }
      into.measures.addAll(measures);
      into.why.add(n.label());
    }
    keys(drafts, columns.keySet());
    ladders(drafts, fedFromTable);
    List<Proposal.Rollup> rollups = drafts.stream()
        .sorted(Comparator.comparing((Draft d) -> d.view.ref()).thenComparingLong(d -> d.grain).thenComparing(d -> d.key))
        .map(d -> new Proposal.Rollup(d.key, d.view, d.grain, d.dimensions, List.copyOf(d.measures),
            d.from == null ? null : d.from.key, List.copyOf(d.why)))
        .toList();
    return new Proposal(List.copyOf(columns.values()), List.of(), rollups);
  }

  /**
   * {@code proposal} with only the rollups some query reads, and without columns nothing uses. A
   * read rollup whose ladder passes through rollups nobody reads is fed from the nearest read one
   * below it, else from the table: a finer level kept only to feed a coarse one would cost its own
   * view and storage for nothing (each level of a ladder stores every dimension and measure of the
   * levels above it, so skipping one keeps the seed's "from" rules).
   */
  public static Proposal pruned(Proposal proposal, Set<String> readRollups, Set<String> readColumns) {
    Map<String, Proposal.Rollup> byKey = new LinkedHashMap<>();
    proposal.rollups().forEach(r -> byKey.put(r.key(), r));
    List<Proposal.Rollup> rollups = new ArrayList<>();
    for (Proposal.Rollup r : proposal.rollups()) {
      if (!readRollups.contains(r.key())) {
        continue;
      }
      String from = r.from();
      while (from != null && byKey.containsKey(from) && !readRollups.contains(from)) {
        from = byKey.get(from).from();
      }
      rollups.add(new Proposal.Rollup(r.key(), r.view(), r.grainSeconds(), r.dimensions(), r.measures(), from, r.why(),
          r.refresh()));
    }
    Set<String> usedNames = new LinkedHashSet<>(readColumns);
    rollups.forEach(r -> usedNames.addAll(r.dimensions()));
    proposal.indexes().forEach(i -> usedNames.add(i.column()));
    List<Proposal.Column> columns = proposal.columns().stream().filter(c -> usedNames.contains(c.key())).toList();
    return new Proposal(columns, proposal.indexes(), rollups);
  }

  /**
   * {@code proposal} with every rollup over a table of {@code rewriting} (one that replaces,
   * collapses or deletes rows after insert) refreshed every {@link #REFRESH_EVERY} and fed from the
   * table: inserts cannot feed it, and a refreshed rollup feeds no other.
   */
  public static Proposal refreshed(Proposal proposal, Set<io.noemata.resources.model.PhysicalName> rewriting) {
    List<Proposal.Rollup> rollups = proposal.rollups().stream()
        .map(r -> rewriting.contains(r.view().table().table()) ? r.refreshed(REFRESH_EVERY) : r).toList();
    return new Proposal(proposal.columns(), proposal.indexes(), rollups);
  }

  /** How often a proposed refreshed rollup is refreshed. */
  static final String REFRESH_EVERY = "5m";

  /**
   * {@code proposal} plus a bloom_filter index on each column or subscript that {@code unanswered}
   * levels compare with constants, except columns the table's sorting key already leads with.
   */
  public static Proposal withIndexes(Proposal proposal, List<Labeled> unanswered, Set<String> sortingLeaders) {
    Map<String, Proposal.Column> columns = new LinkedHashMap<>();
    proposal.columns().forEach(c -> columns.put(c.key(), c));
    Map<String, Proposal.Index> indexes = new LinkedHashMap<>();
    for (Labeled n : unanswered) {
      for (Dimension d : n.need().pointFilters()) {
        if (!d.subscript() && sortingLeaders.contains(n.need().view().table().table() + "." + d.column())) {
          continue;
        }
        String column = name(d, columns);
        if (d.subscript() && !columns.containsKey(column)) {
          continue;
        }
        String key = column + "_bloom";
        Proposal.Index prior = indexes.get(key);
        List<String> why = new ArrayList<>(prior == null ? List.of() : prior.why());
        if (!why.contains(n.label())) {
          why.add(n.label());
        }
        indexes.put(key, new Proposal.Index(key, n.need().view(), column, why));
      }
    }
    List<Proposal.Index> all = new ArrayList<>(proposal.indexes());
    indexes.values().stream().filter(i -> all.stream().noneMatch(x -> x.key().equals(i.key()))).forEach(all::add);
    return new Proposal(proposal.columns(), all, proposal.rollups());
  }

  private static Map<String, Proposal.Column> columns(List<Labeled> needs) {
    Map<String, Proposal.Column> out = new LinkedHashMap<>();
    Map<String, String> keyOf = new LinkedHashMap<>();
    for (Labeled n : needs) {
      for (Dimension d : n.need().subscripts()) {
        String id = n.need().view().ref() + "/" + d;
        String key = keyOf.computeIfAbsent(id, x -> uniqueKey(sanitize(d.key()), d, out));
        Proposal.Column prior = out.get(key);
        List<String> why = new ArrayList<>(prior == null ? List.of() : prior.why());
        if (!why.contains(n.label())) {
          why.add(n.label());
        }
        out.put(key, new Proposal.Column(key, n.need().view(), d, why));
      }
    }
    return out;
  }

  private static String uniqueKey(String base, Dimension d, Map<String, Proposal.Column> taken) {
    String key = base;
    if (taken.containsKey(key)) {
      key = sanitize(d.column()) + "_" + base;
    }
    for (int i = 2; taken.containsKey(key); i++) {
      key = base + "_" + i;
    }
    return key;
  }

  static String sanitize(String text) {
    String s = text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9_]+", "_").replaceAll("_+", "_")
        .replaceAll("^_|_$", "");
    return s.isEmpty() || !Character.isLetter(s.charAt(0)) ? "_" + s : s;
  }

  /** The name a rollup or index uses for {@code d}: the column, or the column entry holding the subscript. */
  private static String name(Dimension d, Map<String, Proposal.Column> columns) {
    if (!d.subscript()) {
      return d.column();
    }
    return columns.values().stream().filter(c -> c.subscript().equals(d)).map(Proposal.Column::key).findFirst()
        .orElse(d.toString());
  }

  private static java.util.Optional<String> countMeasure(LevelNeed need) {
    return LevelReader.measureDefinitions(need.view().table()).entrySet().stream()
        .filter(e -> e.getKey().equals("count()")).map(Map.Entry::getValue).findFirst();
  }

  /** Coarsest first, so a measure a coarse rollup needs from its finer one is carried down the ladder. */
  private static void ladders(List<Draft> drafts, Set<String> fedFromTable) {
    List<Draft> coarseFirst = new ArrayList<>(drafts);
    coarseFirst.sort(Comparator.comparingLong((Draft d) -> -d.grain).thenComparing(d -> d.dimensions.toString()));
    for (Draft r : coarseFirst) {
      if (fedFromTable.contains(r.key)) {
        continue;
      }
      Draft best = null;
      for (Draft f : drafts) {
        if (f == r || !f.view.ref().equals(r.view.ref()) || f.grain >= r.grain || r.grain % f.grain != 0
            || !f.dimensions.containsAll(r.dimensions)) {
          continue;
        }
        if (best == null || f.grain > best.grain
            || f.grain == best.grain && f.dimensions.size() < best.dimensions.size()) {
          best = f;
        }
      }
      if (best != null) {
        r.from = best;
        best.measures.addAll(r.measures);
      }
    }
  }

  /** {@code <alias>_<grain>}, or with its dimensions when another rollup of the alias has that grain. */
  private static void keys(List<Draft> drafts, Set<String> taken) {
    Set<String> used = new LinkedHashSet<>(taken);
    for (Draft d : drafts) {
      String base = d.view.alias() + "_" + Proposal.grainText(d.grain);
      boolean shared = drafts.stream().anyMatch(o -> o != d && o.view.ref().equals(d.view.ref()) && o.grain == d.grain);
      String key = shared ? base + "_by_" + (d.dimensions.isEmpty() ? "all"
          : String.join("_", d.dimensions.stream().map(Proposer::sanitize).map(s -> s.replaceAll("^_", "")).toList()))
          : base;
      String unique = key;
      for (int i = 2; used.contains(unique); i++) {
        unique = key + "_" + i;
      }
      used.add(unique);
      d.key = unique;
    }
  }

  private static final class Draft {
    final FrameIndex.ViewTable view;
    final long grain;
    final List<String> dimensions;
    final LinkedHashSet<String> measures = new LinkedHashSet<>();
    final LinkedHashSet<String> why = new LinkedHashSet<>();
    Draft from;
    String key;

    Draft(FrameIndex.ViewTable view, long grain, List<String> dimensions) {
      this.view = view;
      this.grain = grain;
      this.dimensions = List.copyOf(dimensions);
    }
  }
}

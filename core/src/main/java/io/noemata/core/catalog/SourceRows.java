package io.noemata.core.catalog;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Whether a source table keeps every row it was given, as inserted: what an insert-fed rollup needs.
 * A materialized view sees each insert once; a table whose engine replaces, collapses or sums rows
 * on merge (ReplacingMergeTree, CollapsingMergeTree, ...), whose TTL deletes or rewrites rows, or
 * whose rows are deleted or updated by mutations (lightweight {@code DELETE FROM}, {@code ALTER
 * TABLE ... DELETE/UPDATE}) keeps fewer or other rows than its rollup holds, so the rollup drifts.
 * Read from {@code system.tables} ({@code engine}, {@code engine_full}, {@code
 * create_table_query}; the local table's for a Distributed one) and {@code system.mutations}.
 *
 * @param reason what in the table's engine or TTL rewrites its rows (told to the user); empty when nothing does
 * @param mutations the table's mutations that delete or change rows ({@link #rewritingMutation}),
 *     oldest first: each rewrote the rows a rollup held if it came after the rollup was fed
 * @param merging whether its engine merges rows ({@link #mergingEngine}): a read means its rows
 *     as {@code FINAL} shows them only when it says {@code FINAL}
 */
public record SourceRows(String reason, List<Mutation> mutations, boolean merging) {

  /** A table whose engine does not merge rows (the reason, if any, is a TTL or a mutation). */
  public SourceRows(String reason, List<Mutation> mutations) {
    this(reason, mutations, false);
  }

  /** A table that keeps its rows: plain MergeTree without TTL DELETE or deleting mutations (also the unknown case). */
  public static final SourceRows KEEPS_ROWS = new SourceRows("", List.of());

  /** What to do about a source that rewrites rows, as told to the user. */
  public static final String REMEDY = "declare the rollup with \"refresh\": {\"every\": \"5m\"} (the server then"
      + " aggregates the table again on that schedule, FINAL where its engine merges rows, and queries read the rollup"
      + " while its last refresh is newer than the table's last change), or keep it on an append-only MergeTree source"
      + " (no Replacing, Collapsing, Summing or Aggregating engine, no TTL that deletes rows, no DELETE or UPDATE"
      + " mutations after it is published; publish again after such a mutation to rebuild it), or query the table itself";

  /**
   * One row of {@code system.mutations}.
   *
   * @param command as the server writes it, e.g. {@code DELETE WHERE ...}
   * @param created its {@code create_time}
   * @param done its {@code is_done}: whether every part has it applied
   */
  public record Mutation(String command, Instant created, boolean done) {
    public Mutation {
      Objects.requireNonNull(command, "command");
      Objects.requireNonNull(created, "created");
    }
  }

  /** Engines of the MergeTree family that merge several inserted rows into one, or drop some. */
  private static final List<String> MERGING = List.of("ReplacingMergeTree", "CollapsingMergeTree",
      "VersionedCollapsingMergeTree", "SummingMergeTree", "AggregatingMergeTree", "GraphiteMergeTree",
      "CoalescingMergeTree");

  /** A TTL action that moves or recompresses parts keeps their rows; any other (DELETE, WHERE, GROUP BY, SET) does not. */
  private static final Pattern KEEPING_TTL = Pattern.compile(
      "(?is).*\\b(TO\\s+(DISK|VOLUME)\\s+'[^']*'|RECOMPRESS\\s+CODEC\\s*\\(.*\\))\\s*");

  private static final Pattern COLUMN_TTL = Pattern.compile("(?i)\\sTTL\\s");

  public SourceRows {
    Objects.requireNonNull(reason, "reason");
    mutations = List.copyOf(mutations);
  }

  /**
   * Why a rollup fed since {@code fedSince} holds other rows than the table shows, if it does: the
   * engine or TTL, or a mutation not finished or created since ({@code fedSince} null: a rollup
   * being installed now, which only an engine, a TTL or an unfinished mutation drifts).
   */
  public Optional<String> rewritesFor(Instant fedSince) {
    if (!reason.isEmpty()) {
      return Optional.of(reason);
    }
    for (Mutation m : mutations) {
      // create_time has whole seconds: one in the cutover's second counts as after it
      if (!m.done() || fedSince != null && m.created().plusSeconds(1).isAfter(fedSince)) {
        return Optional.of("a mutation " + (m.done() ? "at " + m.created() : "not finished yet") + " deletes or changes"
            + " rows (" + firstWords(m.command()) + ")");
      }
    }
    return Optional.empty();
  }

  /**
   * Whether {@code engine} (as {@code system.tables.engine} names it) merges several inserted rows
   * into one or drops some: a read of its rows as the table means them needs {@code FINAL}.
   */
  public static boolean mergingEngine(String engine) {
    return engine != null && MERGING.contains(engine.replaceFirst("^(Replicated|Shared)", ""));
  }

  /**
   * What {@code system.tables} says of a table that holds rows (for a Distributed table, of its local
   * table): its {@code engine}, {@code engine_full} and {@code create_table_query}; and its {@code
   * system.mutations}.
   */
  public static SourceRows of(String engine, String engineFull, String createTableQuery, List<Mutation> mutations) {
    List<Mutation> rewriting = mutations.stream().filter(m -> rewritingMutation(m.command())).toList();
    String base = engine == null ? "" : engine.replaceFirst("^(Replicated|Shared)", "");
    if (MERGING.contains(base)) {
      return new SourceRows("its engine " + engine + " merges inserted rows into fewer rows", rewriting, true);
    }
    Optional<String> ttl = deletingTtl(engineFull == null ? "" : engineFull);
    if (ttl.isPresent()) {
      return new SourceRows("its TTL " + ttl.get() + " deletes or rewrites rows", rewriting);
    }
    if (columnTtl(createTableQuery == null ? "" : createTableQuery)) {
      return new SourceRows("a column TTL resets values of its rows", rewriting);
    }
    return new SourceRows("", rewriting);
  }

  /**
   * Whether a mutation command ({@code system.mutations.command}) deletes or changes rows: {@code
   * DELETE WHERE}, {@code UPDATE ...} (a lightweight delete is {@code UPDATE _row_exists = 0}),
   * {@code MATERIALIZE TTL}; a lightweight {@code UPDATE} writes patch parts instead, which {@link
   * io.noemata.core.system.SourceEngines} lists as {@code UPDATE (patch part ...)}. {@code MATERIALIZE
   * COLUMN/INDEX/PROJECTION}, which the installer runs, only write what the rows already imply.
   */
  public static boolean rewritingMutation(String command) {
    // the server writes each command in parentheses: (UPDATE _row_exists = 0 WHERE ...)
    String c = command == null ? "" : command.strip().replaceFirst("^\\(+\\s*", "").toUpperCase(Locale.ROOT);
    return c.startsWith("DELETE") || c.startsWith("UPDATE") || c.startsWith("MATERIALIZE TTL")
        || c.startsWith("APPLY DELETED MASK") || c.startsWith("APPLY PATCHES");
  }

  /**
   * The first table TTL element of {@code engineFull} that deletes or rewrites rows, if any: the
   * text after {@code TTL} up to {@code SETTINGS}, split at top-level commas.
   */
  static Optional<String> deletingTtl(String engineFull) {
    int at = topLevel(engineFull, " TTL ");
    if (at < 0) {
      return Optional.empty();
    }
    String rest = engineFull.substring(at + 5);
    int settings = topLevel(rest, " SETTINGS ");
    String clause = settings < 0 ? rest : rest.substring(0, settings);
    for (String element : splitTopLevel(clause)) {
      if (!KEEPING_TTL.matcher(element).matches()) {
        return Optional.of(element.strip());
      }
    }
    return Optional.empty();
  }

  /** Whether a column of the statement has a TTL (written before the {@code ENGINE} clause). */
  static boolean columnTtl(String createTableQuery) {
    int engine = topLevel(createTableQuery, " ENGINE = ");
    String columns = engine < 0 ? createTableQuery : createTableQuery.substring(0, engine);
    return COLUMN_TTL.matcher(withoutQuoted(columns)).find();
  }

  private static String firstWords(String command) {
    String s = command.strip();
    return s.length() <= 60 ? s : s.substring(0, 57) + "...";
  }

  /** The index of {@code word} outside quotes and parentheses, or -1. */
  private static int topLevel(String s, String word) {
    List<Integer> at = topLevelMatches(s, word, true);
    return at.isEmpty() ? -1 : at.get(0);
  }

  /** {@code s} split at its commas outside quotes and parentheses. */
  private static List<String> splitTopLevel(String s) {
    List<String> out = new ArrayList<>();
    int start = 0;
    for (int comma : topLevelMatches(s, ",", false)) {
      out.add(s.substring(start, comma));
      start = comma + 1;
    }
    out.add(s.substring(start));
    return out;
  }

  /** Where {@code word} occurs (case-insensitively) outside quotes and parentheses: the first only, or all. */
  private static List<Integer> topLevelMatches(String s, String word, boolean firstOnly) {
    List<Integer> out = new ArrayList<>();
    int depth = 0;
    char quote = 0;
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (quote != 0) {
        if (ch == '\\') {
          i++;
        } else if (ch == quote) {
          quote = 0;
        }
      } else if (ch == '\'' || ch == '`' || ch == '"') {
        quote = ch;
      } else if (ch == '(') {
        depth++;
      } else if (ch == ')') {
        depth--;
      } else if (depth == 0 && s.regionMatches(true, i, word, 0, word.length())) {
        out.add(i);
        if (firstOnly) {
          break;
        }
      }
    }
    return out;
  }

  /** {@code s} with quoted names and strings blanked out, so a column named TTL in backquotes is no TTL clause. */
  private static String withoutQuoted(String s) {
    StringBuilder out = new StringBuilder(s.length());
    char quote = 0;
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (quote != 0) {
        if (ch == '\\') {
          i++;
          out.append("  ");
          continue;
        }
        if (ch == quote) {
          quote = 0;
        }
        out.append(' ');
      } else if (ch == '\'' || ch == '`' || ch == '"') {
        quote = ch;
        out.append(' ');
      } else {
        out.append(ch);
      }
    }
    return out.toString();
  }
}

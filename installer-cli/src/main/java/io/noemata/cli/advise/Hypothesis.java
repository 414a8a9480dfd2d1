package io.noemata.cli.advise;

import io.noemata.core.catalog.CatalogSnapshot;
import io.noemata.core.catalog.MaterializedColumn;
import io.noemata.core.catalog.Measure;
import io.noemata.core.catalog.Projection;
import io.noemata.core.catalog.Rollup;
import io.noemata.core.catalog.SkipIndex;
import io.noemata.core.catalog.TableInfo;
import io.noemata.core.catalog.TableInfoBuilder;
import io.noemata.core.catalog.TableName;
import io.noemata.core.catalog.TableRows;
import io.noemata.core.ledger.LedgerReader;
import io.noemata.core.ledger.LedgerSchema;
import io.noemata.core.sql.Literals;
import io.noemata.driver.catalog.CatalogLoader;
import io.noemata.core.naming.Names;
import io.noemata.installer.plan.Accelerator;
import io.noemata.installer.plan.Declarations;
import io.noemata.installer.plan.PlanException;
import io.noemata.resources.catalog.CatalogException;
import io.noemata.resources.catalog.JdbcCatalog;
import io.noemata.resources.parse.NotAProjectException;
import io.noemata.resources.parse.ProjectReader;
import io.noemata.resources.parse.ReadResult;
import io.noemata.resources.validate.Report;
import io.noemata.resources.validate.Validator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The proposal as if it were published and every rollup fully backfilled, without installing
 * anything: the proposed resources file beside the project's frames in a scratch project, validated
 * by the validator and resolved by the installer's own planner ({@link Declarations}: the same
 * object names, content hashes, dimensions and state types a publish would install), then turned
 * into the {@link CatalogSnapshot} the driver would read from the server. The rewriter decides from
 * that snapshot, so advise and the driver cannot disagree about what answers a query.
 *
 * @param report the validator's findings on the proposed file (online, against the server)
 * @param accelerators what a publish would install
 * @param snapshot the catalog the driver would read once it is installed
 */
public record Hypothesis(Report report, List<Accelerator> accelerators, CatalogSnapshot snapshot) {

  /** Where the proposal sits in the scratch project. */
  public static final String FILE = "@frames/advised.resources.json";

  public Hypothesis {
    accelerators = List.copyOf(accelerators);
  }

  /**
   * @param project the user's project: its noemata.json and frames are used, its resources files are not
   * @param resourcesFile the proposed resources file's text
   */
  public static Hypothesis of(Path project, String resourcesFile, Connection c) throws SQLException {
    return of(project, resourcesFile, c, new java.util.HashMap<>());
  }

  /**
   * @param sizes each rollup target's estimated size by its object name, filled as rollups are
   *     sized: one scan of the source per rollup shape, however many proposals a run tries
   */
  public static Hypothesis of(Path project, String resourcesFile, Connection c, Map<String, Estimates.RollupSize> sizes)
      throws SQLException {
    Path scratch = scratchProject(project, resourcesFile);
    try {
      Report report = Validator.run(scratch, new JdbcCatalog(c));
      if (report.exitCode() != Report.CLEAN) {
        return new Hypothesis(report, List.of(), CatalogSnapshot.EMPTY);
      }
      ReadResult read = ProjectReader.read(scratch);
      List<Accelerator> accelerators = Declarations.resolve(read, c).accelerators();
      return new Hypothesis(report, accelerators, snapshot(c, read.project().settings().namespace(), accelerators,
          sizes));
    } catch (NotAProjectException | CatalogException | PlanException e) {
      throw new IllegalStateException("the proposal could not be read back: " + e.getMessage(), e);
    } finally {
      delete(scratch);
    }
  }

  /**
   * The server's catalog without noemata's own objects, plus the proposal as installed, with the
   * row counts the driver's cost estimate reads ({@link CatalogLoader#rowCounts}): the source
   * tables' parts as they are, and each proposed target as its backfill would fill it, one part
   * per day ({@link Estimates.RollupSize#rowsPerDay}; targets are partitioned by day), so that
   * the replay weighs raw against the rollups as the driver will once they are installed.
   */
  static CatalogSnapshot snapshot(Connection c, String namespace, List<Accelerator> accelerators,
      Map<String, Estimates.RollupSize> sizes) throws SQLException {
    CatalogSnapshot installed = CatalogLoader.load(c, namespace);
    Map<TableName, TableInfoBuilder> tables = new LinkedHashMap<>();
    for (TableInfo t : installed.tables().values()) {
      TableInfoBuilder b = new TableInfoBuilder(t.name(), t.columnTypes());
      t.materializedColumns().stream().filter(m -> !m.name().startsWith(Names.PREFIX)).forEach(b.materialized::add);
      t.skipIndexes().stream().filter(i -> !i.name().startsWith(Names.PREFIX)).forEach(b.indexes::add);
      t.projections().stream().filter(p -> !p.name().startsWith(Names.PREFIX)).forEach(b.projections::add);
      tables.put(t.name(), b);
    }
    for (Accelerator a : accelerators) {
      TableName name = new TableName(a.table().database(), a.table().table());
      TableInfoBuilder b = tables.get(name);
      if (b == null) {
        b = new TableInfoBuilder(name, LedgerReader.columnTypes(c, name.database(), name.table()));
        tables.put(name, b);
      }
      if (a instanceof Accelerator.StoredColumn s && !s.existing()) {
        b.types.put(s.object(), s.type());
        b.materialized.removeIf(m -> m.name().equals(s.object()));
        b.materialized.add(new MaterializedColumn(s.object(), s.type(), s.expression()));
      } else if (a instanceof Accelerator.SkipIndex i) {
        b.indexes.add(new SkipIndex(i.object(), i.typeSql(), i.column(), 1));
      } else if (a instanceof Accelerator.Projection p) {
        b.projections.add(new Projection(p.object(), p.orderBy(), p.columns()));
      } else if (a instanceof Accelerator.Rollup r) {
        List<Measure> measures = r.measures().stream()
            .map(m -> new Measure(m.name(), m.definition(), m.column(), m.type())).toList();
        Rollup proposed = new Rollup(r.key(), r.stableView(), r.object(), r.hash8(), Duration.ofSeconds(r.grainSeconds()),
            r.timeColumn(), LedgerSchema.BUCKET_COLUMN, r.dimensions().stream().map(Accelerator.Dimension::column).toList(),
            measures, backfillFloor(c, name, r.timeColumn(), r.retentionSeconds(), r.grainSeconds()), null);
        // refreshed as it would be once installed: after every change of its table
        Instant now = installed.serverClock() == null ? Instant.now() : installed.serverClock();
        b.rollups.add(r.refresh().isEmpty() ? proposed
            : proposed.withRefresh(new io.noemata.core.catalog.RefreshState(now.plus(Duration.ofDays(1)), null)));
      }
    }
    // what the sources do to their rows decides what their rollups answer (SourceKeepsRows, RefreshCovers)
    java.util.Set<TableName> sources = new java.util.LinkedHashSet<>();
    tables.forEach((name, b) -> {
      if (!b.rollups.isEmpty()) {
        sources.add(name);
      }
    });
    io.noemata.core.system.SourceEngines.of(c, sources).forEach((name, rows) -> tables.get(name).rows = rows);
    List<TableInfo> infos = new ArrayList<>();
    tables.values().forEach(b -> infos.add(b.build()));
    CatalogSnapshot s = CatalogSnapshot.of(1, infos);
    Map<TableName, TableRows> rows = new LinkedHashMap<>(CatalogLoader.rowCounts(c, infos));
    Map<String, String> stored = new LinkedHashMap<>();
    for (Accelerator a : accelerators) {
      if (a instanceof Accelerator.StoredColumn col && !col.existing()) {
        stored.put(col.object(), col.expression());
      }
    }
    for (Accelerator a : accelerators) {
      if (a instanceof Accelerator.Rollup r) {
        TableName target = new TableName(r.table().database(), r.object());
        if (rows.getOrDefault(target, EMPTY).partitions().isEmpty()) {
          rows.put(target, byDay(Estimates.rollup(c, r, stored, sizes)));
        }
      }
    }
    return s.withRows(rows, 1).withServerTimeZone(installed.serverTimeZone()).withServerClock(installed.serverClock());
  }

  private static final TableRows EMPTY = new TableRows(List.of());

  /** A target as the backfill fills it: one part per UTC day, its buckets spanning the day. */
  static TableRows byDay(Estimates.RollupSize size) {
    List<TableRows.Partition> parts = new ArrayList<>();
    size.rowsPerDay().forEach((day, n) -> parts.add(new TableRows.Partition(Instant.ofEpochSecond(day),
        Instant.ofEpochSecond(day + 86_399), n)));
    return new TableRows(parts);
  }

  /** What a finished backfill covers from: the oldest row's day, or the retention bound when later. */
  private static Instant backfillFloor(Connection c, TableName t, String time, long retentionSeconds, long grain)
      throws SQLException {
    // the server's clock, as the driver's catalog reads a retention floor
    String sql = "SELECT toUnixTimestamp(toStartOfDay(min(" + Literals.identifier(time) + "), 'UTC')), count(),"
        + " toUnixTimestamp(now()) FROM " + Literals.qualified(t.database(), t.table());
    try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      long now = rs.getLong(3);
      long floor = rs.getLong(2) == 0 ? now : rs.getLong(1);
      if (retentionSeconds > 0) {
        long bound = now - retentionSeconds;
        floor = Math.max(floor, Math.floorDiv(bound + grain - 1, grain) * grain);
      }
      return Instant.ofEpochSecond(floor);
    }
  }

  private static Path scratchProject(Path project, String resourcesFile) {
    try {
      Path scratch = Files.createTempDirectory("noemata-advise-");
      Files.copy(project.resolve("noemata.json"), scratch.resolve("noemata.json"));
      Path frames = project.resolve("@frames");
      if (Files.isDirectory(frames)) {
        try (Stream<Path> files = Files.walk(frames)) {
          for (Path f : files.filter(p -> p.getFileName().toString().endsWith(".frame.json")).toList()) {
            Path target = scratch.resolve(project.relativize(f).toString());
            Files.createDirectories(target.getParent());
            Files.copy(f, target);
          }
        }
      }
      Path out = scratch.resolve(FILE);
      Files.createDirectories(out.getParent());
      Files.writeString(out, resourcesFile);
      return scratch;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write a scratch copy of the project " + project, e);
    }
  }

  private static void delete(Path dir) {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      // a scratch folder under the temporary directory; nothing of the user's
    }
  }
}

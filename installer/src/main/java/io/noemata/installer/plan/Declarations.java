package io.noemata.installer.plan;

import io.noemata.core.sql.Literals;
import io.noemata.core.naming.Names;
import io.noemata.core.naming.StoredTypes;
import io.noemata.core.ledger.Json;
import io.noemata.resources.catalog.CatalogException;
import io.noemata.resources.catalog.JdbcCatalog;
import io.noemata.resources.catalog.PhysicalColumn;
import io.noemata.resources.catalog.PhysicalTable;
import io.noemata.core.expr.Canonical;
import io.noemata.core.expr.CanonicalExpr;
import io.noemata.core.expr.ExprException;
import io.noemata.core.expr.ExprParser;
import io.noemata.core.expr.Exprs;
import io.noemata.core.naming.RollupShape;
import io.noemata.resources.finding.Finding;
import io.noemata.resources.finding.FindingCode;
import io.noemata.resources.finding.Severity;
import io.noemata.resources.model.Entry;
import io.noemata.resources.model.FrameTable;
import io.noemata.resources.model.PhysicalName;
import io.noemata.resources.model.ResourcesFile;
import io.noemata.resources.model.TableRef;
import io.noemata.resources.parse.ReadResult;
import io.noemata.resources.model.Project;
import io.noemata.resources.validate.ExistingColumns;
import io.noemata.resources.validate.Resolution;
import io.noemata.resources.validate.Validator;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Plan, first half: the declarations of a read project, validated online and resolved against the
 * server into {@link Accelerator}s. "Unsupported entries are reported as warnings and omitted.
 * Entries that refer to them are omitted too."
 */
public final class Declarations {

  /** What the project of {@code namespace} declares that can be installed, and what was omitted and why. */
  public record Result(String namespace, List<Accelerator> accelerators, List<String> warnings) {
    public Result {
      java.util.Objects.requireNonNull(namespace, "namespace");
      accelerators = List.copyOf(accelerators);
      warnings = List.copyOf(warnings);
    }

    /** The databases the accelerators install into, sorted: the plan's scope. */
    public Set<String> databases() {
      java.util.SortedSet<String> out = new java.util.TreeSet<>();
      accelerators.forEach(a -> out.add(a.table().database()));
      return java.util.Collections.unmodifiableSortedSet(out);
    }
  }

  private final Connection connection;
  private final JdbcCatalog catalog;
  private final String namespace;
  private final List<String> warnings = new ArrayList<>();

  private Declarations(Connection connection, String namespace) {
    this.connection = connection;
    this.catalog = new JdbcCatalog(connection);
    this.namespace = namespace;
  }

  /** The databases a project's entries install into (their physical tables' databases). */
  public static Set<String> databases(io.noemata.resources.model.Project project) {
    Set<String> out = new java.util.TreeSet<>();
    for (var file : project.resources()) {
      for (var e : file.entries()) {
        if (e.table() instanceof io.noemata.resources.model.TableRef.ViewTable v) {
          project.viewTable(v.frameId(), v.alias()).ifPresent(t -> out.add(t.table().database()));
        } else if (e.table() instanceof io.noemata.resources.model.TableRef.Physical p) {
          out.add(p.name().database());
        }
      }
    }
    return out;
  }

  /** Validates {@code read} against the server and resolves every installable entry. */
  public static Result resolve(ReadResult read, Connection connection) throws PlanException, SQLException {
    Declarations d = new Declarations(connection, read.project().settings().namespace());
    List<Finding> findings;
    try {
      findings = Validator.validate(read, d.catalog);
    } catch (CatalogException e) {
      throw new PlanException(e.getMessage() + "; check the connection and the user's grants on system tables", e);
    }
    List<String> errors = findings.stream().filter(f -> f.severity() == Severity.ERROR).map(Finding::toLine).toList();
    if (!errors.isEmpty()) {
      throw new PlanException("the project does not validate (" + errors.size() + " error"
          + (errors.size() == 1 ? "" : "s") + "; run noemata validate): " + errors.get(0));
    }
    List<Accelerator> out = new ArrayList<>();
    for (ResourcesFile file : read.project().resources()) {
      Set<String> omitted = new LinkedHashSet<>();
      for (Finding f : findings) {
        if (f.file().equals(file.path()) && f.code() == FindingCode.CANNOT_INSTALL && f.pointer().startsWith("/resources/")) {
          String key = f.pointer().substring("/resources/".length()).split("/", 2)[0];
          if (omitted.add(key)) {
            d.warnings.add(f.toLine() + " (omitted)");
          }
        }
      }
      out.addAll(d.file(read, file, omitted));
    }
    return new Result(d.namespace, out, d.warnings);
  }

  private List<Accelerator> file(ReadResult read, ResourcesFile file, Set<String> omitted)
      throws SQLException, PlanException {
    Map<String, Accelerator> done = new LinkedHashMap<>();
    List<Entry> ordered = new ArrayList<>();
    for (String kind : List.of("column", "index", "projection")) {
      file.entries().stream().filter(e -> e.kind().equals(kind)).forEach(ordered::add);
    }
    ordered.addAll(rollupsFinerFirst(file));
    for (Entry e : ordered) {
      if (omitted.contains(e.key())) {
        continue;
      }
      Optional<Target> t = target(read, e);
      if (t.isEmpty()) {
        continue;
      }
      Optional<Accelerator> a;
      if (e instanceof Entry.Column c) {
        a = column(file, c, t.get());
      } else if (e instanceof Entry.Index i) {
        a = index(file, i, t.get(), done);
      } else if (e instanceof Entry.Projection p) {
        a = projection(file, p, t.get(), done);
      } else {
        a = rollup(read.project(), file, (Entry.Rollup) e, t.get(), done);
      }
      if (a.isPresent()) {
        done.put(e.key(), a.get());
      } else {
        omitted.add(e.key());
      }
    }
    return List.copyOf(done.values());
  }

  /** The physical table of an entry, its alias and (for a view table) its frame table. */
  record Target(PhysicalTable table, String alias, FrameTable view) {
    /** For a Distributed table, its cluster and local table. */
    Optional<Accelerator.Spread> spread() {
      return table.distribution().map(d -> new Accelerator.Spread(d.cluster(), d.local()));
    }

    /** Whether the rows are in a Replicated MergeTree (the local table's engine for a Distributed one). */
    boolean replicated() {
      return table.distribution().map(io.noemata.resources.catalog.Distribution::replicated)
          .orElse(table.engine().startsWith("Replicated") && table.engine().endsWith("MergeTree"));
    }
  }

  private Optional<Target> target(ReadResult read, Entry e) throws PlanException {
    PhysicalName name;
    String alias;
    FrameTable view = null;
    if (e.table() instanceof TableRef.ViewTable v) {
      view = read.project().viewTable(v.frameId(), v.alias()).orElse(null);
      if (view == null) {
        return Optional.empty();
      }
      name = view.table();
      alias = v.alias();
    } else {
      name = ((TableRef.Physical) e.table()).name();
      alias = name.table();
    }
    try {
      FrameTable frameTable = view;
      return catalog.table(name).map(pt -> new Target(pt, alias, frameTable));
    } catch (CatalogException ex) {
      throw new PlanException(ex.getMessage(), ex);
    }
  }

  private Optional<Accelerator> column(ResourcesFile file, Entry.Column c, Target t) {
    CanonicalExpr expr;
    try {
      expr = ExprParser.parse(c.expression(), ExprParser.Mode.ROW);
    } catch (ExprException e) {
      return Optional.empty(); // validation reported it
    }
    String ours = Resolution.storedColumnName(c).orElseThrow(); // the expression parsed above
    // our own __nm_ column is not "an existing column": it stays ours to repair and prune
    Optional<PhysicalColumn> existing = ExistingColumns.find(expr, t.table()).filter(col -> !col.name().equals(ours));
    Optional<String> type = existing.map(PhysicalColumn::type).or(() -> StoredTypes.of(c.type(), expr));
    if (type.isEmpty()) {
      return Optional.empty();
    }
    String object = existing.map(PhysicalColumn::name).orElse(ours);
    String declaration = Json.write(ordered("column", Map.of("expression", Canonical.text(expr), "type", type.get(),
        "existing", existing.isPresent())));
    return Optional.of(new Accelerator.StoredColumn(c.key(), file.path(), t.table().name(), object, c.async(),
        Canonical.text(expr), type.get(), existing.isPresent(), declaration, t.spread()));
  }

  private Optional<Accelerator> index(ResourcesFile file, Entry.Index i, Target t, Map<String, Accelerator> done) {
    Optional<String> column = physicalColumn(i.column(), t, done);
    if (column.isEmpty()) {
      return Optional.empty();
    }
    String type = i.indexKind().clickHouseType();
    String object = Names.index(type, column.get());
    return Optional.of(new Accelerator.SkipIndex(i.key(), file.path(), t.table().name(), object, i.async(),
        column.get(), type, Json.write(ordered("index", Map.of("column", column.get(), "type", type))), t.spread()));
  }

  private Optional<Accelerator> projection(ResourcesFile file, Entry.Projection p, Target t,
      Map<String, Accelerator> done) {
    List<String> orderBy = new ArrayList<>();
    for (String n : p.orderBy()) {
      Optional<String> c = physicalColumn(n, t, done);
      if (c.isEmpty()) {
        return Optional.empty();
      }
      orderBy.add(c.get());
    }
    LinkedHashSet<String> columns = new LinkedHashSet<>();
    if (p.columns().isPresent()) {
      for (String n : p.columns().get()) {
        Optional<String> c = physicalColumn(n, t, done);
        if (c.isEmpty()) {
          return Optional.empty();
        }
        columns.add(c.get());
      }
    } else {
      // "Without columns, the projection stores ordinary table columns and the declared sort columns."
      t.table().columns().stream().filter(c -> c.defaultKind().isEmpty() || c.defaultKind().equals("DEFAULT"))
          .forEach(c -> columns.add(c.name()));
    }
    columns.addAll(orderBy);
    String object = Names.projection(List.copyOf(columns), orderBy);
    return Optional.of(new Accelerator.Projection(p.key(), file.path(), t.table().name(), object, p.async(),
        List.copyOf(columns), orderBy, Json.write(ordered("projection", Map.of("columns", List.copyOf(columns),
            "order_by", orderBy))), t.spread()));
  }

  private Optional<Accelerator> rollup(Project project, ResourcesFile file, Entry.Rollup r, Target t,
      Map<String, Accelerator> done) throws SQLException, PlanException {
    if (t.view() == null || t.view().time().isEmpty()) {
      warnings.add(file.path() + ": rollup '" + r.key() + "' needs a view table with a time column (omitted)");
      return Optional.empty();
    }
    // the shape the target's name is hashed from: the one Resolution derives, which ResolutionTest pins
    Optional<RollupShape> shape = Resolution.rollupShape(project, file, r);
    if (shape.isEmpty()) {
      return Optional.empty(); // a measure or dimension that does not parse: validation reported it
    }
    String time = t.view().time().get();
    List<String> dimColumns = new ArrayList<>();
    for (String d : r.dimensions()) {
      Optional<String> c = physicalColumn(d, t, done);
      if (c.isEmpty()) {
        return Optional.empty();
      }
      dimColumns.add(c.get());
    }
    Map<String, CanonicalExpr> measureExprs = new LinkedHashMap<>();
    List<MeasureStorage.Pending> pending = new ArrayList<>();
    for (String m : r.measures()) {
      Optional<CanonicalExpr> e = Optional.ofNullable(shape.get().measures().get(m));
      if (e.isEmpty() || !(e.get() instanceof CanonicalExpr.Call call) || !Exprs.aggregates(call)
          || Exprs.aggregateCalls(call).size() != 1 || Exprs.aggregateCalls(call).get(0) != call) {
        warnings.add(file.path() + ": rollup '" + r.key() + "': measure '" + m + "' is not one aggregate call"
            + " and cannot be stored (omitted)");
        return Optional.empty();
      }
      measureExprs.put(m, call);
      pending.addAll(MeasureStorage.columns(m, call, argumentType(call, t)));
    }
    Accelerator.Rollup finer = null;
    if (r.from().isPresent()) {
      if (!(done.get(r.from().get()) instanceof Accelerator.Rollup f)) {
        return Optional.empty(); // the finer rollup was omitted
      }
      finer = f;
    }
    pending = MeasureStorage.shared(pending);
    if (finer != null) {
      pending = MeasureStorage.fromFiner(pending, finer.measures());
    }
    Map<String, String> dimSql = new LinkedHashMap<>();
    for (String d : r.dimensions()) {
      // a stored column this publish has not added yet is typed from its expression
      physicalColumn(d, t, done).ifPresent(c -> dimSql.put(c, done.get(d) instanceof Accelerator.StoredColumn s
          && t.table().column(s.object()).isEmpty() ? s.expression() : Literals.identifier(c)));
    }
    Map<String, String> types = describe(t.table().name(), dimSql, pending);
    List<Accelerator.Dimension> dims = dimColumns.stream().map(c -> new Accelerator.Dimension(c, types.get("d_" + c)))
        .toList();
    List<StoredMeasure> measures = pending.stream().map(p -> MeasureStorage.typed(p, types.get("m_" + p.column())))
        .toList();
    PhysicalName table = t.table().name();
    String hash8 = Names.rollupHash8(shape.get());
    String target = Names.rollupTarget(namespace, t.alias(), r.key(), hash8);
    PhysicalName source = finer == null ? table : new PhysicalName(table.database(), finer.object());
    // over a Distributed source the view reads the local rows: the local table, or the finer local target
    Accelerator.Rollup f = finer;
    Optional<Accelerator.Spread> spread = f == null ? t.spread() : f.spread().map(s -> new Accelerator.Spread(
        s.cluster(), new PhysicalName(table.database(), f.storageTarget())));
    String sourceTime = finer == null ? time : io.noemata.core.ledger.LedgerSchema.BUCKET_COLUMN;
    Map<String, Object> decl = ordered("rollup", Map.of());
    decl.put("grain", r.grain().text());
    decl.put("time", time);
    decl.put("dimensions", dimColumns);
    Map<String, String> defs = new LinkedHashMap<>();
    measureExprs.forEach((k, v) -> defs.put(k, Canonical.text(v)));
    decl.put("measures", defs);
    decl.put("retention", r.retention().map(Object::toString).orElse(null));
    decl.put("from", r.from().orElse(null));
    // a refresh reads the table FINAL where its engine merges rows: the target holds what FINAL shows
    Optional<Accelerator.Refreshing> refresh = r.refresh().map(x -> new Accelerator.Refreshing(x.clause(),
        io.noemata.core.catalog.SourceRows.mergingEngine(t.table().storageEngine())));
    refresh.ifPresent(x -> decl.put("refresh", x.clause()));
    return Optional.of(new Accelerator.Rollup(r.key(), file.path(), table, target, r.async(), t.alias(), hash8,
        Names.stableView(namespace, t.alias(), r.key()), Names.materializedView(target), source, time, sourceTime,
        r.grain().seconds(), r.retention().map(i -> i.seconds()).orElse(0L), dims, measures,
        r.from().orElse(null), Json.write(decl), spread, finer == null ? t.replicated() : finer.replicated(), refresh));
  }

  /** The source type of a one-argument call's argument when that is one of the table's columns. */
  private static Optional<String> argumentType(CanonicalExpr.Call call, Target t) {
    return call.arguments().size() == 1 && call.arguments().get(0) instanceof CanonicalExpr.Ident id
        ? t.table().column(id.name()).map(PhysicalColumn::type) : Optional.empty();
  }

  /** The physical column a name in an entry stands for: a column entry's stored column, or the table's own. */
  private static Optional<String> physicalColumn(String name, Target t, Map<String, Accelerator> done) {
    if (done.get(name) instanceof Accelerator.StoredColumn c) {
      return Optional.of(c.object());
    }
    return t.table().column(name).map(PhysicalColumn::name);
  }

  /** The types the server gives dimensions and stored values, by {@code d_<column>} and {@code m_<column>}. */
  private Map<String, String> describe(PhysicalName table, Map<String, String> dims, List<MeasureStorage.Pending> pending)
      throws SQLException {
    List<String> items = new ArrayList<>();
    dims.forEach((d, sql) -> items.add(sql + " AS " + Literals.identifier("d_" + d)));
    pending.forEach(p -> items.add(p.valueSql() + " AS " + Literals.identifier("m_" + p.column())));
    String sql = "DESCRIBE (SELECT " + String.join(", ", items) + " FROM "
        + Literals.qualified(table.database(), table.table()) + (dims.isEmpty() ? "" : " GROUP BY "
        + String.join(", ", dims.keySet().stream().map(d -> Literals.identifier("d_" + d)).toList())) + ")";
    Map<String, String> out = new LinkedHashMap<>();
    try (Statement s = connection.createStatement(); ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        out.put(rs.getString(1), rs.getString(2));
      }
    }
    return out;
  }

  private static List<Entry.Rollup> rollupsFinerFirst(ResourcesFile file) {
    Map<String, Entry.Rollup> all = new LinkedHashMap<>();
    file.entries().stream().filter(e -> e instanceof Entry.Rollup).forEach(e -> all.put(e.key(), (Entry.Rollup) e));
    List<Entry.Rollup> out = new ArrayList<>();
    Set<String> placed = new LinkedHashSet<>();
    for (int round = 0; round <= all.size() && placed.size() < all.size(); round++) {
      for (Entry.Rollup r : all.values()) {
        if (!placed.contains(r.key()) && (r.from().isEmpty() || placed.contains(r.from().get())
            || !all.containsKey(r.from().get()))) {
          out.add(r);
          placed.add(r.key());
        }
      }
    }
    return out; // a cycle is a validation error, so every rollup is placed
  }

  private static Map<String, Object> ordered(String kind, Map<String, Object> fields) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("kind", kind);
    new java.util.TreeMap<>(fields).forEach(m::put);
    return m;
  }
}

package io.noemata.resources.validate;

import io.noemata.core.expr.CanonicalExpr;
import io.noemata.core.expr.ExprException;
import io.noemata.core.expr.ExprParser;
import io.noemata.core.naming.Names;
import io.noemata.core.naming.RollupShape;
import io.noemata.resources.model.Entry;
import io.noemata.resources.model.FrameTable;
import io.noemata.resources.model.Project;
import io.noemata.resources.model.ResourcesFile;
import io.noemata.resources.model.TableRef;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Names and shapes of what a valid entry installs: the installer's plan ({@code Declarations})
 * names stored columns and rollup targets with these, so {@code ResolutionTest} and
 * {@code InstalledNamesTest} pin what publish installs. Empty when the entry does not resolve
 * (validation reports why).
 */
public final class Resolution {

  private Resolution() {}

  /** {@code __nm_<hash>} of a column entry's expression. */
  public static Optional<String> storedColumnName(Entry.Column column) {
    try {
      return Optional.of(Names.columnName(ExprParser.parse(column.expression(), ExprParser.Mode.ROW)));
    } catch (ExprException e) {
      return Optional.empty();
    }
  }

  /**
   * The stored shape of a rollup of {@code file}: dimensions that name a column entry of the file
   * contribute its expression, others the physical column; measures their view definitions.
   */
  public static Optional<RollupShape> rollupShape(Project project, ResourcesFile file, Entry.Rollup rollup) {
    if (!(rollup.table() instanceof TableRef.ViewTable v)) {
      return Optional.empty();
    }
    Optional<FrameTable> view = project.viewTable(v.frameId(), v.alias());
    if (view.isEmpty() || view.get().time().isEmpty()) {
      return Optional.empty();
    }
    FrameTable t = view.get();
    try {
      List<CanonicalExpr> dimensions = new ArrayList<>();
      for (String d : rollup.dimensions()) {
        Optional<Entry.Column> column = file.entries().stream()
            .filter(e -> e.key().equals(d) && e instanceof Entry.Column)
            .map(Entry.Column.class::cast).findFirst();
        dimensions.add(column.isPresent()
            ? ExprParser.parse(column.get().expression(), ExprParser.Mode.ROW) : new CanonicalExpr.Ident(d));
      }
      Map<String, CanonicalExpr> measures = new LinkedHashMap<>();
      for (String m : rollup.measures()) {
        String text = t.measures().containsKey(m) ? t.measures().get(m).expression() : t.scalars().get(m);
        if (text == null) {
          return Optional.empty();
        }
        measures.put(m, ExprParser.parse(text, ExprParser.Mode.AGGREGATE));
      }
      return Optional.of(new RollupShape(t.table().database(), t.table().table(), new CanonicalExpr.Ident(t.time().get()),
          rollup.grain().seconds(), dimensions, measures));
    } catch (ExprException e) {
      return Optional.empty();
    }
  }
}

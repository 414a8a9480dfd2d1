package io.noemata.resources.validate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.noemata.core.naming.Names;
import io.noemata.core.naming.RollupShape;
import io.noemata.resources.model.Entry;
import io.noemata.resources.model.ResourcesFile;
import io.noemata.resources.parse.ProjectReader;
import io.noemata.resources.parse.ReadResult;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class ResolutionTest {

  private static Entry entry(ResourcesFile f, String key) {
    return f.entries().stream().filter(e -> e.key().equals(key)).findFirst().orElseThrow();
  }

  @Test
  void theExamplesRollupShapeFollowsTheDocumentedText() throws Exception {
    ReadResult read = ProjectReader.read(TestProjects.EXAMPLE);
    ResourcesFile file = read.project().resources().get(0);
    RollupShape shape = Resolution.rollupShape(read.project(), file, (Entry.Rollup) entry(file, "logs_1m")).orElseThrow();
    assertEquals("source=`otel`.`otel_logs`\n"
        + "time=Timestamp\n"
        + "grain=60\n"
        + "dimension=ServiceName\n"
        + "dimension=SeverityText\n"
        + "measure=`ErrorCount`=countIf(greaterOrEquals(SeverityNumber, 17))\n"
        + "measure=`LogCount`=count()\n"
        + "measure=`UniqTraces`=uniq(TraceId)\n", shape.canonicalText());
    String digest = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
        .digest(("noemata/rollup/v2\n" + shape.canonicalText()).getBytes(StandardCharsets.UTF_8)));
    assertEquals(digest.substring(0, 8), Names.rollupHash8(shape));
  }

  @Test
  void retentionAndFromDoNotChangeTheShapeButTheGrainDoes() throws Exception {
    ReadResult read = ProjectReader.read(TestProjects.EXAMPLE);
    ResourcesFile file = read.project().resources().get(0);
    Entry.Rollup hourly = (Entry.Rollup) entry(file, "logs_1h");
    Entry.Rollup noRetention = new Entry.Rollup(hourly.key(), hourly.table(), hourly.async(), hourly.grain(),
        hourly.dimensions(), hourly.measures(), java.util.Optional.empty(), java.util.Optional.empty());
    Entry.Rollup finer = new Entry.Rollup(hourly.key(), hourly.table(), hourly.async(),
        io.noemata.resources.model.Interval.parse("30m"), hourly.dimensions(), hourly.measures(),
        hourly.retention(), hourly.from());
    String h = Names.rollupHash8(Resolution.rollupShape(read.project(), file, hourly).orElseThrow());
    assertTrue(h.matches("[0-9a-f]{8}"), h);
    assertEquals(h, Names.rollupHash8(Resolution.rollupShape(read.project(), file, noRetention).orElseThrow()));
    assertNotEquals(h, Names.rollupHash8(Resolution.rollupShape(read.project(), file, finer).orElseThrow()));
  }

  @Test
  void aDimensionNamingAColumnEntryContributesItsExpression() throws Exception {
    java.nio.file.Path dir = java.nio.file.Files.createTempDirectory("noemata-res");
    TestProjects.withResources(dir, "{\"resources\": {"
        + "\"pod\": {\"column\": {\"table\": \"@otel/logs#logs\", \"expression\": \"ResourceAttributes['k8s.pod.name']\"}},"
        + "\"r\": {\"rollup\": {\"table\": \"@otel/logs#logs\", \"grain\": \"1m\", \"dimensions\": [\"pod\"], \"measures\": [\"LogCount\"]}}}}");
    ReadResult read = ProjectReader.read(dir);
    ResourcesFile file = read.project().resources().get(0);
    RollupShape shape = Resolution.rollupShape(read.project(), file, (Entry.Rollup) entry(file, "r")).orElseThrow();
    assertTrue(shape.canonicalText().contains("dimension=arrayElement(ResourceAttributes, 'k8s.pod.name')\n"),
        shape.canonicalText());
    assertEquals(Names.columnName(shape.dimensions().get(0)),
        Resolution.storedColumnName((Entry.Column) entry(file, "pod")).orElseThrow());
  }
}

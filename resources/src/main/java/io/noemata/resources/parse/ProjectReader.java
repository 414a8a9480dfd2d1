package io.noemata.resources.parse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.noemata.resources.finding.Finding;
import io.noemata.resources.finding.FindingCode;
import io.noemata.resources.model.Frame;
import io.noemata.resources.model.Project;
import io.noemata.resources.model.ResourcesFile;
import io.noemata.resources.model.Settings;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * Reads a project directory: {@code noemata.json} at the root, frames ({@code *.frame.json}) and
 * resources files under {@code @frames/}. Every problem is a finding; only a directory that is not
 * a project at all is an exception.
 */
public final class ProjectReader {

  static final String SETTINGS_FILE = "noemata.json";
  private static final long MAX_FILE_BYTES = 4L << 20;

  private ProjectReader() {}

  public static ReadResult read(Path root) throws NotAProjectException {
    if (!Files.isDirectory(root)) {
      throw new NotAProjectException("project directory " + root + " does not exist; pass --project DIR");
    }
    if (!Files.isRegularFile(root.resolve(SETTINGS_FILE))) {
      throw new NotAProjectException("no " + SETTINGS_FILE + " in " + root
          + "; run noemata in a project directory or pass --project DIR");
    }
    List<Finding> findings = new ArrayList<>();
    Map<String, JsonDoc> docs = new LinkedHashMap<>();
    Settings settings = settings(load(root, SETTINGS_FILE, findings, docs), findings);
    Map<String, Frame> frames = new LinkedHashMap<>();
    List<ResourcesFile> resources = new ArrayList<>();
    for (String path : framesFiles(root, findings)) {
      if (FileNames.isResources(path)) {
        JsonDoc doc = load(root, path, findings, docs);
        if (doc != null && doc.root() != null) {
          resources.add(ResourcesReader.read(new Decoder(doc, findings)));
        } else {
          resources.add(new ResourcesFile(path, List.of()));
        }
      } else if (FileNames.isFrame(path)) {
        JsonDoc doc = load(root, path, findings, docs);
        if (doc != null && doc.root() != null) {
          Frame f = FrameReader.read(new Decoder(doc, findings), FileNames.frameId(path));
          if (f != null) {
            frames.put(f.id(), f);
          }
        }
      }
    }
    return new ReadResult(new Project(settings, frames, resources), findings, docs);
  }

  /** Files under {@code @frames/}, relative with {@code /}, sorted so output is stable. */
  private static List<String> framesFiles(Path root, List<Finding> findings) {
    Path dir = root.resolve(FileNames.FRAMES_DIR);
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile)
          .map(p -> root.relativize(p).toString().replace('\\', '/'))
          .filter(p -> p.endsWith(".json"))
          .sorted()
          .toList();
    } catch (IOException | java.io.UncheckedIOException e) {
      findings.add(new Finding(FindingCode.INVALID, FileNames.FRAMES_DIR, "", 0, 0,
          "cannot list the directory: " + e.getMessage()));
      return List.of();
    }
  }

  private static JsonDoc load(Path root, String path, List<Finding> findings, Map<String, JsonDoc> docs) {
    Path file = root.resolve(path);
    String text;
    try {
      if (Files.size(file) > MAX_FILE_BYTES) {
        findings.add(new Finding(FindingCode.INVALID, path, "", 0, 0,
            "the file is larger than 4 MiB; split it"));
        return null;
      }
      text = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(Files.readAllBytes(file))).toString();
    } catch (CharacterCodingException e) {
      findings.add(new Finding(FindingCode.INVALID, path, "", 0, 0, "the file is not UTF-8 text; save it as UTF-8"));
      return null;
    } catch (IOException e) {
      findings.add(new Finding(FindingCode.INVALID, path, "", 0, 0, "cannot read the file: " + e.getMessage()));
      return null;
    }
    if (text.startsWith("\uFEFF")) { // a byte order mark some editors write; JSON has none
      text = text.substring(1);
    }
    JsonDoc doc = JsonReading.read(path, text, findings);
    docs.put(path, doc);
    return doc;
  }

  private static Settings settings(JsonDoc doc, List<Finding> findings) {
    if (doc == null || doc.root() == null) {
      return Settings.DEFAULT;
    }
    Decoder d = new Decoder(doc, findings);
    ObjectNode root = d.object(doc.root(), "", SETTINGS_FILE);
    if (root == null) {
      return Settings.DEFAULT;
    }
    d.onlyFields(root, "", List.of("namespace", "resources"), SETTINGS_FILE);
    String namespace = Optional.ofNullable(d.string(root, "", "namespace", false, "\"noemata\""))
        .orElse(Settings.DEFAULT_NAMESPACE);
    if (!Settings.NAMESPACE.matcher(namespace).matches()) {
      d.error("/namespace", "namespace '" + namespace + "' must be a plain identifier (letters, digits, _), such as \"noemata\"");
      namespace = Settings.DEFAULT_NAMESPACE;
    }
    boolean install = true;
    JsonNode r = root.get("resources");
    if (r != null) {
      ObjectNode ro = d.object(r, "/resources", "'resources' in " + SETTINGS_FILE);
      if (ro != null) {
        d.onlyFields(ro, "/resources", List.of("install_on_publish"), "'resources'");
        install = d.bool(ro, "/resources", "install_on_publish", true).orElse(true);
      }
    }
    return new Settings(namespace, install);
  }
}

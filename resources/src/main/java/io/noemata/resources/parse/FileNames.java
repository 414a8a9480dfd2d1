package io.noemata.resources.parse;

/**
 * What a file under {@code @frames/} is, from its path (relative, with {@code /}).
 */
public final class FileNames {

  public static final String FRAMES_DIR = "@frames";

  private FileNames() {}

  public static boolean isFrame(String path) {
    return path.endsWith(".frame.json") && !isLocal(path) && !path.contains(".overrides.");
  }

  /** {@code x.resources.json}, {@code x.local.resources.json}, {@code x.resources.local.json}, overlays. */
  public static boolean isResources(String path) {
    String name = path.substring(path.lastIndexOf('/') + 1);
    return name.endsWith(".resources.json") || name.endsWith(".resources.local.json")
        || name.endsWith(".resources.overrides.json");
  }

  /** Under a {@code .local} path: {@code x.local.resources.json}, {@code x.resources.local.json} or a {@code .local/} directory. */
  public static boolean isLocal(String path) {
    String name = path.substring(path.lastIndexOf('/') + 1);
    return path.contains("/.local/") || path.startsWith(".local/") || name.contains(".local.");
  }

  /** An {@code .overrides} overlay: {@code x.overrides.resources.json} or {@code x.resources.overrides.json}. */
  public static boolean isOverrides(String path) {
    String name = path.substring(path.lastIndexOf('/') + 1);
    return name.contains(".overrides.");
  }

  /** {@code @frames/opentelemetry/views/logs.frame.json} is frame {@code @opentelemetry/views/logs}. */
  public static String frameId(String path) {
    String inside = path.substring(FRAMES_DIR.length() + 1);
    return "@" + inside.substring(0, inside.length() - ".frame.json".length());
  }
}

package io.noemata.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The processor run by javac on a package like the driver's, for Java 17, and what its classes do. */
class DelegatesProcessorTest {

  @TempDir
  static Path dir;
  static URLClassLoader loader;

  @BeforeAll
  static void compile() throws IOException {
    Path src = dir.resolve("src/demo");
    Files.createDirectories(src);
    Files.writeString(src.resolve("package-info.java"), """
        @io.noemata.codegen.Delegates(forward = {java.sql.Statement.class}, mirror = {java.sql.PreparedStatement.class})
        package demo;
        """);
    // A concrete subclass compiles only if the generated class implements every method.
    Files.writeString(src.resolve("Recording.java"), """
        package demo;
        public final class Recording extends DelegatingPreparedStatement {
          public final java.util.List<Integer> set = new java.util.ArrayList<>();
          public Recording(java.sql.PreparedStatement delegate, java.sql.PreparedStatement mirror) {
            super(delegate);
            this.mirror = mirror;
          }
          @Override
          protected void parameterSet(int index) {
            set.add(index);
          }
        }
        """);
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    Path out = Files.createDirectories(dir.resolve("classes"));
    Path generated = Files.createDirectories(dir.resolve("generated"));
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, null)) {
      boolean ok = javac.getTask(null, files, diagnostics,
          List.of("--release", "17", "-proc:full", "-processor", DelegatesProcessor.class.getName(),
              "-classpath", System.getProperty("java.class.path"), "-d", out.toString(), "-s", generated.toString(),
              "-Xlint:all", "-Werror"),
          null, files.getJavaFileObjects(src.resolve("package-info.java"), src.resolve("Recording.java"))).call();
      assertTrue(ok, diagnostics.getDiagnostics().toString());
    }
    assertTrue(Files.exists(generated.resolve("demo/DelegatingStatement.java")));
    loader = new URLClassLoader(new java.net.URL[] {out.toUri().toURL()}, DelegatesProcessorTest.class.getClassLoader());
  }

  @Test
  void everyInterfaceMethodIsImplemented() throws Exception {
    for (Class<?> iface : List.of(Statement.class, PreparedStatement.class)) {
      Class<?> generated = loader.loadClass("demo.Delegating" + iface.getSimpleName());
      assertTrue(iface.isAssignableFrom(generated));
      for (Method m : iface.getMethods()) {
        if (!Modifier.isStatic(m.getModifiers())) {
          Method impl = generated.getMethod(m.getName(), m.getParameterTypes());
          assertFalse(Modifier.isAbstract(impl.getModifiers()), impl.toString());
          assertEquals(generated, impl.getDeclaringClass(), impl.toString());
        }
      }
    }
  }

  @Test
  void settersGoToTheMirrorAndReportTheirIndex() throws Exception {
    List<String> delegateCalls = new ArrayList<>();
    List<String> mirrorCalls = new ArrayList<>();
    PreparedStatement recording = recording(recorder(delegateCalls), recorder(mirrorCalls));
    recording.setInt(3, 7);
    recording.setString(1, "x");
    recording.clearParameters();
    recording.addBatch();
    recording.executeQuery();
    assertEquals(List.of("setInt[3, 7]", "setString[1, x]", "clearParameters", "addBatch", "executeQuery"), delegateCalls);
    assertEquals(List.of("setInt[3, 7]", "setString[1, x]", "clearParameters", "addBatch"), mirrorCalls);
    assertEquals(List.of(3, 1, 0), recording.getClass().getField("set").get(recording));
  }

  @Test
  void unwrapAnswersTheWrapperThenTheDelegate() throws Exception {
    List<String> calls = new ArrayList<>();
    PreparedStatement delegate = recorder(calls);
    PreparedStatement recording = recording(delegate, null);
    assertSame(recording, recording.unwrap(PreparedStatement.class));
    assertSame(delegate, recording.unwrap(delegate.getClass()));
    assertTrue(recording.isWrapperFor(delegate.getClass()));
    recording.setLong(2, 5L); // no mirror: the delegate alone
    assertEquals(List.of("setLong[2, 5]"), calls);
  }

  private static PreparedStatement recording(PreparedStatement delegate, PreparedStatement mirror) throws Exception {
    return (PreparedStatement) loader.loadClass("demo.Recording")
        .getConstructor(PreparedStatement.class, PreparedStatement.class).newInstance(delegate, mirror);
  }

  /** A PreparedStatement that only records which methods were called with which arguments. */
  private static PreparedStatement recorder(List<String> calls) {
    return (PreparedStatement) Proxy.newProxyInstance(PreparedStatement.class.getClassLoader(),
        new Class<?>[] {PreparedStatement.class}, (proxy, method, args) -> {
          calls.add(method.getName() + (args == null ? "" : java.util.Arrays.toString(args)));
          return method.getReturnType() == boolean.class ? Boolean.FALSE : null;
        });
  }
}

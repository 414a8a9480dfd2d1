package io.noemata.codegen;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeMirror;
import javax.tools.Diagnostic;

/**
 * Writes the classes {@link Delegates} asks for into the compiler's generated sources
 * ({@code target/generated-sources/annotations} under Maven), so they are never checked in.
 */
public final class DelegatesProcessor extends AbstractProcessor {

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of(Delegates.class.getCanonicalName());
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    DelegateSource source = new DelegateSource(processingEnv.getElementUtils(), processingEnv.getTypeUtils());
    for (Element annotated : round.getElementsAnnotatedWith(Delegates.class)) {
      PackageElement pkg = (PackageElement) annotated;
      for (AnnotationMirror a : annotated.getAnnotationMirrors()) {
        if (!((TypeElement) a.getAnnotationType().asElement()).getQualifiedName()
            .contentEquals(Delegates.class.getCanonicalName())) {
          continue;
        }
        a.getElementValues().forEach((key, value) -> {
          boolean mirror = key.getSimpleName().contentEquals("mirror");
          for (TypeElement iface : interfaces(value)) {
            write(pkg, iface, source.source(pkg.getQualifiedName().toString(), iface, mirror), annotated);
          }
        });
      }
    }
    return true;
  }

  private static List<TypeElement> interfaces(AnnotationValue value) {
    @SuppressWarnings("unchecked")
    List<? extends AnnotationValue> list = (List<? extends AnnotationValue>) value.getValue();
    return list.stream()
        .map(v -> (TypeElement) ((DeclaredType) (TypeMirror) v.getValue()).asElement())
        .toList();
  }

  private void write(PackageElement pkg, TypeElement iface, String text, Element origin) {
    String name = pkg.getQualifiedName() + "." + DelegateSource.className(iface);
    try (Writer w = processingEnv.getFiler().createSourceFile(name, origin).openWriter()) {
      w.write(text);
    } catch (IOException e) {
      processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, "cannot write " + name + ": " + e.getMessage(), origin);
    }
  }
}

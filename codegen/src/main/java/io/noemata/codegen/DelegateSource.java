package io.noemata.codegen;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.TypeParameterElement;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The source of one {@code Delegating*} class, from an interface as the compiler sees it (so the
 * methods are those of the {@code --release} being compiled for, not of the JDK running the build).
 */
final class DelegateSource {

  private final Elements elements;
  private final Types types;

  DelegateSource(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
  }

  static String className(TypeElement iface) {
    return "Delegating" + iface.getSimpleName();
  }

  String source(String pkg, TypeElement iface, boolean mirror) {
    String name = className(iface);
    String type = simple(iface.asType());
    StringBuilder out = new StringBuilder();
    out.append("// Generated at build time by io.noemata.codegen.DelegatesProcessor from ")
        .append(iface.getQualifiedName()).append(". Do not edit.\n");
    out.append("package ").append(pkg).append(";\n\n");
    out.append("import java.sql.*;\n\n");
    out.append("/**\n * Forwards every {@code ").append(iface.getQualifiedName())
        .append("} method to {@code delegate}; subclasses override only what behaves differently.\n");
    if (mirror) {
      out.append(" * Parameter and option setters also go to {@code mirror} when one is set, so a second\n")
          .append(" * statement prepared from other text can run with the same bound values.\n");
    }
    out.append(" */\n");
    out.append("@SuppressWarnings({\"deprecation\", \"unchecked\"})\n");
    out.append("public abstract class ").append(name).append(" implements ").append(type).append(" {\n\n");
    out.append("  protected final ").append(type).append(" delegate;\n");
    if (mirror) {
      out.append("  protected ").append(type).append(" mirror;\n");
    }
    out.append("\n  protected ").append(name).append("(").append(type).append(" delegate) {\n")
        .append("    this.delegate = java.util.Objects.requireNonNull(delegate, \"delegate\");\n  }\n");
    if (mirror) {
      out.append("\n  /** Told after a parameter setter ran (its index), or after clearParameters (0). */\n")
          .append("  protected void parameterSet(int index) {\n  }\n");
    }
    for (ExecutableElement m : methods(iface)) {
      out.append('\n');
      method(out, m, iface, mirror);
    }
    out.append("}\n");
    return out.toString();
  }

  /** Every abstract or default instance method the interface has, the most specific declaration of each. */
  private List<ExecutableElement> methods(TypeElement iface) {
    Map<String, ExecutableElement> bySignature = new LinkedHashMap<>();
    for (ExecutableElement m : ElementFilter.methodsIn(elements.getAllMembers(iface))) {
      if (m.getModifiers().contains(Modifier.STATIC) || m.getEnclosingElement().getKind() != ElementKind.INTERFACE) {
        continue;
      }
      String key = m.getSimpleName() + erasedParameters(m);
      ExecutableElement seen = bySignature.get(key);
      if (seen == null || types.isSubtype(types.erasure(m.getEnclosingElement().asType()),
          types.erasure(seen.getEnclosingElement().asType()))) {
        bySignature.put(key, m);
      }
    }
    List<ExecutableElement> list = new ArrayList<>(bySignature.values());
    list.sort(Comparator.comparing((ExecutableElement m) -> m.getSimpleName().toString())
        .thenComparing(this::erasedParameters));
    return list;
  }

  private String erasedParameters(ExecutableElement m) {
    return m.getParameters().stream().map(p -> types.erasure(p.asType()).toString())
        .collect(Collectors.joining(",", "(", ")"));
  }

  private void method(StringBuilder out, ExecutableElement m, TypeElement iface, boolean mirror) {
    out.append("  @Override\n  public ");
    List<? extends TypeParameterElement> vars = m.getTypeParameters();
    if (!vars.isEmpty()) {
      out.append(vars.stream().map(v -> v.getSimpleName().toString()).collect(Collectors.joining(", ", "<", "> ")));
    }
    String name = m.getSimpleName().toString();
    out.append(simple(m.getReturnType())).append(' ').append(name).append('(');
    List<String> args = new ArrayList<>();
    int count = m.getParameters().size();
    for (int i = 0; i < count; i++) {
      String t = simple(m.getParameters().get(i).asType());
      if (m.isVarArgs() && i == count - 1) {
        t = t.substring(0, t.length() - 2) + "...";
      }
      out.append(i > 0 ? ", " : "").append(t).append(" a").append(i);
      args.add("a" + i);
    }
    out.append(')');
    if (!m.getThrownTypes().isEmpty()) {
      out.append(" throws ").append(m.getThrownTypes().stream().map(this::simple).collect(Collectors.joining(", ")));
    }
    out.append(" {\n");
    String call = name + "(" + String.join(", ", args) + ")";
    boolean isVoid = m.getReturnType().getKind() == TypeKind.VOID;
    if (name.equals("unwrap") && count == 1) {
      out.append("    if (a0.isInstance(this)) {\n      return (T) this;\n    }\n")
          .append("    if (a0.isInstance(delegate)) {\n      return (T) delegate;\n    }\n")
          .append("    return delegate.unwrap(a0);\n");
    } else if (name.equals("isWrapperFor") && count == 1) {
      out.append("    return a0.isInstance(this) || a0.isInstance(delegate) || delegate.isWrapperFor(a0);\n");
    } else if (mirror && isVoid && mirrored(m)) {
      out.append("    delegate.").append(call).append(";\n");
      out.append("    if (mirror != null) {\n      mirror.").append(call).append(";\n    }\n");
      if (parameterSetter(m, iface)) {
        out.append("    parameterSet(a0);\n");
      } else if (name.equals("clearParameters")) {
        out.append("    parameterSet(0);\n");
      }
    } else {
      out.append("    ").append(isVoid ? "" : "return ").append("delegate.").append(call).append(";\n");
    }
    out.append("  }\n");
  }

  /** The mirrored interface's own setters of a {@code ?} value (their first argument is its index). */
  private static boolean parameterSetter(ExecutableElement m, TypeElement iface) {
    return m.getEnclosingElement().equals(iface) && m.getSimpleName().toString().startsWith("set")
        && m.getParameters().size() >= 2 && m.getParameters().get(0).asType().getKind() == TypeKind.INT;
  }

  /** Setters of parameters and options, and the calls that clear or batch bound values. */
  private static boolean mirrored(ExecutableElement m) {
    String n = m.getSimpleName().toString();
    return n.startsWith("set") || n.equals("clearParameters") || n.equals("clearBatch")
        || (n.equals("addBatch") && m.getParameters().isEmpty());
  }

  /** A type as source, with java.lang and java.sql names unqualified (the file imports java.sql.*). */
  private String simple(TypeMirror t) {
    return t.toString().replaceAll("\\bjava\\.lang\\.(?=[A-Z])", "").replaceAll("\\bjava\\.sql\\.(?=[A-Z])", "");
  }
}

package dev.parley.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Which build of Parley a benchmark runs: {@code new} (the classes on the class path) or {@code baseline} (the
 * classes of the jar named by the system property {@value #PROPERTY}, e.g. the {@code benchmarks.jar} of an older
 * commit, loaded in a class loader of their own). The same benchmark code drives both through the public API both
 * builds share, so the two figures differ only in the library.
 */
final class Build {

    /** The system property naming the baseline jar. */
    static final String PROPERTY = "parley.bench.baseline";

    private static ClassLoader baseline;

    private Build() {
    }

    static ClassLoader loader(String build) {
        return switch (build) {
            case "new" -> Build.class.getClassLoader();
            case "baseline" -> baselineLoader();
            default -> throw new IllegalArgumentException("build is new or baseline, not '" + build + "'");
        };
    }

    private static synchronized ClassLoader baselineLoader() {
        if (baseline == null) {
            String jar = System.getProperty(PROPERTY);
            if (jar == null || !Files.isRegularFile(Path.of(jar))) {
                throw new IllegalStateException("-D" + PROPERTY + "=JAR names no file (" + jar + "): build the "
                        + "baseline commit's bench module and pass its target/benchmarks.jar");
            }
            try {
                baseline = new URLClassLoader(new URL[] {Path.of(jar).toUri().toURL()},
                        ClassLoader.getPlatformClassLoader());
            } catch (MalformedURLException e) {
                throw new UncheckedIOException(new IOException(e));
            }
        }
        return baseline;
    }

    /** Calls to one build's public API by name, typed as Object (a call costs a few nanoseconds). */
    static final class Api {
        private final ClassLoader loader;
        private final MethodHandles.Lookup lookup = MethodHandles.publicLookup();

        Api(String build) {
            this.loader = loader(build);
        }

        Class<?> type(String name) {
            try {
                return Class.forName(name, true, loader);
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(name + " is not in this build", e);
            }
        }

        Object construct(String className, Object... args) throws Throwable {
            Class<?> cls = type(className);
            for (var c : cls.getConstructors()) {
                if (c.getParameterCount() == args.length && accepts(c.getParameterTypes(), args)) {
                    return c.newInstance(args);
                }
            }
            throw new IllegalStateException("no constructor of " + className + " takes " + args.length + " args");
        }

        Object callStatic(String className, String method, Object... args) throws Throwable {
            for (var m : type(className).getMethods()) {
                if (m.getName().equals(method) && m.getParameterCount() == args.length
                        && java.lang.reflect.Modifier.isStatic(m.getModifiers())
                        && accepts(m.getParameterTypes(), args)) {
                    return m.invoke(null, args);
                }
            }
            throw new IllegalStateException("no static " + className + "." + method);
        }

        Object call(Object target, String method, Object... args) throws Throwable {
            for (var m : target.getClass().getMethods()) {
                if (m.getName().equals(method) && m.getParameterCount() == args.length
                        && accepts(m.getParameterTypes(), args)) {
                    return m.invoke(target, args);
                }
            }
            throw new IllegalStateException("no method " + method + " on " + target.getClass().getName());
        }

        Object enumConstant(String className, String name) {
            for (Object e : type(className).getEnumConstants()) {
                if (((Enum<?>) e).name().equals(name)) {
                    return e;
                }
            }
            throw new IllegalStateException(className + " has no " + name);
        }

        /** A handle on a method, adapted to take the receiver (and arguments) as declared in {@code type}. */
        MethodHandle virtual(Class<?> owner, String name, MethodType declared, MethodType as) {
            try {
                return lookup.findVirtual(owner, name, declared).asType(as);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(owner.getName() + "." + name + " " + declared, e);
            }
        }

        MethodHandle staticMethod(Class<?> owner, String name, MethodType declared, MethodType as) {
            try {
                return lookup.findStatic(owner, name, declared).asType(as);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(owner.getName() + "." + name + " " + declared, e);
            }
        }

        private static boolean accepts(Class<?>[] types, Object[] args) {
            for (int i = 0; i < types.length; i++) {
                Class<?> t = types[i].isPrimitive() ? box(types[i]) : types[i];
                if (args[i] != null && !t.isInstance(args[i])) {
                    return false;
                }
            }
            return true;
        }

        private static Class<?> box(Class<?> p) {
            return MethodType.methodType(p).wrap().returnType();
        }
    }
}

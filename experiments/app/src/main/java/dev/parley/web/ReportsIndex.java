package dev.parley.web;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The experiment report directories {@code parley serve --reports DIR} shows: DIR itself when it holds a
 * {@code report.html}, else each of its subdirectories that does. Read afresh on every request, so a report written
 * while the server runs appears; only regular files directly inside a listed directory are ever served, never
 * through a symbolic link (a report directory that is a link is not listed either, unless it is a root itself).
 */
public final class ReportsIndex {

    private static final Pattern FILE = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,120}");
    public static final String PAGE = "report.html";

    /** A report directory, under a name unique in the index. */
    public record Report(String name, Path dir) {
    }

    private final List<Path> roots;

    public ReportsIndex(List<Path> roots) {
        this.roots = List.copyOf(roots);
    }

    public boolean configured() {
        return !roots.isEmpty();
    }

    /** Every report directory, by name, roots in order and subdirectories by name. */
    public Map<String, Report> reports() {
        Map<String, Report> out = new LinkedHashMap<>();
        for (Path root : roots) {
            List<Path> dirs = new ArrayList<>();
            if (Files.isRegularFile(root.resolve(PAGE), LinkOption.NOFOLLOW_LINKS)) {
                dirs.add(root);
            } else if (Files.isDirectory(root)) {
                try (Stream<Path> s = Files.list(root)) {
                    // a subdirectory that is a link may lead anywhere: only real subdirectories are reports
                    s.filter(d -> Files.isDirectory(d, LinkOption.NOFOLLOW_LINKS)
                            && Files.isRegularFile(d.resolve(PAGE), LinkOption.NOFOLLOW_LINKS)).sorted()
                            .forEach(dirs::add);
                } catch (IOException e) {
                    continue; // a root that cannot be listed now shows nothing
                }
            }
            for (Path d : dirs) {
                Path abs = d.toAbsolutePath().normalize();
                String base = abs.getFileName() == null ? "report" : abs.getFileName().toString();
                String name = base;
                for (int k = 2; out.containsKey(name); k++) {
                    name = base + "-" + k;
                }
                out.put(name, new Report(name, abs));
            }
        }
        return out;
    }

    /** A file of a listed report directory, never outside it; empty if there is no such report or file. */
    public Optional<Path> file(String report, String file) {
        Report r = reports().get(report);
        if (r == null || !FILE.matcher(file).matches()) {
            return Optional.empty();
        }
        Path f = r.dir().resolve(file).normalize();
        // a link is never followed, so a file inside the directory cannot lead outside it
        return f.getParent().equals(r.dir()) && Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS) ? Optional.of(f)
                : Optional.empty();
    }
}

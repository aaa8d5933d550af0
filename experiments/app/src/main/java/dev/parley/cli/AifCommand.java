package dev.parley.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.parley.aif.AifCheck;
import dev.parley.aif.AifGraph;
import dev.parley.aif.AifJson;
import dev.parley.aif.AifProblem;
import dev.parley.argument.AifToFramework;
import dev.parley.argument.Extension;
import dev.parley.error.InputException;
import dev.parley.io.InputFiles;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code parley aif check|frame|convert}: argument maps in AIFdb JSON or xAIF. */
@Command(name = "aif", mixinStandardHelpOptions = true,
        description = "Check an argument map (AIFdb JSON or xAIF), judge it as an argumentation framework, convert it.",
        subcommands = {AifCommand.Check.class, AifCommand.Frame.class, AifCommand.Convert.class})
final class AifCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }

    static JsonNode readTree(Path file) {
        try (Reader text = InputFiles.openText(file)) {
            return Json.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw new InputException(dev.parley.json.JsonErrors.inFile(file, e), e);
        } catch (IOException e) {
            throw InputFiles.unreadable(file, e);
        }
    }

    static AifGraph readGraph(Path file) {
        try {
            return AifJson.read(file);
        } catch (IOException e) {
            throw InputFiles.unreadable(file, e);
        }
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "List every structural problem of an AIF map at once, each at its JSON path; exit 2 if any."
                    + " With --json, one object per file, in a list.")
    static final class Check implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "FILE", arity = "1..*", description = "AIFdb JSON or xAIF files")
        List<Path> files;

        @Mixin
        JsonOption jsonOption = new JsonOption();

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            ArrayNode all = Json.MAPPER.createArrayNode();
            int total = 0;
            int filesWithProblems = 0;
            for (Path file : files) {
                JsonNode doc = readTree(file);
                List<AifProblem> problems = AifCheck.check(doc);
                JsonNode aif = doc.has("nodes") || !doc.has("AIF") ? doc : doc.get("AIF");
                if (jsonOption.on()) {
                    ObjectNode o = all.addObject();
                    o.put("file", file.toString());
                    ArrayNode a = o.putArray("problems");
                    problems.forEach(p -> a.addObject().put("path", p.path()).put("message", p.message()));
                } else if (problems.isEmpty()) {
                    out.println(file + ": well-formed AIF (" + aif.path("nodes").size() + " nodes, "
                            + aif.path("edges").size() + " edges, " + aif.path("locutions").size() + " locutions)");
                } else {
                    problems.forEach(p -> out.println(file + ": " + p));
                }
                total += problems.size();
                filesWithProblems += problems.isEmpty() ? 0 : 1;
            }
            if (jsonOption.on()) {
                out.println(Json.write(all));
            }
            if (total > 0) {
                spec.commandLine().getErr().println("parley: " + total + " structural problem" + (total == 1 ? "" : "s")
                        + " in " + filesWithProblems + " of " + files.size() + " file" + (files.size() == 1 ? "" : "s"));
                return Parley.EXIT_USAGE;
            }
            return 0;
        }
    }

    @Command(name = "frame", mixinStandardHelpOptions = true,
            description = {"The argumentation framework of an AIF map (I-nodes are arguments, CA attacks, RA"
                + " supports), with its grounded and preferred extensions and the propositions' texts."})
    static final class Frame implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "FILE", description = "an AIFdb JSON or xAIF file")
        Path file;

        @Option(names = "--support", paramLabel = "MODE", defaultValue = "derived",
                description = "derived: RA support adds the derived attacks of bipolar argumentation (supported and"
                    + " indirect attacks); record: supports are listed but add no attack (default: ${DEFAULT-VALUE})")
        String support;

        @Mixin
        JsonOption jsonOption = new JsonOption();

        @Override
        public Integer call() {
            AifToFramework.SupportMode mode = switch (support.toLowerCase(Locale.ROOT)) {
                case "derived" -> AifToFramework.SupportMode.DERIVED_ATTACKS;
                case "record" -> AifToFramework.SupportMode.RECORD_ONLY;
                default -> throw new UserInputException("unknown --support " + support + "; expected derived or record");
            };
            AifToFramework.Result r = AifToFramework.convert(readGraph(file), mode);
            Extension grounded = r.framework().grounded();
            List<Extension> preferred = r.framework().preferredExtensions();
            PrintWriter out = spec.commandLine().getOut();
            if (jsonOption.on()) {
                ObjectNode o = Json.MAPPER.createObjectNode();
                o.put("file", file.toString());
                o.put("support", support.toLowerCase(Locale.ROOT));
                o.put("arguments", r.framework().size());
                o.put("attacks", r.framework().numAttacks());
                o.put("direct_attacks", r.directAttacks().size());
                o.put("supports", r.supports().size());
                ArrayNode attacks = o.putArray("attack_list");
                r.framework().attackList().forEach(a -> attacks.addObject().put("from", a.attacker())
                        .put("to", a.attacked()));
                o.set("grounded", members(grounded, r.texts()));
                ArrayNode p = o.putArray("preferred");
                preferred.forEach(e -> p.add(members(e, r.texts())));
                ArrayNode skipped = o.putArray("skipped");
                r.skipped().forEach(skipped::add);
                out.println(Json.write(o));
                return 0;
            }
            int derivedAttacks = r.framework().numAttacks() - r.directAttacks().size();
            out.println(file + ": " + count(r.framework().size(), "argument") + " (I-nodes), "
                    + count(r.framework().numAttacks(), "attack") + " (" + r.directAttacks().size() + " from CA nodes"
                    + (derivedAttacks > 0 ? ", " + derivedAttacks + " derived through support" : "") + "), "
                    + count(r.supports().size(), "support") + " (RA)");
            print(out, "grounded extension", grounded, r.texts());
            for (int i = 0; i < preferred.size(); i++) {
                print(out, "preferred extension " + (i + 1) + " of " + preferred.size(), preferred.get(i), r.texts());
            }
            for (String s : r.skipped()) {
                out.println("not mapped: " + s);
            }
            return 0;
        }

        private static String count(int n, String noun) {
            return n + " " + noun + (n == 1 ? "" : "s");
        }

        private static ArrayNode members(Extension e, Map<String, String> texts) {
            ArrayNode a = Json.MAPPER.createArrayNode();
            e.arguments().forEach(id -> a.addObject().put("nodeID", id).put("text", texts.get(id)));
            return a;
        }

        private static void print(PrintWriter out, String title, Extension e, Map<String, String> texts) {
            out.println(title + " (" + e.size() + "):");
            for (String id : e.arguments()) {
                out.println("  " + id + "  " + texts.get(id));
            }
        }
    }

    @Command(name = "convert", mixinStandardHelpOptions = true,
            description = "Write an AIF map as AIFdb JSON or as xAIF (standard output unless -o).")
    static final class Convert implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "FILE", description = "an AIFdb JSON or xAIF file")
        Path file;

        @Option(names = "--to", required = true, paramLabel = "FORMAT", description = "aifdb or xaif")
        String to;

        @Option(names = {"-o", "--output"}, paramLabel = "OUT", description = "write here instead")
        Path output;

        @Override
        public Integer call() throws IOException {
            String format = to.toLowerCase(Locale.ROOT);
            if (!format.equals("aifdb") && !format.equals("xaif")) {
                throw new UserInputException("unknown --to " + to + "; expected aifdb or xaif");
            }
            AifGraph g = readGraph(file);
            String text = format.equals("xaif") ? AifJson.toXaif(g) : AifJson.toJson(g);
            if (output == null) {
                spec.commandLine().getOut().println(text);
            } else {
                Path tmp = Files.createTempFile(output.toAbsolutePath().getParent(), ".aif", ".tmp");
                Files.writeString(tmp, text + "\n");
                Files.move(tmp, output, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                        java.nio.file.StandardCopyOption.ATOMIC_MOVE);
            }
            return 0;
        }
    }
}

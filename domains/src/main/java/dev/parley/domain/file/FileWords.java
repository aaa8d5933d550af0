package dev.parley.domain.file;

import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.SurfaceRealiser;
import dev.parley.domain.support.Nlg;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A file domain's offline words: the move's template (one of its alternatives, chosen by the seed) with its
 * placeholders evaluated over the content, between the instruction's opening and closing sentences. The check of a
 * model's words asks that every counted item of the content (and every number) be said with its count.
 */
final class FileWords implements SurfaceRealiser {

    private final FileGame game;
    private final ExprLanguage language;

    FileWords(FileGame game, ExprLanguage language) {
        this.game = game;
        this.language = language;
    }

    @Override
    public String realise(String moveId, Map<String, Object> content, Instruction instruction, long seed) {
        FileGame.MoveSpec move = game.moves().get(moveId);
        if (move == null || move.words().isEmpty()) {
            throw new DomainFileException(game.file().toString(), move == null ? -1 : move.at().line(),
                    move == null ? -1 : move.at().column(), "the move '" + moveId + "' has no offline words"
                    + " (words:): this domain runs only with a model");
        }
        Map<String, Object> vars = new HashMap<>(game.constants());
        vars.putAll(Vars.content(move, content));
        vars.put("instruction", instruction.name());
        Template t = move.words().get(Nlg.pick(seed, moveId + "/" + instruction.name(), move.words().size()));
        String body = sentence(t.render(Vars.of(vars)));
        FileGame.InstructionSpec spec = game.instruction(instruction);
        StringBuilder b = new StringBuilder();
        if (!spec.open().isEmpty()) {
            b.append(sentence(spec.open().get(Nlg.pick(seed, "open/" + moveId, spec.open().size())))).append(' ');
        }
        b.append(body);
        if (!spec.close().isEmpty()) {
            b.append(' ').append(sentence(spec.close().get(Nlg.pick(seed, "close/" + moveId, spec.close().size()))));
        }
        return b.toString().replaceAll("\\s+", " ").strip();
    }

    /** Capitalised and ending with a full stop unless it already ends a sentence. */
    private static String sentence(String s) {
        String t = s.strip();
        if (t.isEmpty()) {
            return t;
        }
        t = Nlg.capitalise(t);
        char end = t.charAt(t.length() - 1);
        return end == '.' || end == '!' || end == '?' || end == '"' ? t : t + ".";
    }

    @Override
    public Optional<String> mismatch(String moveId, Map<String, Object> content, String words) {
        FileGame.MoveSpec move = game.moves().get(moveId);
        if (move == null) {
            return Optional.empty();
        }
        String lower = words.toLowerCase(Locale.ROOT);
        for (FileGame.VarSpec v : move.content().values()) {
            if (!v.checked()) {
                continue;
            }
            Optional<String> m = check(v.type(), content.get(v.name()), lower, v.name());
            if (m.isPresent()) {
                return m;
            }
        }
        return Optional.empty();
    }

    private Optional<String> check(ContentType type, Object value, String lower, String path) {
        if (type instanceof ContentType.Basket b && value instanceof Map<?, ?> m) {
            for (Map.Entry<?, ?> e : m.entrySet()) {
                int n = ((Number) e.getValue()).intValue();
                if (n <= 0) {
                    continue;
                }
                String item = String.valueOf(e.getKey());
                String plural = language.plural(item);
                Pattern said = Pattern.compile("\\b(" + Nlg.numberPattern() + ")\\s+(" + Pattern.quote(item) + "|"
                        + Pattern.quote(plural) + ")\\b", Pattern.CASE_INSENSITIVE);
                var matcher = said.matcher(lower);
                boolean found = false;
                while (matcher.find() && !found) {
                    found = Nlg.parseNumber(matcher.group(1)) == n;
                }
                if (!found) {
                    return Optional.of(path + ": the words do not say " + n + " " + (n == 1 ? item : plural));
                }
            }
        } else if (type instanceof ContentType.Obj o && value instanceof Map<?, ?> m) {
            for (Map.Entry<String, ContentType> f : o.fields().entrySet()) {
                Optional<String> r = check(f.getValue(), m.get(f.getKey()), lower, path + "." + f.getKey());
                if (r.isPresent()) {
                    return r;
                }
            }
        } else if (type instanceof ContentType.Int && value instanceof Number n) {
            String digits = Long.toString(n.longValue());
            if (!Pattern.compile("(?<![\\d.])" + Pattern.quote(digits) + "(?!\\d)").matcher(lower).find()
                    && !lower.matches("(?s).*\\b" + Nlg.numberWord(n.intValue()) + "\\b.*")) {
                return Optional.of(path + ": the words do not say " + digits);
            }
        } else if (type instanceof ContentType.Text && value instanceof String s
                && !lower.contains(s.toLowerCase(Locale.ROOT))) {
            return Optional.of(path + ": the words do not say " + s);
        }
        return Optional.empty();
    }
}

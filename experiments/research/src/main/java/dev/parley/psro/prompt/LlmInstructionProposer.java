package dev.parley.psro.prompt;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.llm.ChatBackend;
import dev.parley.llm.ChatCall;
import dev.parley.llm.ChatMessage;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Asks a language model to continue the player's list of instructions (Gemp et al. 2024; OpenSpiel's chat-game
 * PSRO example asks the model to continue the list of tones): one call per proposal, the population shown as
 * {@code name: guidance} lines, the answer parsed one instruction per line and deduplicated.
 *
 * <p>Parsing: list markers ({@code -}, {@code *}, {@code 1.}, {@code 2)}) and emphasis are stripped; a line
 * {@code name: guidance} gives both parts, a bare line is its own name with the guidance "Respond in a NAME manner.";
 * the name is lower-cased with every run of other characters turned into {@code -} (at most 40 characters). Headings
 * (a line ending in a colon), names of more than four words (sentences, not names) and lines that name the
 * baseline, a population member or an earlier line are dropped. A name that is in the domain's
 * lexicon takes the lexicon's entry, so that offline content planning knows what it means; any other new
 * instruction is carried to the model as its guidance (the offline planners treat it like the baseline).
 *
 * <p>The call's sampling seed is fixed per run so that a repeated run is answered from the call cache.
 */
public final class LlmInstructionProposer implements InstructionProposer {

    private static final Logger LOG = LoggerFactory.getLogger(LlmInstructionProposer.class);
    private static final Pattern MARKER = Pattern.compile("^(?:[-*\u2022]+|\\(?\\d+[.)])\\s*");
    private static final int MAX_NAME = 40;
    /** A longer "name" is a sentence, not an instruction name. */
    private static final int MAX_NAME_WORDS = 4;

    private final ChatBackend chat;
    private final Domain domain;
    private final long seed;
    private final Map<String, Instruction> lexicon = new LinkedHashMap<>();

    public LlmInstructionProposer(ChatBackend chat, Domain domain, long seed) {
        this.chat = chat;
        this.domain = domain;
        this.seed = seed;
        domain.instructionLexicon().forEach(i -> lexicon.putIfAbsent(i.name(), i));
    }

    @Override
    public List<Instruction> propose(int player, List<Instruction> population, int count, Random rng) {
        String answer = chat.complete(new ChatCall(messages(player, population, count), seed, Optional.empty()))
                .text();
        List<Instruction> parsed = parse(answer, population, lexicon);
        LOG.debug("player {}: the model proposed {}", player, parsed.stream().map(Instruction::name).toList());
        return List.copyOf(parsed.subList(0, Math.min(count, parsed.size())));
    }

    /** The request: the domain's background, the player, its instructions so far and what to add. */
    List<ChatMessage> messages(int player, List<Instruction> population, int count) {
        StringBuilder list = new StringBuilder();
        for (Instruction i : population) {
            list.append(i.name()).append(": ")
                    .append(i.guidance().isBlank() ? "Respond as you see fit (no guidance)." : i.guidance())
                    .append('\n');
        }
        String who = player < domain.protocolPlayers().size() ? domain.protocolPlayers().get(player)
                : "player " + player;
        return List.of(
                ChatMessage.system(domain.prompts().background()),
                ChatMessage.user("You are choosing instructions for " + who + ": each instruction is a tone or"
                        + " style that " + who + " keeps for the whole dialogue. The instructions so far, one per"
                        + " line as 'name: guidance':\n\n" + list + "\nContinue the list with " + count + " new"
                        + " instructions, each different from every one above, in the same format: one per line,"
                        + " 'name: guidance', the name one or two words. Answer with the new lines only."));
    }

    /** The new instructions in a model's answer, in order (see the class comment for the rules). */
    static List<Instruction> parse(String answer, List<Instruction> population, Map<String, Instruction> lexicon) {
        Set<String> seen = new HashSet<>();
        seen.add(Instruction.ANY.name());
        population.forEach(i -> seen.add(i.name()));
        List<Instruction> out = new ArrayList<>();
        if (answer == null) {
            return out;
        }
        for (String raw : answer.split("\\R")) {
            String line = MARKER.matcher(raw.strip()).replaceFirst("").replace("*", "").replace("`", "").strip();
            if (line.isEmpty()) {
                continue;
            }
            int colon = line.indexOf(':');
            String rawName = colon >= 0 ? line.substring(0, colon) : line;
            String guidance = colon >= 0 ? line.substring(colon + 1).strip() : "";
            if (colon >= 0 && guidance.isEmpty()) {
                continue; // a heading ("New instructions:"), not an instruction
            }
            String name = normalise(rawName);
            if (name.isEmpty() || name.split("-").length > MAX_NAME_WORDS || !seen.add(name)) {
                continue;
            }
            Instruction known = lexicon.get(name);
            if (known != null) {
                out.add(known);
            } else {
                String words = rawName.strip().replaceAll("[\"']", "");
                out.add(new Instruction(name, guidance.isEmpty() ? "Respond in a " + words.toLowerCase(Locale.ROOT)
                        + " manner." : guidance));
            }
        }
        return out;
    }

    static String normalise(String name) {
        String n = name.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", "-").replaceAll("^-+|-+$", "");
        if (n.length() > MAX_NAME) {
            n = n.substring(0, MAX_NAME).replaceAll("-+$", "");
        }
        return n;
    }

    @Override
    public String backend() {
        return chat.label();
    }
}

package dev.parley.domain.dealornodeal;

import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.SurfaceRealiser;
import dev.parley.domain.support.Nlg;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import simplenlg.framework.NLGElement;
import simplenlg.phrasespec.NPPhraseSpec;

/**
 * Deal or No Deal's offline words, realised with SimpleNLG ("I take two books and a hat, and you get three balls").
 * The words check reads each count before its item name, singular or plural, in any order.
 */
public final class DealWords implements SurfaceRealiser {

    private static final Pattern MENTION = Pattern.compile("\\b(" + Nlg.numberPattern() + "|no|zero|all)\\s+"
            + "(books?|hats?|balls?)\\b", Pattern.CASE_INSENSITIVE);

    @Override
    public String realise(String moveId, Map<String, Object> content, Instruction instruction, long seed) {
        Nlg nlg = Nlg.get();
        String tone = instruction.name();
        return switch (moveId) {
            case DealOrNoDeal.PROPOSE -> {
                Object o = content.get(DealOrNoDeal.OFFER);
                String lead = switch (tone) {
                    case "assertive" -> "This is my offer.";
                    case "submissive" -> "Would this be all right with you?";
                    case "calm" -> "Here is a fair split.";
                    default -> List.of("How about this?", "Here is my proposal.").get(Nlg.pick(seed, "lead", 2));
                };
                yield lead + " " + nlg.sentence(nlg.clause("I", "take", share(nlg, DealOrNoDeal.mine(o))), "and",
                        nlg.clause("you", "get", share(nlg, DealOrNoDeal.yours(o))), '.');
            }
            case DealOrNoDeal.ACCEPT -> {
                Object o = content.get(DealOrNoDeal.TERMS);
                yield "Deal! " + nlg.sentence(nlg.clause("I", "get", share(nlg, DealOrNoDeal.yours(o))), "and",
                        nlg.clause("you", "get", share(nlg, DealOrNoDeal.mine(o))), '.');
            }
            case DealOrNoDeal.NO_DEAL -> nlg.sentence(Nlg.not(nlg.clause("we", "have", "a deal"))) + " "
                    + nlg.sentence(nlg.clause("I", "end", "the negotiation here"));
            default -> throw new IllegalArgumentException("deal-or-no-deal has no move " + moveId);
        };
    }

    private static NLGElement share(Nlg nlg, int[] counts) {
        List<NPPhraseSpec> parts = new ArrayList<>();
        for (int i = 0; i < Boards.ITEMS; i++) {
            if (counts[i] > 0) {
                parts.add(nlg.noun(Nlg.numberWord(counts[i]), DealOrNoDeal.ITEMS.get(i), counts[i] > 1));
            }
        }
        return nlg.list(parts);
    }

    @Override
    public Optional<String> mismatch(String moveId, Map<String, Object> content, String words) {
        if (moveId.equals(DealOrNoDeal.NO_DEAL)) {
            return words.toLowerCase(Locale.ROOT).contains("deal") ? Optional.empty()
                    : Optional.of("the words do not say there is no deal");
        }
        Object o = content.get(moveId.equals(DealOrNoDeal.PROPOSE) ? DealOrNoDeal.OFFER : DealOrNoDeal.TERMS);
        int[] mine = DealOrNoDeal.mine(o);
        int[] yours = DealOrNoDeal.yours(o);
        List<int[]> said = new ArrayList<>();
        Matcher m = MENTION.matcher(words);
        while (m.find()) {
            String n = m.group(1).toLowerCase(Locale.ROOT);
            String noun = m.group(2).toLowerCase(Locale.ROOT);
            int item = DealOrNoDeal.ITEMS.indexOf(noun.endsWith("s") ? noun.substring(0, noun.length() - 1) : noun);
            int count = n.equals("no") || n.equals("zero") ? 0 : n.equals("all") ? mine[item] + yours[item]
                    : Nlg.parseNumber(n);
            said.add(new int[] {item, count});
        }
        for (int i = 0; i < Boards.ITEMS; i++) {
            final int item = i;
            for (int c : new int[] {mine[i], yours[i]}) {
                if (c > 0 && said.stream().noneMatch(s -> s[0] == item && s[1] == c)) {
                    return Optional.of("the words do not say " + DealOrNoDeal.count(c, i));
                }
            }
        }
        for (int[] s : said) {
            if (s[1] != mine[s[0]] && s[1] != yours[s[0]]) {
                return Optional.of("the words say " + DealOrNoDeal.count(s[1], s[0]) + ", which neither side gets");
            }
        }
        return Optional.empty();
    }
}

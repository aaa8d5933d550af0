package dev.parley.domain.campsite;

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
import simplenlg.phrasespec.SPhraseSpec;

/**
 * The campsite's offline words, realised with SimpleNLG: a deal as coordinated noun phrases ("two food packages
 * and one water package"), an argument as a clause about the item followed by the camper's own reason as written,
 * and the strategy groups' generic lines (rapport, a question about preferences, an appeal to fairness). The check
 * of words against content reads counts before item names ("3 firewood", "one water package") in any order.
 */
public final class CampsiteWords implements SurfaceRealiser {

    private static final Pattern MENTION = Pattern.compile("\\b(" + Nlg.numberPattern()
            + "|no|zero|none of the|all|all three|all 3)\\s+(?:of\\s+the\\s+)?(food|water|firewood)\\b",
            Pattern.CASE_INSENSITIVE);

    @Override
    public String realise(String moveId, Map<String, Object> content, Instruction instruction, long seed) {
        Nlg nlg = Nlg.get();
        String group = CampsitePlanner.group(instruction);
        return switch (moveId) {
            case Campsite.SAY -> say(nlg, content, group, seed);
            case Campsite.SUBMIT -> {
                Object d = content.get(Campsite.DEAL);
                SPhraseSpec take = nlg.clause("I", "take", share(nlg, Items.mine(d)));
                SPhraseSpec you = nlg.clause("you", "get", share(nlg, Items.yours(d)));
                String lead = switch (group) {
                    case Strategies.PROSOCIAL_GENERIC, Strategies.PROSOCIAL_PREFERENCE ->
                            List.of("Would this work for both of us?", "Here is a split that could suit us both.")
                                    .get(Nlg.pick(seed, "submit-social", 2));
                    case Strategies.PROSELF_GENERIC -> "This is a fair split.";
                    case Strategies.PROSELF_PREFERENCE -> "This is what I need.";
                    default -> "Here is my offer.";
                };
                yield lead + " " + nlg.sentence(take, "and", you, '.');
            }
            case Campsite.ACCEPT -> {
                Object d = content.get(Campsite.TERMS);
                yield "Deal! " + nlg.sentence(nlg.clause("I", "get", share(nlg, Items.yours(d))), "and",
                        nlg.clause("you", "get", share(nlg, Items.mine(d))), '.');
            }
            case Campsite.REJECT -> {
                Object d = content.get(Campsite.TERMS);
                SPhraseSpec mine = Nlg.modal(nlg.clause("I", "get", share(nlg, Items.yours(d))), "would");
                SPhraseSpec yours = Nlg.modal(nlg.clause("you", "get", share(nlg, Items.mine(d))), "would");
                yield nlg.sentence(Nlg.not(Nlg.modal(nlg.clause("I", "accept", "that deal"), "can"))) + " "
                        + nlg.sentence(mine, "and", yours, '.');
            }
            case Campsite.WALK_AWAY -> nlg.sentence(nlg.clause("I", "walk away from", "this negotiation"));
            default -> throw new IllegalArgumentException("campsite has no move " + moveId);
        };
    }

    private static String say(Nlg nlg, Map<String, Object> content, String group, long seed) {
        String item = String.valueOf(content.get(Campsite.ITEM));
        String priority = String.valueOf(content.get(Campsite.PRIORITY));
        String reason = String.valueOf(content.get(Campsite.REASON));
        List<String> out = new ArrayList<>();
        if (!item.equals(Campsite.NONE)) {
            NPPhraseSpec the = nlg.noun("the", item, false);
            SPhraseSpec claim = switch (priority) {
                case "high" -> {
                    SPhraseSpec c = nlg.clause("I", "need", the);
                    c.addPreModifier("really");
                    yield c;
                }
                case "medium" -> nlg.clause("I", "need", nlg.noun("some", item, false));
                case "low" -> Nlg.not(nlg.clause("I", "need", nlg.noun("much", item, false)));
                default -> nlg.clause("I", "want to talk about", the);
            };
            if (group.equals(Strategies.PROSOCIAL_PREFERENCE) && priority.equals("low")) {
                out.add(nlg.sentence(nlg.clause("you", "can have", nlg.noun("most of the", item, false)),
                        "because", claim, '.'));
            } else {
                out.add(nlg.sentence(claim));
            }
        } else {
            out.add(switch (group) {
                case Strategies.PROSOCIAL_GENERIC -> List.of(
                        nlg.sentence(Nlg.modal(nlg.clause("I", "look forward to", "this camping trip"), null), '!'),
                        nlg.sentence(nlg.clause("I", "understand", "that you need supplies too")),
                        nlg.sentence(Nlg.modal(nlg.clause("we", "find", "a split that is good for both of us"),
                                "can"))).get(Nlg.pick(seed, "social", 3));
                case Strategies.PROSOCIAL_PREFERENCE -> List.of(
                        "Which item do you need most for your trip?",
                        "What matters most to you: food, water or firewood?").get(Nlg.pick(seed, "elicit", 2));
                case Strategies.PROSELF_GENERIC -> List.of(
                        nlg.sentence(nlg.clause("a fair split", "matter", "to me")),
                        nlg.sentence(Nlg.not(nlg.clause("you", "need", "that much of everything")))
                ).get(Nlg.pick(seed, "proself", 2));
                case Strategies.PROSELF_PREFERENCE -> nlg.sentence(nlg.clause("I", "have", "real needs for this trip"));
                default -> nlg.sentence(Nlg.modal(nlg.clause("we", "talk about", "how to split the packages"),
                        "should"));
            });
        }
        if (!reason.equals(Campsite.NONE)) {
            out.add(CampsiteScenarios.clean(reason));
        }
        return Nlg.join(out);
    }

    /** A share as coordinated noun phrases, or "nothing". */
    private static NLGElement share(Nlg nlg, int[] counts) {
        List<NPPhraseSpec> parts = new ArrayList<>();
        for (int i = 0; i < Items.COUNT; i++) {
            if (counts[i] > 0) {
                NPPhraseSpec np = nlg.noun(Nlg.numberWord(counts[i]), "package", counts[i] > 1);
                np.addPreModifier(Items.NAMES.get(i));
                parts.add(np);
            }
        }
        return nlg.list(parts);
    }

    @Override
    public Optional<String> mismatch(String moveId, Map<String, Object> content, String words) {
        String lower = words.toLowerCase(Locale.ROOT);
        switch (moveId) {
            case Campsite.SAY -> {
                String item = String.valueOf(content.get(Campsite.ITEM));
                if (!item.equals(Campsite.NONE) && !lower.contains(item)) {
                    return Optional.of("the words do not name the " + item);
                }
                String reason = String.valueOf(content.get(Campsite.REASON));
                if (!reason.equals(Campsite.NONE) && !normal(lower).contains(normal(reason))) {
                    return Optional.of("the words do not give the reason \"" + reason + "\"");
                }
                return Optional.empty();
            }
            case Campsite.SUBMIT, Campsite.ACCEPT, Campsite.REJECT -> {
                Object d = content.get(moveId.equals(Campsite.SUBMIT) ? Campsite.DEAL : Campsite.TERMS);
                return dealMismatch(Items.mine(d), Items.yours(d), words);
            }
            case Campsite.WALK_AWAY -> {
                return lower.contains("walk") ? Optional.empty() : Optional.of("the words do not say walk away");
            }
            default -> {
                return Optional.of("campsite has no move " + moveId);
            }
        }
    }

    private static String normal(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", " ").strip();
    }

    /** Every nonzero count of both sides is said with its item, and no count is said that neither side has. */
    static Optional<String> dealMismatch(int[] mine, int[] yours, String words) {
        List<int[]> said = new ArrayList<>();
        Matcher m = MENTION.matcher(words);
        while (m.find()) {
            String n = m.group(1).toLowerCase(Locale.ROOT);
            int count = n.startsWith("all") ? Items.PACKAGES : n.equals("no") || n.equals("zero")
                    || n.startsWith("none") ? 0 : Nlg.parseNumber(n);
            said.add(new int[] {Items.index(m.group(2)), count});
        }
        for (int i = 0; i < Items.COUNT; i++) {
            final int item = i;
            for (int c : new int[] {mine[i], yours[i]}) {
                if (c > 0 && said.stream().noneMatch(s -> s[0] == item && s[1] == c)) {
                    return Optional.of("the words do not say " + c + " " + Items.NAMES.get(i));
                }
            }
        }
        for (int[] s : said) {
            if (s[1] != mine[s[0]] && s[1] != yours[s[0]]) {
                return Optional.of("the words say " + s[1] + " " + Items.NAMES.get(s[0]) + ", which neither side"
                        + " of the deal gets");
            }
        }
        return Optional.empty();
    }
}

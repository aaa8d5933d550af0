package dev.parley.domain.debate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The argument bank written for Parley: per topic, arguments for and against the proposition, each tagged with the
 * mode of persuasion it uses and the value it promotes, and rebuttals, each attacking one specific argument of the
 * other side. The offline debater draws its arguments from here; the offline judge turns what was said into a
 * value-based argumentation framework.
 */
public final class ArgumentBank {

    /** An argument for one side. */
    public record Argument(String id, Side side, Style style, String value, String text) {
        public Argument {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(side, "side");
            Objects.requireNonNull(style, "style");
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(text, "text");
        }
    }

    /** A rebuttal by {@code side} of the other side's argument {@code attacks}. */
    public record Rebuttal(String id, Side side, Style style, String value, String attacks, String text) {
        public Rebuttal {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(side, "side");
            Objects.requireNonNull(style, "style");
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(attacks, "attacks");
            Objects.requireNonNull(text, "text");
        }
    }

    /**
     * One debate topic.
     *
     * @param values     the values its arguments promote, in the default audience's order (most preferred first)
     * @param arguments  arguments of both sides, in bank order
     * @param rebuttals  rebuttals of both sides, in bank order
     */
    public record Topic(String id, String proposition, String negation, List<String> values,
                        List<Argument> arguments, List<Rebuttal> rebuttals) {
        public Topic {
            values = List.copyOf(values);
            arguments = List.copyOf(arguments);
            rebuttals = List.copyOf(rebuttals);
        }

        /** The claim text of a side. */
        public String claim(Side side) {
            return side == Side.PRO ? proposition : negation;
        }
    }

    private static final Map<String, Topic> BY_PROPOSITION = new LinkedHashMap<>();
    private static final Map<String, Argument> ARGUMENTS = new HashMap<>();
    private static final Map<String, Rebuttal> REBUTTALS = new HashMap<>();

    static {
        add(new Topic("breakfast", "Breakfast is the most important meal of the day",
                "Breakfast is not the most important meal of the day",
                List.of("health", "wellbeing", "knowledge", "liberty", "tradition"),
                List.of(
                        a("bf-p1", Side.PRO, Style.LOGOS, "health", "Eating breakfast steadies blood sugar after the"
                                + " overnight fast, which helps people avoid mid-morning energy crashes."),
                        a("bf-p2", Side.PRO, Style.PATHOS, "wellbeing", "Think of a child trying to learn on an empty"
                                + " stomach: a morning meal lets them start the day comfortable and ready."),
                        a("bf-p3", Side.PRO, Style.ETHOS, "knowledge", "Dietitians and school nutrition programmes"
                                + " have long recommended breakfast as the foundation of a balanced diet."),
                        a("bf-p4", Side.PRO, Style.LOGOS, "knowledge", "Studies of pupils given school breakfasts"
                                + " report better attention and test scores in morning lessons."),
                        a("bf-c1", Side.CON, Style.LOGOS, "knowledge", "Controlled trials find that adding breakfast"
                                + " does not lead to weight loss and can add calories overall."),
                        a("bf-c2", Side.CON, Style.PATHOS, "liberty", "People who are not hungry in the morning are"
                                + " made to feel guilty for listening to their own bodies."),
                        a("bf-c3", Side.CON, Style.ETHOS, "health", "Many physicians now support time-restricted"
                                + " eating, in which skipping breakfast is a deliberate, healthy choice."),
                        a("bf-c4", Side.CON, Style.LOGOS, "health", "What matters for health is the quality and total"
                                + " amount of food over the day, not which meal comes first.")),
                List.of(
                        r("bf-pr1", Side.PRO, Style.LOGOS, "knowledge", "bf-c1", "Weight trials measure only weight;"
                                + " they say nothing about concentration, mood or nutrient intake, where breakfast"
                                + " helps."),
                        r("bf-pr2", Side.PRO, Style.PATHOS, "wellbeing", "bf-c2", "Nobody is shamed by"
                                + " encouragement; a light breakfast offered kindly is care, not coercion."),
                        r("bf-pr3", Side.PRO, Style.ETHOS, "health", "bf-c3", "Fasting regimes are studied mostly in"
                                + " healthy adults; paediatricians still advise children and teenagers to eat"
                                + " breakfast."),
                        r("bf-pr4", Side.PRO, Style.LOGOS, "health", "bf-c4", "Those who skip breakfast tend to snack"
                                + " more later, so the first meal shapes the quality of the rest of the day."),
                        r("bf-cr1", Side.CON, Style.LOGOS, "knowledge", "bf-p1", "Healthy bodies regulate blood sugar"
                                + " overnight without trouble; the crash is mostly caused by sugary cereals."),
                        r("bf-cr2", Side.CON, Style.PATHOS, "liberty", "bf-p2", "A hungry child should be fed at any"
                                + " hour; that argues for feeding children, not for crowning one meal above the"
                                + " others."),
                        r("bf-cr3", Side.CON, Style.ETHOS, "knowledge", "bf-p3", "Much of the breakfast advice traces"
                                + " back to cereal-company marketing, not to independent research."),
                        r("bf-cr4", Side.CON, Style.LOGOS, "knowledge", "bf-p4", "School breakfast studies cannot"
                                + " separate the meal from the extra attention and routine such programmes bring."))));
        add(new Topic("alcohol", "Alcohol should be illegal", "Alcohol should not be illegal",
                List.of("health", "safety", "liberty", "prosperity", "tradition"),
                List.of(
                        a("al-p1", Side.PRO, Style.LOGOS, "health", "Alcohol causes liver disease, several cancers"
                                + " and millions of deaths a year; a product that harmful should not be sold."),
                        a("al-p2", Side.PRO, Style.PATHOS, "safety", "Families lose parents and children to drunk"
                                + " drivers every day; each of those deaths was preventable."),
                        a("al-p3", Side.PRO, Style.ETHOS, "health", "Public health bodies state that no level of"
                                + " drinking is safe for health."),
                        a("al-p4", Side.PRO, Style.LOGOS, "prosperity", "The costs of alcohol to health care, policing"
                                + " and lost work far exceed the tax it raises."),
                        a("al-c1", Side.CON, Style.LOGOS, "safety", "Prohibition in the United States fed organised"
                                + " crime and poisonous bootleg liquor; banning alcohol makes drinking more"
                                + " dangerous."),
                        a("al-c2", Side.CON, Style.PATHOS, "liberty", "Adults who enjoy a glass of wine with dinner"
                                + " harm no one and deserve to be trusted with their own choices."),
                        a("al-c3", Side.CON, Style.ETHOS, "tradition", "Wine, beer and spirits are part of religious"
                                + " rites, cultural festivals and culinary heritage across the world."),
                        a("al-c4", Side.CON, Style.LOGOS, "prosperity", "Brewing, winemaking and hospitality employ"
                                + " millions of people whose livelihoods a ban would destroy.")),
                List.of(
                        r("al-pr1", Side.PRO, Style.LOGOS, "safety", "al-c1", "Modern states can enforce bans far"
                                + " better than in the 1920s, as tight controls on other drugs show."),
                        r("al-pr2", Side.PRO, Style.PATHOS, "safety", "al-c2", "Drinking is not a private choice when"
                                + " the drinker gets behind the wheel or raises a hand at home."),
                        r("al-pr3", Side.PRO, Style.ETHOS, "health", "al-c3", "Traditions change: tobacco was once"
                                + " part of rituals and hospitality too, and societies moved on for health's sake."),
                        r("al-pr4", Side.PRO, Style.LOGOS, "health", "al-c4", "The jobs argument was made for tobacco"
                                + " as well; workers can move to other trades, while the dead cannot."),
                        r("al-cr1", Side.CON, Style.LOGOS, "liberty", "al-p1", "Many legal products harm health, from"
                                + " sugar to motorbikes; we inform people and tax harm rather than ban it."),
                        r("al-cr2", Side.CON, Style.PATHOS, "liberty", "al-p2", "Drunk driving is already a crime;"
                                + " punish the dangerous driver, not millions of responsible drinkers."),
                        r("al-cr3", Side.CON, Style.ETHOS, "liberty", "al-p3", "Health agencies advise moderation and"
                                + " labelling; none of them recommends criminal prohibition."),
                        r("al-cr4", Side.CON, Style.LOGOS, "prosperity", "al-p4", "Prohibition would add the costs of"
                                + " enforcement and prisons and lose all the tax, making the balance worse."))));
        add(new Topic("homework", "Homework should be banned in primary schools",
                "Homework should not be banned in primary schools",
                List.of("wellbeing", "knowledge", "fairness", "liberty", "tradition"),
                List.of(
                        a("hw-p1", Side.PRO, Style.LOGOS, "knowledge", "Reviews of the research find almost no link"
                                + " between homework and achievement for children under eleven."),
                        a("hw-p2", Side.PRO, Style.PATHOS, "wellbeing", "Young children come home tired; evenings"
                                + " spent fighting over worksheets rob them of play, rest and family time."),
                        a("hw-p3", Side.PRO, Style.ETHOS, "knowledge", "Countries with top-ranked school systems, such"
                                + " as Finland, set little or no homework for young pupils."),
                        a("hw-p4", Side.PRO, Style.LOGOS, "fairness", "Homework rewards children whose parents have"
                                + " the time and education to help, widening the gap with those who do not."),
                        a("hw-c1", Side.CON, Style.LOGOS, "knowledge", "Short, regular practice of reading and times"
                                + " tables at home measurably improves fluency."),
                        a("hw-c2", Side.CON, Style.PATHOS, "tradition", "Homework shows parents what their children"
                                + " are learning and gives families a shared moment around school."),
                        a("hw-c3", Side.CON, Style.ETHOS, "knowledge", "Most teachers' associations support light"
                                + " homework as a way to build study habits early."),
                        a("hw-c4", Side.CON, Style.LOGOS, "liberty", "A blanket ban takes the decision away from"
                                + " teachers and parents who know what each child needs.")),
                List.of(
                        r("hw-pr1", Side.PRO, Style.LOGOS, "knowledge", "hw-c1", "Reading for pleasure gives the same"
                                + " benefit without turning it into assigned homework."),
                        r("hw-pr2", Side.PRO, Style.PATHOS, "wellbeing", "hw-c2", "Families can share learning through"
                                + " stories and games; marked worksheets more often bring tears than togetherness."),
                        r("hw-pr3", Side.PRO, Style.ETHOS, "knowledge", "hw-c3", "Teachers' bodies also warn of the"
                                + " workload of setting and marking homework that gains little."),
                        r("hw-pr4", Side.PRO, Style.LOGOS, "fairness", "hw-c4", "Leaving it to each school means"
                                + " poorer pupils keep bearing a load their classmates can share with tutors."),
                        r("hw-cr1", Side.CON, Style.LOGOS, "knowledge", "hw-p1", "Those reviews measure test scores;"
                                + " homework also builds independence and routine, which tests do not capture."),
                        r("hw-cr2", Side.CON, Style.PATHOS, "wellbeing", "hw-p2", "Ten minutes of reading is not what"
                                + " exhausts children; the fix is less homework, not none."),
                        r("hw-cr3", Side.CON, Style.ETHOS, "knowledge", "hw-p3", "Finland's results rest on teacher"
                                + " training and small classes; copying one policy does not copy the system."),
                        r("hw-cr4", Side.CON, Style.LOGOS, "fairness", "hw-p4", "Schools can run homework clubs so"
                                + " every pupil gets support; a ban removes practice from those who need it most."))));
        add(new Topic("cars", "Cities should ban private cars from their centres",
                "Cities should not ban private cars from their centres",
                List.of("health", "environment", "safety", "liberty", "prosperity"),
                List.of(
                        a("car-p1", Side.PRO, Style.LOGOS, "environment", "Car traffic is a leading source of urban air"
                                + " pollution and carbon emissions; removing it cuts both sharply."),
                        a("car-p2", Side.PRO, Style.PATHOS, "safety", "Parents should be able to let their children"
                                + " walk to school without fearing traffic at every crossing."),
                        a("car-p3", Side.PRO, Style.ETHOS, "health", "Public health experts link city-centre traffic"
                                + " to asthma and heart disease and back car-free zones."),
                        a("car-p4", Side.PRO, Style.LOGOS, "prosperity", "Car-free centres such as Oslo's and"
                                + " Pontevedra's saw more foot traffic and busier shops."),
                        a("car-c1", Side.CON, Style.LOGOS, "prosperity", "Shops and trades depend on deliveries and"
                                + " customers who drive in; a ban pushes business out to retail parks."),
                        a("car-c2", Side.CON, Style.PATHOS, "liberty", "For disabled and elderly people a car is their"
                                + " independence; a ban cuts them off from the heart of their city."),
                        a("car-c3", Side.CON, Style.ETHOS, "liberty", "Emergency planners and residents' associations"
                                + " warn that bans lock people out of places they have every right to visit."),
                        a("car-c4", Side.CON, Style.LOGOS, "environment", "Electric cars are removing tailpipe"
                                + " emissions anyway; a ban punishes drivers for a problem that is already"
                                + " shrinking.")),
                List.of(
                        r("car-pr1", Side.PRO, Style.LOGOS, "prosperity", "car-c1", "Deliveries and trades can keep"
                                + " permits and loading hours; shoppers on foot spend more over a month than"
                                + " drivers."),
                        r("car-pr2", Side.PRO, Style.PATHOS, "safety", "car-c2", "Car-free plans exempt blue-badge"
                                + " holders and add accessible shuttles, so disabled people gain calmer, safer"
                                + " streets."),
                        r("car-pr3", Side.PRO, Style.ETHOS, "health", "car-c3", "Emergency vehicles keep access in"
                                + " every car-free scheme, and doctors point to the lives saved by cleaner air."),
                        r("car-pr4", Side.PRO, Style.LOGOS, "health", "car-c4", "Electric cars still wear tyres and"
                                + " brakes into fine dust and still kill pedestrians; emissions are not the only"
                                + " harm."),
                        r("car-cr1", Side.CON, Style.LOGOS, "liberty", "car-p1", "Pollution falls with cleaner buses"
                                + " and low-emission rules, without shutting out every driver."),
                        r("car-cr2", Side.CON, Style.PATHOS, "liberty", "car-p2", "Safer crossings, lower speed limits"
                                + " and school streets protect children without banning everyone's car."),
                        r("car-cr3", Side.CON, Style.ETHOS, "prosperity", "car-p3", "Health experts also stress that"
                                + " cities must stay accessible; a centre nobody can reach helps no one's health."),
                        r("car-cr4", Side.CON, Style.LOGOS, "prosperity", "car-p4", "Oslo and Pontevedra have compact"
                                + " centres and strong transit; the same ban in a sprawling city drains trade."))));
    }

    private ArgumentBank() {
    }

    private static Argument a(String id, Side side, Style style, String value, String text) {
        return new Argument(id, side, style, value, text);
    }

    private static Rebuttal r(String id, Side side, Style style, String value, String attacks, String text) {
        return new Rebuttal(id, side, style, value, attacks, text);
    }

    /** Adds a topic after checking it: unique ids, known values, rebuttals aimed at the other side's arguments. */
    private static void add(Topic t) {
        Set<String> values = new HashSet<>(t.values());
        List<String> problems = new ArrayList<>();
        Map<String, Argument> own = new HashMap<>();
        for (Argument a : t.arguments()) {
            if (ARGUMENTS.containsKey(a.id()) || own.put(a.id(), a) != null) {
                problems.add("argument id " + a.id() + " is used twice");
            }
            if (!values.contains(a.value())) {
                problems.add(a.id() + " promotes " + a.value() + ", which is not among the topic's values");
            }
        }
        for (Rebuttal r : t.rebuttals()) {
            Argument target = own.get(r.attacks());
            if (target == null || target.side() == r.side()) {
                problems.add(r.id() + " attacks " + r.attacks() + ", which is no argument of the other side");
            }
            if (!values.contains(r.value())) {
                problems.add(r.id() + " promotes " + r.value() + ", which is not among the topic's values");
            }
            if (REBUTTALS.containsKey(r.id()) || own.containsKey(r.id())) {
                problems.add("rebuttal id " + r.id() + " is used twice");
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException("argument bank topic " + t.id() + ": " + problems);
        }
        BY_PROPOSITION.put(t.proposition(), t);
        ARGUMENTS.putAll(own);
        for (Rebuttal r : t.rebuttals()) {
            REBUTTALS.put(r.id(), r);
        }
    }

    /** Every banked topic, in a fixed order. */
    public static List<Topic> topics() {
        return List.copyOf(BY_PROPOSITION.values());
    }

    /** The banked topic of a proposition (the scenario's topic text). */
    public static Optional<Topic> topic(String proposition) {
        return Optional.ofNullable(BY_PROPOSITION.get(proposition));
    }

    public static Optional<Argument> argument(String id) {
        return Optional.ofNullable(ARGUMENTS.get(id));
    }

    public static Optional<Rebuttal> rebuttal(String id) {
        return Optional.ofNullable(REBUTTALS.get(id));
    }
}

package dev.parley.bench;

import dev.parley.dialogue.Domain;
import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.MoveContext;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.debate.Debate;
import dev.parley.domain.fruit.FruitTrading;
import dev.parley.domain.fruit.Fruits;
import dev.parley.domain.scheduling.MeetingScheduling;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One call of each domain's offline planner, move chooser and exact scorer on a representative mid-dialogue
 * transcript of its default scenario: what the tree builder pays per node and per terminal.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
@Fork(1)
@State(Scope.Benchmark)
public class DomainBench {

    private final Domain fruit = FruitTrading.domain();
    private final Scenario fruitScenario = fruit.scenarios(1, 1).get(0);
    private final List<Message> fruitTalk = List.of(
            msg(0, "propose", Map.of("offer", offer("banana:1", "blueberry:1,kiwi:3"))),
            msg(1, "counter", Map.of("offer", offer("blueberry:1", "banana:1"))));
    private final List<Message> fruitDeal = List.of(fruitTalk.get(0), fruitTalk.get(1),
            msg(0, "accept", Map.of("terms", offer("blueberry:1", "banana:1"))));

    private final Domain scheduling = MeetingScheduling.domain();
    private final Scenario schedulingScenario = scheduling.scenarios(1, 1).get(0);
    private final List<Message> schedulingTalk = List.of(msg(0, "propose", Map.of("day", "Monday")),
            msg(1, "propose", Map.of("day", "Tuesday")));
    private final List<Message> schedulingDeal = List.of(schedulingTalk.get(0), schedulingTalk.get(1),
            msg(0, "propose", Map.of("day", "Thursday")), msg(1, "accept", Map.of("day", "Thursday")));

    private final Domain debate = Debate.domain();
    private final Scenario debateScenario = debate.scenarios(1, 1).get(0);
    private final List<Message> debateTalk = List.of(msg(0, "claim", argument(null, null)),
            msg(1, "argue", argument("bf-c2", null)), msg(0, "argue", argument("bf-p1", null)));
    private final List<Message> debateEnd = List.of(debateTalk.get(0), debateTalk.get(1), debateTalk.get(2),
            msg(1, "rebut", argument("bf-cr1", "bf-p1")), msg(0, "rebut", argument("bf-pr2", "bf-c2")),
            msg(1, "close", argument(null, null)));
    private final Instruction calm = fruit.instructions().get(0);
    private final Instruction logos = debate.instructions().get(0);
    private final Map<String, Object> fruitOffer = Map.of("offer", offer("banana:1", "blueberry:2,kiwi:1"));
    private final Map<String, Object> day = Map.of("day", "Thursday");
    private final Map<String, Object> point = Map.of("argument", Map.of("claim",
            "breakfast is the most important meal of the day", "premise",
            "Children who eat breakfast concentrate better at school.", "ref", "bf-p1"));

    private static Message msg(int speaker, String move, Map<String, Object> content) {
        return new Message(speaker, move, content, move);
    }

    private static Map<String, Object> offer(String give, String get) {
        return Fruits.offer(Fruits.parse(give), Fruits.parse(get));
    }

    private static Map<String, Object> argument(String ref, String target) {
        Map<String, Object> a = new java.util.LinkedHashMap<>();
        a.put("claim", "breakfast matters");
        if (ref != null) {
            a.put("ref", ref);
        }
        if (target != null) {
            a.put("target", target);
        }
        return Map.of("argument", a);
    }

    @Benchmark
    public Map<String, Object> fruitPlanCounter() {
        return fruit.planner().plan(new MoveContext(fruitScenario, 0, fruitTalk), "counter", calm);
    }

    @Benchmark
    public Object fruitChooseMove() {
        return fruit.planner().chooseMove(new MoveContext(fruitScenario, 0, fruitTalk),
                List.of("accept", "reject", "counter"), Instruction.ANY);
    }

    @Benchmark
    public double[] fruitScore() {
        return fruit.scorer().score(fruitScenario, fruitDeal);
    }

    @Benchmark
    public Map<String, Object> schedulingPlanPropose() {
        return scheduling.planner().plan(new MoveContext(schedulingScenario, 0, schedulingTalk), "propose", calm);
    }

    @Benchmark
    public double[] schedulingScore() {
        return scheduling.scorer().score(schedulingScenario, schedulingDeal);
    }

    @Benchmark
    public Map<String, Object> debatePlanRebut() {
        return debate.planner().plan(new MoveContext(debateScenario, 1, debateTalk), "rebut", logos);
    }

    /** The offline realiser's cost per message (SimpleNLG): one fruit offer in a tone. */
    @Benchmark
    public String realiseFruitOffer() {
        return fruit.content().realiser().realise("propose", fruitOffer, calm, 3);
    }

    /** One scheduling proposal. */
    @Benchmark
    public String realiseSchedulingProposal() {
        return scheduling.content().realiser().realise("propose", day, calm, 3);
    }

    /** One debate argument with its premise. */
    @Benchmark
    public String realiseDebateArgument() {
        return debate.content().realiser().realise("argue", point, logos, 3);
    }

    /** Checking a model's words against an offer (what verification adds per message). */
    @Benchmark
    public Object checkFruitWords() {
        return fruit.content().realiser().mismatch("propose", fruitOffer,
                "I'll give you a banana for two blueberries and a kiwi.");
    }

    @Benchmark
    public double[] debateJudge() {
        return debate.scorer().score(debateScenario, debateEnd);
    }
}

package dev.parley.bench;

import dev.parley.dialogue.Instruction;
import dev.parley.dialogue.Message;
import dev.parley.dialogue.Scenario;
import dev.parley.domain.debate.Debate;
import dev.parley.domain.fruit.FruitTrading;
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

    private final FruitTrading fruit = new FruitTrading();
    private final Scenario fruitScenario = fruit.scenarios(1, 1).get(0);
    private final List<Message> fruitTalk = List.of(
            msg(0, "propose", Map.of("give", "banana:1", "get", "blueberry:1,kiwi:3")),
            msg(1, "counter", Map.of("give", "blueberry:1", "get", "banana:1")));
    private final List<Message> fruitDeal = List.of(fruitTalk.get(0), fruitTalk.get(1), msg(0, "accept", Map.of()));

    private final MeetingScheduling scheduling = new MeetingScheduling();
    private final Scenario schedulingScenario = scheduling.scenarios(1, 1).get(0);
    private final List<Message> schedulingTalk = List.of(msg(0, "propose", Map.of("day", "Mon")),
            msg(1, "propose", Map.of("day", "Tue")));
    private final List<Message> schedulingDeal = List.of(schedulingTalk.get(0), schedulingTalk.get(1),
            msg(0, "propose", Map.of("day", "Thu")), msg(1, "accept", Map.of()));

    private final Debate debate = new Debate();
    private final Scenario debateScenario = debate.scenarios(1, 1).get(0);
    private final List<Message> debateTalk = List.of(msg(0, "claim", Map.of()),
            msg(1, "argue", Map.of("argument", "bf-c2")), msg(0, "argue", Map.of("argument", "bf-p1")));
    private final List<Message> debateEnd = List.of(debateTalk.get(0), debateTalk.get(1), debateTalk.get(2),
            msg(1, "rebut", Map.of("rebuttal", "bf-cr1")), msg(0, "rebut", Map.of("rebuttal", "bf-pr2")),
            msg(1, "close", Map.of()));
    private final Instruction calm = fruit.instructions().get(0);
    private final Instruction logos = debate.instructions().get(0);

    private static Message msg(int speaker, String move, Map<String, String> content) {
        return new Message(speaker, move, content, move);
    }

    @Benchmark
    public Map<String, String> fruitPlanCounter() {
        return fruit.planner().plan(fruitScenario, 0, fruitTalk, "counter", calm);
    }

    @Benchmark
    public Object fruitChooseMove() {
        return fruit.planner().chooseMove(fruitScenario, 0, fruitTalk, List.of("accept", "reject", "counter"),
                Instruction.ANY);
    }

    @Benchmark
    public double[] fruitScore() {
        return fruit.scorer().score(fruitScenario, fruitDeal);
    }

    @Benchmark
    public Map<String, String> schedulingPlanPropose() {
        return scheduling.planner().plan(schedulingScenario, 0, schedulingTalk, "propose", calm);
    }

    @Benchmark
    public double[] schedulingScore() {
        return scheduling.scorer().score(schedulingScenario, schedulingDeal);
    }

    @Benchmark
    public Map<String, String> debatePlanRebut() {
        return debate.planner().plan(debateScenario, 1, debateTalk, "rebut", logos);
    }

    @Benchmark
    public double[] debateJudge() {
        return debate.scorer().score(debateScenario, debateEnd);
    }
}

package dev.parley.domain.scheduling;

import dev.parley.dialogue.Message;
import dev.parley.dialogue.OutcomeScorer;
import dev.parley.dialogue.Scenario;
import java.util.List;

/**
 * Exact meeting-scheduling payoffs. The agreed day is the proposal the first {@code accept} answers (the last
 * proposal before it by the other player). Each player gets its own preference for that day — 0 on a day it is out
 * of office (as OpenSpiel's per-player reward reads each player's own calendar) — and both get 0 without agreement.
 * Clipped to [{@value #MIN}, {@value #MAX}].
 */
public final class SchedulingScorer implements OutcomeScorer {

    public static final double MIN = 0;
    public static final double MAX = 20;

    @Override
    public double[] score(Scenario scenario, List<Message> transcript) {
        double[] payoffs = new double[scenario.players().size()];
        int day = agreedDay(transcript);
        if (day >= 0) {
            for (int p = 0; p < payoffs.length; p++) {
                payoffs[p] = Math.max(MIN, Math.min(MAX, Days.worth(scenario.player(p), day)));
            }
        }
        return payoffs;
    }

    /** The agreed day's index, or -1 without agreement. */
    public static int agreedDay(List<Message> transcript) {
        for (int i = 0; i < transcript.size(); i++) {
            Message m = transcript.get(i);
            if (m.moveId().equals(MeetingScheduling.ACCEPT)) {
                for (int j = i - 1; j >= 0; j--) {
                    Message p = transcript.get(j);
                    if (p.speaker() != m.speaker() && p.moveId().equals(MeetingScheduling.PROPOSE)) {
                        return Days.index(String.valueOf(p.get(MeetingScheduling.DAY)));
                    }
                }
                return -1;
            }
        }
        return -1;
    }
}

package dev.parley.domain.protocols;

import dev.parley.engine.DialogueStatus;
import org.junit.jupiter.api.Test;

/** Scripted dialogues over PPD, DC and H, checking legal moves and commitments after every step. */
class PersuasionProtocolsTest {

    @Test
    void ppdEndsWhenTheOpponentConcedesTheTopic() {
        new Play("ppd")
                .legal("Proponent: Claim | Opponent:").stores("CSProponent: | CSOpponent: | Topic:")
                .move("Proponent", "Claim", "p=we should go out").text("I claim that we should go out")
                .legal("Proponent: | Opponent: Why, Concede")
                .stores("CSProponent: we should go out | CSOpponent: | Topic: we should go out")
                .reply("Opponent", "Why", "{p=we should go out}")
                .move("Opponent", "Why").text("Why is it the case that we should go out?")
                .legal("Proponent: Argue, Retract | Opponent:")
                .reply("Proponent", "Argue", "{p=we should go out, q=$q}")
                .move("Proponent", "Argue", "q=it is sunny").text("we should go out, since it is sunny")
                .legal("Proponent: | Opponent: Why, Concede")
                .stores("CSProponent: we should go out; it is sunny | CSOpponent: | Topic: we should go out")
                .reply("Opponent", "Why", "{p=it is sunny}")
                .move("Opponent", "Why", "p=it is sunny")
                .legal("Proponent: Argue, Retract | Opponent:")
                .move("Proponent", "Argue", "q=the forecast says so")
                .stores("CSProponent: we should go out; it is sunny; the forecast says so | CSOpponent:"
                        + " | Topic: we should go out")
                .legal("Proponent: | Opponent: Why, Concede")
                .rejected("Opponent", "Concede",
                        "Concede: content variable p is fixed to 'the forecast says so' by the protocol, not 'pigs fly'",
                        "p=pigs fly")
                .move("Opponent", "Concede", "p=it is sunny")
                // a sub-claim conceded: the Opponent keeps the floor and turns back to the topic
                .legal("Proponent: | Opponent: Why, Concede")
                .reply("Opponent", "Concede", "{p=we should go out}")
                .stores("CSProponent: we should go out; it is sunny; the forecast says so | CSOpponent: it is sunny"
                        + " | Topic: we should go out")
                .status(DialogueStatus.ACTIVE)
                .move("Opponent", "Concede", "p=we should go out")
                .status(DialogueStatus.COMPLETE)
                .legal("Proponent: | Opponent:")
                .stores("CSProponent: we should go out; it is sunny; the forecast says so"
                        + " | CSOpponent: it is sunny; we should go out | Topic: we should go out");
    }

    @Test
    void ppdTerminatesWhenTheProponentRetractsTheTopic() {
        new Play("ppd")
                .move("Proponent", "Claim", "p=cats are nice")
                .rejected("Proponent", "Why", "it is not Proponent's turn: the speaker is Opponent")
                .move("Opponent", "Why")
                .move("Proponent", "Retract").text("I no longer claim that cats are nice")
                .status(DialogueStatus.TERMINATED)
                .legal("Proponent: | Opponent:")
                .stores("CSProponent: | CSOpponent: | Topic: cats are nice");
    }

    @Test
    void dcStatementsCommitBothChallengesShiftTheBurden() {
        new Play("dc")
                .legal("White: Statement, Question | Black:").stores("CSWhite: | CSBlack:")
                .move("White", "Statement", "p=taxes are too high")
                .stores("CSWhite: taxes are too high | CSBlack: taxes are too high")
                .legal("White: | Black: Statement, Question, Challenge, Withdraw")
                .move("Black", "Challenge").text("Why taxes are too high?")
                .stores("CSWhite: taxes are too high | CSBlack:")
                .legal("White: Withdraw, Ground | Black:")
                .move("White", "Ground", "q=wages are flat").text("taxes are too high because wages are flat")
                .stores("CSWhite: taxes are too high; wages are flat | CSBlack: wages are flat")
                .legal("White: | Black: Statement, Question, Challenge, Withdraw")
                .reply("Black", "Challenge", "{p=wages are flat}")
                .rejected("White", "Statement", "it is not White's turn: the speaker is Black", "p=x")
                .move("Black", "Question", "p=the budget is balanced")
                .legal("White: Statement, Deny, Withdraw | Black:")
                .reply("White", "Statement", "{p=the budget is balanced}")
                .move("White", "Deny").text("Not the budget is balanced")
                .stores("CSWhite: taxes are too high; wages are flat; !the budget is balanced"
                        + " | CSBlack: wages are flat; !the budget is balanced")
                .legal("White: | Black: Statement, Question, Challenge, Withdraw")
                .move("Black", "Withdraw").text("No commitment !the budget is balanced")
                .stores("CSWhite: taxes are too high; wages are flat; !the budget is balanced"
                        + " | CSBlack: wages are flat")
                .legal("White: Statement, Question | Black:");
    }

    @Test
    void hRequiresNoCommitmentBeforeWhy() {
        new Play("h")
                .legal("A: Statement, Question | B:")
                .move("A", "Statement", "p=smoking is harmful")
                .stores("CSA: smoking is harmful | CSB: smoking is harmful")
                .legal("A: | B: Statement, Question, NoCommitment")
                .rejected("B", "Why", "Why is not a legal move for B now (legal: [Statement, Question, NoCommitment])",
                        "p=smoking is harmful")
                .move("B", "NoCommitment").text("No commitment smoking is harmful")
                .stores("CSA: smoking is harmful | CSB:")
                // B keeps the floor and may now ask why
                .legal("A: | B: Why, Statement, Question")
                .move("B", "Why")
                .legal("A: NoCommitment, Ground | B:")
                .move("A", "Ground", "q=studies show it")
                .stores("CSA: smoking is harmful; studies show it | CSB: studies show it")
                .legal("A: | B: Statement, Question, NoCommitment")
                .move("B", "NoCommitment", "p=studies show it")
                .stores("CSA: smoking is harmful; studies show it | CSB:")
                .legal("A: Statement, Question | B:");
    }
}

package dev.parley.domain.protocols;

import dev.parley.engine.DialogueStatus;
import org.junit.jupiter.api.Test;

/** Scripted dialogues over the critical reasoning game, negotiation, debate and deliberation protocols. */
class GameProtocolsTest {

    @Test
    void criticalReasoningGameWithOpeners() {
        new Play("crg")
                .legal("Student1: Assert | Student2:")
                .move("Student1", "Assert", "p=homework helps learning").text("I think that homework helps learning")
                .stores("CSStudent1: homework helps learning | CSStudent2:")
                .legal("Student1: | Student2: Agree, Disagree, AskEvidence")
                .move("Student2", "Disagree", "q=it causes stress")
                .text("I disagree with 'homework helps learning' because it causes stress")
                .stores("CSStudent1: homework helps learning | CSStudent2: it causes stress")
                .legal("Student1: Agree, Disagree, AskEvidence, Withdraw | Student2:")
                .reply("Student1", "AskEvidence", "{p=it causes stress}")
                .reply("Student1", "Withdraw", "{p=homework helps learning}")
                .move("Student1", "AskEvidence").text("Is there evidence for it causes stress?")
                .legal("Student1: | Student2: ProvideEvidence, Withdraw")
                .move("Student2", "ProvideEvidence", "q=a 2019 survey")
                .text("The evidence for it causes stress is a 2019 survey")
                .stores("CSStudent1: homework helps learning | CSStudent2: it causes stress; a 2019 survey")
                .legal("Student1: Agree, Disagree, AskEvidence | Student2:")
                .move("Student1", "Agree", "q=the survey is large")
                .text("I agree with 'it causes stress' because the survey is large")
                .stores("CSStudent1: homework helps learning; it causes stress; the survey is large"
                        + " | CSStudent2: it causes stress; a 2019 survey")
                .legal("Student1: | Student2: Assert, AskEvidence, Close")
                .move("Student2", "Close").status(DialogueStatus.COMPLETE)
                .legal("Student1: | Student2:");
    }

    @Test
    void negotiationByAlternatingOffersEndsInAnAgreement() {
        new Play("negotiation")
                .legal("Initiator: Propose, Withdraw | Responder:")
                .stores("OffersInitiator: | OffersResponder: | Agreement:")
                .move("Initiator", "Propose", "give=1 apple", "get=2 bananas")
                .text("I propose: I give 1 apple for 2 bananas")
                .stores("OffersInitiator: 1 apple; 2 bananas | OffersResponder: | Agreement:")
                .legal("Initiator: | Responder: Accept, Reject, Counter, Withdraw")
                .reply("Responder", "Accept", "{give=1 apple, get=2 bananas}")
                .reply("Responder", "Counter", "{give=$give, get=$get}")
                .move("Responder", "Counter", "give=1 banana", "get=1 apple")
                .stores("OffersInitiator: 1 apple; 2 bananas | OffersResponder: 1 banana; 1 apple | Agreement:")
                .legal("Initiator: Accept, Reject, Counter, Withdraw | Responder:")
                .move("Initiator", "Reject").text("I reject giving 1 apple for 1 banana")
                .legal("Initiator: | Responder: Propose, Withdraw")
                .move("Responder", "Propose", "give=2 kiwis", "get=1 apple")
                .legal("Initiator: Accept, Reject, Counter, Withdraw | Responder:")
                .rejected("Initiator", "Accept",
                        "Accept: content variable give is fixed to '2 kiwis' by the protocol, not '3 kiwis'",
                        "give=3 kiwis")
                .move("Initiator", "Accept").text("I accept: you give 2 kiwis for 1 apple")
                .status(DialogueStatus.COMPLETE)
                .stores("OffersInitiator: 1 apple; 2 bananas | OffersResponder: 1 banana; 1 apple; 2 kiwis; 1 apple"
                        + " | Agreement: 2 kiwis; 1 apple")
                .legal("Initiator: | Responder:");
    }

    @Test
    void negotiationWithdrawalEndsWithoutAgreement() {
        new Play("negotiation")
                .move("Initiator", "Propose", "give=1 apple", "get=2 bananas")
                .move("Responder", "Withdraw").status(DialogueStatus.INCOMPLETE)
                .stores("OffersInitiator: 1 apple; 2 bananas | OffersResponder: | Agreement:")
                .legal("Initiator: | Responder:");
    }

    @Test
    void debateRunsUntilBothSidesClose() {
        new Play("debate")
                .legal("Pro: Claim | Con:")
                .move("Pro", "Claim", "claim=breakfast is the most important meal")
                .stores("CSPro: breakfast is the most important meal | CSCon:")
                .legal("Pro: | Con: Rebut, Concede")
                .reply("Con", "Rebut", "{target=breakfast is the most important meal, reason=$reason}")
                .move("Con", "Rebut", "reason=many people skip it and thrive")
                .text("I disagree with 'breakfast is the most important meal' because many people skip it and thrive")
                .stores("CSPro: breakfast is the most important meal | CSCon: many people skip it and thrive")
                .legal("Pro: Rebut, Concede, Argue, Close | Con:")
                .reply("Pro", "Argue", "{claim=breakfast is the most important meal, reason=$reason}")
                .reply("Pro", "Rebut", "{target=many people skip it and thrive, reason=$reason}")
                .move("Pro", "Argue", "reason=it improves concentration")
                .text("breakfast is the most important meal, because it improves concentration")
                .stores("CSPro: breakfast is the most important meal; it improves concentration"
                        + " | CSCon: many people skip it and thrive")
                .legal("Pro: | Con: Rebut, Concede, Close")
                .move("Con", "Rebut", "reason=concentration depends on sleep")
                // Con's own argument is open: its claim is its own position
                .legal("Pro: Rebut, Concede, Argue, Close | Con:")
                .move("Pro", "Close").text("I rest my case")
                .legal("Pro: | Con: Argue, Close")
                .reply("Con", "Argue", "{claim=$claim, reason=$reason}")
                .move("Con", "Close").status(DialogueStatus.COMPLETE)
                .legal("Pro: | Con:");
    }

    @Test
    void debateEndsWhenConConcedesTheMotion() {
        new Play("debate")
                .move("Pro", "Claim", "claim=cats are better than dogs")
                .move("Con", "Concede").text("I concede that cats are better than dogs")
                .status(DialogueStatus.COMPLETE)
                .stores("CSPro: cats are better than dogs | CSCon: cats are better than dogs");
    }

    @Test
    void deliberationOpensCriticalQuestionsLayerByLayer() {
        new Play("deliberation")
                .legal("Agent1: EnterDialogue | Agent2: EnterDialogue")
                .move("Agent1", "EnterDialogue")
                .legal("Agent1: | Agent2: EnterDialogue")
                .move("Agent2", "EnterDialogue")
                .legal("Agent1: ProposePlan | Agent2: ProposePlan")
                .move("Agent1", "ProposePlan", "plan=build a bike lane")
                .stores("Plans: build a bike lane | Questions: | Answers: | Withdrawn:")
                .legal("Agent1: WithdrawPlan | Agent2: AskCQ, AcceptPlan")
                .reply("Agent2", "AskCQ",
                        "{plan=build a bike lane, layer=layer1, question=$question, element=$element, attack=$attack}")
                .rejected("Agent2", "AskCQ",
                        "AskCQ: content variable layer is fixed to 'layer1' by the protocol, not 'layer2'",
                        "layer=layer2", "question=qAT02", "element=startTime", "attack=possibility")
                .move("Agent2", "AskCQ", "question=qA06", "element=startEffects", "attack=possibility")
                .text("Critical question qA06 (layer1) on startEffects of build a bike lane: possibility?")
                .stores("Plans: build a bike lane | Questions: qA06 | Answers: | Withdrawn:")
                .legal("Agent1: AnswerCQ, WithdrawPlan | Agent2:")
                .reply("Agent1", "AnswerCQ", "{plan=build a bike lane, layer=layer1, question=qA06, answer=$answer}")
                .move("Agent1", "AnswerCQ", "answer=the road is wide enough")
                .stores("Plans: build a bike lane | Questions: qA06 | Answers: the road is wide enough | Withdrawn:")
                .legal("Agent1: WithdrawPlan, LeaveDialogue | Agent2: AcceptPlan, LeaveDialogue, AskCQ")
                .reply("Agent2", "AskCQ",
                        "{plan=build a bike lane, layer=layer1, question=$question, element=$element, attack=$attack}")
                .reply("Agent2", "AskCQ",
                        "{plan=build a bike lane, layer=layer2, question=$question, element=$element, attack=$attack}")
                .move("Agent2", "AskCQ", "layer=layer2", "question=qAT02", "element=startTime", "attack=possibility")
                .legal("Agent1: AnswerCQ, WithdrawPlan | Agent2:")
                .move("Agent1", "AnswerCQ", "answer=works start in May")
                .reply("Agent2", "AskCQ",
                        "{plan=build a bike lane, layer=layer3, question=$question, element=$element, attack=$attack}")
                .move("Agent1", "WithdrawPlan").text("I withdraw the plan: build a bike lane")
                .stores("Plans: | Questions: qA06; qAT02 | Answers: the road is wide enough; works start in May"
                        + " | Withdrawn: build a bike lane")
                .legal("Agent1: ProposePlan, LeaveDialogue | Agent2: ProposePlan, LeaveDialogue")
                .move("Agent2", "ProposePlan", "plan=add a bus route")
                .legal("Agent1: AskCQ, AcceptPlan | Agent2: WithdrawPlan")
                .move("Agent1", "AcceptPlan").text("I accept the plan: add a bus route")
                .status(DialogueStatus.COMPLETE)
                .legal("Agent1: | Agent2:");
    }
}

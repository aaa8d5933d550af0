package dev.parley.argument;

import static org.assertj.core.api.Assertions.assertThat;

import dev.parley.aif.AifGraph;
import dev.parley.aif.AifJson;
import dev.parley.aif.AifNodeType;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class AifToFrameworkTest {

    @Test
    void readsTheDebateFileAsPropositionsWithSupportAndAttack() throws IOException {
        AifGraph g;
        try (InputStream in = getClass().getResourceAsStream("/aif/city-centre-debate.json");
             Reader r = new InputStreamReader(in, StandardCharsets.UTF_8)) {
            g = AifJson.read(r, "city-centre-debate.json");
        }
        AifToFramework.Result res = AifToFramework.convert(g);
        ArgumentationFramework af = res.framework();
        // I-nodes 3 (ban cars), 10 (pollution harms residents), 16 (shops lose customers)
        assertThat(af.arguments()).containsExactly("3", "10", "16");
        assertThat(res.texts()).containsEntry("16", "Shops in the centre would lose their customers");
        assertThat(res.supports()).containsExactly(new AifToFramework.Support("10", "3", "11"));
        assertThat(res.directAttacks()).containsExactly(new Attack("16", "3"));
        // nothing supports 16 and 3 supports nothing, so no attack is derived; YA/TA/L structure is not read
        assertThat(af.attackList()).containsExactly(new Attack("16", "3"));
        assertThat(res.skipped()).isEmpty();
        // Bob's unanswered objection defeats the claim; the premise stands
        assertThat(af.grounded().asSet()).containsExactlyInAnyOrder("10", "16");
    }

    @Test
    void derivesSupportedAndIndirectAttacksOrOnlyRecordsSupport() {
        AifGraph.Builder b = AifGraph.builder();
        String p = b.proposition("p");
        String q = b.proposition("q");       // p supports q
        String r = b.proposition("r");       // r attacks p
        String s = b.proposition("s");       // s supports r
        String t = b.proposition("t");       // q attacks t
        b.inference(List.of(p), q);
        b.conflict(r, p);
        b.inference(List.of(s), r);
        b.conflict(q, t);
        AifGraph g = b.build();

        ArgumentationFramework derived = AifToFramework.convert(g).framework();
        assertThat(derived.attackList()).containsExactlyInAnyOrder(
                new Attack(r, p), new Attack(q, t),   // direct
                new Attack(s, p),                     // supported: s supports r, r attacks p
                new Attack(p, t),                     // supported: p supports q, q attacks t
                new Attack(r, q));                    // indirect: r attacks p, p supports q
        // s is unattacked, so r stands and p, q fall; t survives because both its attackers are out
        assertThat(derived.grounded().asSet()).containsExactlyInAnyOrder(s, r, t);

        AifToFramework.Result plain = AifToFramework.convert(g, AifToFramework.SupportMode.RECORD_ONLY);
        assertThat(plain.framework().attackList()).containsExactlyInAnyOrder(new Attack(r, p), new Attack(q, t));
        assertThat(plain.supports()).hasSize(2);
        // without derived attacks q is unattacked and wins, knocking out t
        assertThat(plain.framework().grounded().asSet()).containsExactlyInAnyOrder(q, r, s);
    }

    @Test
    void reportsAnUndercutItCannotExpress() {
        AifGraph.Builder b = AifGraph.builder();
        String p = b.proposition("p");
        String q = b.proposition("q");
        String ra = b.inference(List.of(p), q);
        String u = b.proposition("the rule does not apply here");
        String ca = b.conflict(u, ra);
        AifToFramework.Result res = AifToFramework.convert(b.build());
        assertThat(res.framework().numAttacks()).isZero();
        assertThat(res.skipped()).singleElement().asString()
                .contains("CA node " + ca).contains("RA " + ra);
    }

    /** Attacks and supports are read alike: a scheme node without I-nodes on both sides is skipped, CAs first. */
    @Test
    void skipsAttacksThenSupportsThatDoNotJoinTwoPropositions() {
        AifGraph.Builder b = AifGraph.builder();
        String p = b.proposition("p");
        String q = b.proposition("q");
        String r = b.proposition("r");
        String ra = b.inference(List.of(p), q);
        String lonelyRa = b.node(AifNodeType.RA, "Default Inference");
        b.edge(lonelyRa, r);
        String lonelyCa = b.node(AifNodeType.CA, "Default Conflict");
        b.edge(r, lonelyCa);
        b.conflict(r, p);
        AifToFramework.Result res = AifToFramework.convert(b.build());
        assertThat(res.skipped()).containsExactly(
                "CA node " + lonelyCa + " was not read as an attack: it leads to no I-node (targets [])",
                "RA node " + lonelyRa + " was not read as an support: no I-node leads into it");
        assertThat(res.directAttacks()).containsExactly(new Attack(r, p));
        assertThat(res.supports()).containsExactly(new AifToFramework.Support(p, q, ra));
    }
}

package dev.parley.dialogue;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ContentsTest {

    @Test
    void wholeNumbersAreIntegersWhetherTheyComeFromJavaOrFromJson() throws Exception {
        Map<String, Object> c = Contents.copyOf(Map.of("n", 7L, "big", 1L << 40, "x", (short) 2));
        assertThat(c.get("n")).isInstanceOf(Integer.class).isEqualTo(7);
        assertThat(c.get("big")).isInstanceOf(Long.class);
        assertThat(c.get("x")).isInstanceOf(Integer.class);
        Map<String, Object> j = Contents.fromJsonObject(new ObjectMapper().readTree(
                "{\"price\": 7, \"big\": 10000000000, \"offer\": {\"give\": {\"kiwi\": 3}}}"));
        assertThat(j.get("price")).isInstanceOf(Integer.class);
        assertThat(j.get("big")).isInstanceOf(Long.class);
        assertThat(((Map<?, ?>) ((Map<?, ?>) j.get("offer")).get("give")).get("kiwi")).isInstanceOf(Integer.class);
    }

    @Test
    void theEngineReplyRoundTripsAndIsCanonical() {
        Map<String, Object> content = Contents.copyOf(Map.of("offer", Map.of("give", Map.of("banana", 1),
                "get", Map.of("kiwi", 3)), "day", "Monday", "n", 4, "list", List.of(1, "a")));
        Map<String, String> reply = Contents.reply(content);
        assertThat(reply.get("day")).isEqualTo("Monday");
        assertThat(reply.get("offer")).isEqualTo("{\"get\":{\"kiwi\":3},\"give\":{\"banana\":1}}");
        assertThat(Contents.fromReply(reply)).isEqualTo(content);
        // key order does not change the canonical text
        assertThat(Contents.canonical(Map.of("b", 1, "a", 2))).isEqualTo(Contents.canonical(Map.of("a", 2, "b", 1)));
    }
}

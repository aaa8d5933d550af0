package dev.parley.game;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The prefix-shared key store answers exactly as a map from whole keys would. */
class InfosetKeysTest {

    @Test
    void keysExtendingEarlierKeysAreRebuiltAndFoundExactly() {
        InfosetKeys keys = new InfosetKeys();
        int root = add(keys, "P0|a", -1, null);
        int one = add(keys, "P0|a||0:offer", root, "P0|a");
        int two = add(keys, "P0|a||0:offer||1:accept", one, "P0|a||0:offer");
        int whole = add(keys, "P1|b", -1, null);
        int empty = add(keys, "", -1, null);
        assertThat(keys.key(root)).isEqualTo("P0|a");
        assertThat(keys.key(one)).isEqualTo("P0|a||0:offer");
        assertThat(keys.key(two)).isEqualTo("P0|a||0:offer||1:accept");
        assertThat(keys.find("P0|a||0:offer||1:accept")).isEqualTo(two);
        assertThat(keys.find("P1|b")).isEqualTo(whole);
        assertThat(keys.find("")).isEqualTo(empty);
        // prefixes, extensions and near misses of stored keys are not stored keys
        assertThat(keys.find("P0|")).isEqualTo(-1);
        assertThat(keys.find("P0|a||0:offer||1:accep")).isEqualTo(-1);
        assertThat(keys.find("P0|a||0:offer||1:acceptX")).isEqualTo(-1);
        assertThat(keys.find("X0|a||0:offer")).isEqualTo(-1);
        assertThat(keys.matches(two, "P0|a||0:offer||1:accept")).isTrue();
        assertThat(keys.matches(two, "Q0|a||0:offer||1:accept")).isFalse();
        assertThat(keys.storedChars()).isEqualTo("P0|a".length() + "||0:offer".length() + "||1:accept".length()
                + "P1|b".length());
    }

    @Test
    void thousandsOfRandomChainsAgreeWithTheirWholeKeysAfterGrowthAndSealing() {
        Random rnd = new Random(7);
        InfosetKeys keys = new InfosetKeys();
        List<String> whole = new ArrayList<>();
        for (int i = 0; i < 5_000; i++) {
            int extended = whole.isEmpty() || rnd.nextInt(4) == 0 ? -1 : rnd.nextInt(whole.size());
            String base = extended < 0 ? "" : whole.get(extended);
            String key = base + "|" + Integer.toString(rnd.nextInt(50), 36);
            if (keys.find(key) >= 0) {
                continue;
            }
            assertThat(add(keys, key, extended, extended < 0 ? null : base)).isEqualTo(whole.size());
            whole.add(key);
        }
        keys.seal();
        for (int id = 0; id < whole.size(); id++) {
            assertThat(keys.key(id)).isEqualTo(whole.get(id));
            assertThat(keys.find(whole.get(id))).isEqualTo(id);
            assertThat(keys.find(whole.get(id) + "|")).isEqualTo(whole.indexOf(whole.get(id) + "|"));
        }
    }

    @Test
    void keysWhoseHashesCollideAreToldApartByTheirCharacters() {
        InfosetKeys keys = new InfosetKeys();
        int a = keys.add("left", 42L, -1, 0);
        int b = keys.add("right", 42L, -1, 0);
        int c = keys.add("right||more", 42L, b, "right".length());
        assertThat(keys.find("left", 42L)).isEqualTo(a);
        assertThat(keys.find("right", 42L)).isEqualTo(b);
        assertThat(keys.find("right||more", 42L)).isEqualTo(c);
        assertThat(keys.find("middle", 42L)).isEqualTo(-1);
    }

    private static int add(InfosetKeys keys, String key, int extended, String extendedKey) {
        return keys.add(key, InfosetKeys.hash(key), extended, extended < 0 ? 0 : extendedKey.length());
    }
}

package dev.parley.domain.scheduling;

import dev.parley.dialogue.PrivateInfo;
import java.util.List;

/** The days of the week (Mon..Sun) and a player's private calendar in {@code PrivateInfo.numbers}. */
public final class Days {

    /** Short names, as used in move content. */
    public static final List<String> NAMES = List.of("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun");

    /** Full names, for knowledge lines and prompts. */
    public static final List<String> FULL = List.of("Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
            "Saturday", "Sunday");

    static final int COUNT = 7;
    private static final String[] AWAY = {"away.Mon", "away.Tue", "away.Wed", "away.Thu", "away.Fri", "away.Sat",
        "away.Sun"};
    private static final String[] PREF = {"pref.Mon", "pref.Tue", "pref.Wed", "pref.Thu", "pref.Fri", "pref.Sat",
        "pref.Sun"};

    private Days() {
    }

    /** The {@code numbers} key that is 1 when the player is out of office that day, e.g. {@code away.Tue}. */
    public static String awayKey(int day) {
        return AWAY[day];
    }

    /** The {@code numbers} key of the player's preference for a day, e.g. {@code pref.Mon}. */
    public static String prefKey(int day) {
        return PREF[day];
    }

    /** The index of a day name, full ("Monday") or short ("Mon"), or -1. */
    public static int index(String name) {
        if (name == null) {
            return -1;
        }
        int i = FULL.indexOf(name);
        return i >= 0 ? i : NAMES.indexOf(name);
    }

    public static boolean away(PrivateInfo info, int day) {
        return info.number(AWAY[day], 0) != 0;
    }

    public static double preference(PrivateInfo info, int day) {
        return info.number(PREF[day], 0);
    }

    /** What meeting on a day is worth to a player: its preference, 0 on a day it is away (or no day). */
    public static double worth(PrivateInfo info, int day) {
        return day < 0 || away(info, day) ? 0 : preference(info, day);
    }
}

package dev.parley.psro;

import dev.parley.eval.BestResponse;
import dev.parley.game.GameTree;
import dev.parley.game.TabularPolicy;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The exact best response on a compiled {@link GameTree} to the others' meta-strategies (each mixed into its
 * behavioural equivalent, {@link PopulationMixture}); a pure policy, ties to the first action.
 */
public final class ExactBestResponseOracle implements ResponseOracle {

    private final GameTree tree;

    public ExactBestResponseOracle(GameTree tree) {
        this.tree = tree;
    }

    @Override
    public String name() {
        return "exact";
    }

    @Override
    public Response respond(Context c) {
        double[] profile = PopulationMixture.metaProfileSlots(tree, c.populations(), c.metaStrategy());
        BestResponse.Result br = BestResponse.compute(tree, profile, c.player());
        TabularPolicy all = TabularPolicy.fromSlots(tree, br.slotPolicy());
        Map<String, TabularPolicy.Row> own = new LinkedHashMap<>();
        all.rows().forEach((key, row) -> {
            if (row.player() == c.player()) {
                own.put(key, row);
            }
        });
        TabularPolicy policy = new TabularPolicy(tree.name(), own);
        return new Response(new Strategy("br" + c.iteration(), policy), br.value(), 0);
    }
}

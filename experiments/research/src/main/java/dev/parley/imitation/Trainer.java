package dev.parley.imitation;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.function.IntConsumer;
import org.ejml.data.DMatrixRMaj;

/**
 * Mini-batch training with Adam and early stopping on a validation split: after every epoch the validation
 * cross-entropy is measured, the best network so far is kept, and training stops after {@code patience} epochs
 * without improvement (or at {@code maxEpochs}).
 */
public final class Trainer {

    /**
     * @param rate      Adam's learning rate (the paper: 1e-3)
     * @param batch     examples per step (the paper: 128)
     * @param maxEpochs the most passes over the training set
     * @param patience  epochs without a better validation loss before stopping
     * @param seed      seed of the initial weights and the shuffling
     */
    public record Config(double rate, int batch, int maxEpochs, int patience, long seed) {
        /** The most epochs by default. */
        public static final int DEFAULT_EPOCHS = 1000;
        /** Epochs without a better validation loss before stopping, by default. */
        public static final int DEFAULT_PATIENCE = 200;

        public Config {
            if (batch < 1 || maxEpochs < 1 || patience < 1) {
                throw new IllegalArgumentException("batch, epochs and patience must be at least 1");
            }
        }

        /**
         * The paper's settings (App. E) with 1000 epochs at most and a patience of 200. The paper gives no patience;
         * 200 is measured: on 12-scenario fruit-trading and scheduling games (about 150 to 200 training states, so 2
         * Adam steps an epoch), over 800 epochs the validation loss was lowest by epoch 266 at the latest, and a
         * patience of 200 reached that minimum in all six runs (3 seeds a domain), where 20 stopped before it in
         * three (README).
         */
        public static Config paper(long seed) {
            return new Config(1e-3, 128, DEFAULT_EPOCHS, DEFAULT_PATIENCE, seed);
        }
    }

    /** The trained network and how training went. */
    public record Result(Mlp network, int epochs, int bestEpoch, double trainLoss, double validationLoss,
                         List<double[]> curve) { }

    private Trainer() {
    }

    /**
     * @param hidden hidden layer sizes (the paper: 256, 256)
     * @param epoch  told each finished epoch
     */
    public static Result train(Examples train, Examples validation, int[] hidden, Config config, IntConsumer epoch) {
        if (train.size() == 0 || validation.size() == 0) {
            throw new IllegalArgumentException("training needs examples in both the training and validation splits");
        }
        int[] sizes = new int[hidden.length + 2];
        sizes[0] = train.features().numCols;
        System.arraycopy(hidden, 0, sizes, 1, hidden.length);
        sizes[sizes.length - 1] = train.targets().numCols;
        Mlp net = Mlp.create(config.seed(), sizes);
        Adam adam = new Adam(config.rate());
        Random random = new Random(config.seed() ^ 0x5DEECE66DL);
        int[] order = new int[train.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Mlp best = net.copy();
        double bestLoss = net.loss(validation.features(), validation.targets());
        int bestEpoch = 0;
        int e = 0;
        List<double[]> curve = new ArrayList<>();
        while (e < config.maxEpochs() && e - bestEpoch < config.patience()) {
            e++;
            shuffle(order, random);
            for (int from = 0; from < order.length; from += config.batch()) {
                int to = Math.min(order.length, from + config.batch());
                Examples b = train.rows(order, from, to);
                adam.step(net.parameters(), net.gradients(b.features(), b.targets()));
            }
            double vl = net.loss(validation.features(), validation.targets());
            curve.add(new double[] {e, net.loss(train.features(), train.targets()), vl});
            if (vl < bestLoss - 1e-12) {
                bestLoss = vl;
                best = net.copy();
                bestEpoch = e;
            }
            epoch.accept(e);
        }
        return new Result(best, e, bestEpoch, best.loss(train.features(), train.targets()), bestLoss, curve);
    }

    private static void shuffle(int[] a, Random random) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }

    /** Feature rows and target distribution rows. */
    public record Examples(DMatrixRMaj features, DMatrixRMaj targets) {
        public Examples {
            if (features.numRows != targets.numRows) {
                throw new IllegalArgumentException(features.numRows + " feature rows, " + targets.numRows
                        + " target rows");
            }
        }

        public int size() {
            return features.numRows;
        }

        public static Examples of(List<double[]> features, List<double[]> targets) {
            int n = features.size();
            int f = n == 0 ? 0 : features.get(0).length;
            int k = n == 0 ? 0 : targets.get(0).length;
            DMatrixRMaj x = new DMatrixRMaj(n, f);
            DMatrixRMaj y = new DMatrixRMaj(n, k);
            for (int i = 0; i < n; i++) {
                System.arraycopy(features.get(i), 0, x.data, i * f, f);
                System.arraycopy(targets.get(i), 0, y.data, i * k, k);
            }
            return new Examples(x, y);
        }

        /** The rows {@code order[from..to)}. */
        Examples rows(int[] order, int from, int to) {
            int f = features.numCols;
            int k = targets.numCols;
            DMatrixRMaj x = new DMatrixRMaj(to - from, f);
            DMatrixRMaj y = new DMatrixRMaj(to - from, k);
            for (int i = from; i < to; i++) {
                System.arraycopy(features.data, order[i] * f, x.data, (i - from) * f, f);
                System.arraycopy(targets.data, order[i] * k, y.data, (i - from) * k, k);
            }
            return new Examples(x, y);
        }
    }
}

package dev.parley.imitation;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;

/**
 * A multilayer perceptron with ReLU hidden layers and a softmax output, trained by cross-entropy against target
 * distributions (the paper's imitation network, App. E: two hidden layers of 256). Linear algebra is EJML's dense
 * row-major matrices; a batch is one row per example.
 *
 * <p>Parameters are, per layer, a weight matrix {@code W} (outputs × inputs) and a bias row {@code b} (1 × outputs),
 * in the order W1, b1, W2, b2, ...; {@link #gradients} returns gradients in the same order and shapes.
 */
public final class Mlp {

    private final int[] sizes;
    private final List<DMatrixRMaj> params;

    /** The forward pass of a batch, kept for the backward pass. */
    public record Pass(List<DMatrixRMaj> activations, DMatrixRMaj probabilities) { }

    private Mlp(int[] sizes, List<DMatrixRMaj> params) {
        this.sizes = sizes.clone();
        this.params = params;
    }

    /**
     * A network with He-initialised weights (normal, variance 2 / inputs) and zero biases.
     *
     * @param sizes input size, hidden sizes..., output size (at least two entries)
     */
    public static Mlp create(long seed, int... sizes) {
        if (sizes.length < 2) {
            throw new IllegalArgumentException("a network needs an input and an output size");
        }
        Random random = new Random(seed);
        List<DMatrixRMaj> params = new ArrayList<>();
        for (int l = 0; l + 1 < sizes.length; l++) {
            if (sizes[l] < 1 || sizes[l + 1] < 1) {
                throw new IllegalArgumentException("layer sizes must be positive");
            }
            DMatrixRMaj w = new DMatrixRMaj(sizes[l + 1], sizes[l]);
            double sd = Math.sqrt(2.0 / sizes[l]);
            for (int i = 0; i < w.data.length; i++) {
                w.data[i] = random.nextGaussian() * sd;
            }
            params.add(w);
            params.add(new DMatrixRMaj(1, sizes[l + 1]));
        }
        return new Mlp(sizes, params);
    }

    /** A network from saved parameters (W1, b1, W2, b2, ...). */
    public static Mlp of(int[] sizes, List<DMatrixRMaj> params) {
        if (params.size() != 2 * (sizes.length - 1)) {
            throw new IllegalArgumentException("expected " + 2 * (sizes.length - 1) + " parameter matrices, got "
                    + params.size());
        }
        List<DMatrixRMaj> copy = new ArrayList<>();
        for (int l = 0; l + 1 < sizes.length; l++) {
            DMatrixRMaj w = params.get(2 * l);
            DMatrixRMaj b = params.get(2 * l + 1);
            if (w.numRows != sizes[l + 1] || w.numCols != sizes[l] || b.numRows != 1 || b.numCols != sizes[l + 1]) {
                throw new IllegalArgumentException("layer " + (l + 1) + " has the wrong shape");
            }
            copy.add(w.copy());
            copy.add(b.copy());
        }
        return new Mlp(sizes, copy);
    }

    public int[] sizes() {
        return sizes.clone();
    }

    public int inputs() {
        return sizes[0];
    }

    public int outputs() {
        return sizes[sizes.length - 1];
    }

    /** The live parameter matrices (the optimiser updates them in place). */
    public List<DMatrixRMaj> parameters() {
        return params;
    }

    /** A deep copy (early stopping keeps the best one). */
    public Mlp copy() {
        return of(sizes, params);
    }

    /** Forward pass of a batch {@code x} (examples × inputs). */
    public Pass forward(DMatrixRMaj x) {
        if (x.numCols != sizes[0]) {
            throw new IllegalArgumentException("expected " + sizes[0] + " features, got " + x.numCols);
        }
        List<DMatrixRMaj> acts = new ArrayList<>();
        acts.add(x);
        DMatrixRMaj h = x;
        int layers = sizes.length - 1;
        for (int l = 0; l < layers; l++) {
            DMatrixRMaj z = new DMatrixRMaj(h.numRows, sizes[l + 1]);
            CommonOps_DDRM.multTransB(h, params.get(2 * l), z);
            addRow(z, params.get(2 * l + 1));
            if (l + 1 < layers) {
                for (int i = 0; i < z.data.length; i++) {
                    z.data[i] = Math.max(0, z.data[i]);
                }
                acts.add(z);
            } else {
                softmaxRows(z);
                return new Pass(acts, z);
            }
            h = z;
        }
        throw new IllegalStateException("unreachable");
    }

    /** The output distribution of one feature vector. */
    public double[] predict(double[] features) {
        DMatrixRMaj x = new DMatrixRMaj(1, features.length, true, features);
        return forward(x).probabilities().data.clone();
    }

    /** Mean cross-entropy −Σ p log q of a batch against its target rows. */
    public static double crossEntropy(DMatrixRMaj q, DMatrixRMaj targets) {
        double sum = 0;
        for (int i = 0; i < q.data.length; i++) {
            if (targets.data[i] > 0) {
                sum -= targets.data[i] * Math.log(Math.max(q.data[i], 1e-300));
            }
        }
        return sum / q.numRows;
    }

    public double loss(DMatrixRMaj x, DMatrixRMaj targets) {
        return crossEntropy(forward(x).probabilities(), targets);
    }

    /**
     * The gradients of the mean cross-entropy of a batch with respect to every parameter (W1, b1, ...). Targets
     * are distributions (rows summing to 1), so the softmax-with-cross-entropy gradient is (q − p) / batch.
     */
    public List<DMatrixRMaj> gradients(DMatrixRMaj x, DMatrixRMaj targets) {
        Pass pass = forward(x);
        int n = x.numRows;
        DMatrixRMaj delta = pass.probabilities().copy();
        CommonOps_DDRM.subtractEquals(delta, targets);
        CommonOps_DDRM.scale(1.0 / n, delta);
        int layers = sizes.length - 1;
        DMatrixRMaj[] grads = new DMatrixRMaj[2 * layers];
        for (int l = layers - 1; l >= 0; l--) {
            DMatrixRMaj input = pass.activations().get(l);
            DMatrixRMaj gw = new DMatrixRMaj(sizes[l + 1], sizes[l]);
            CommonOps_DDRM.multTransA(delta, input, gw);
            DMatrixRMaj gb = new DMatrixRMaj(1, sizes[l + 1]);
            CommonOps_DDRM.sumCols(delta, gb);
            grads[2 * l] = gw;
            grads[2 * l + 1] = gb;
            if (l > 0) {
                DMatrixRMaj back = new DMatrixRMaj(n, sizes[l]);
                CommonOps_DDRM.mult(delta, params.get(2 * l), back);
                // ReLU: the gradient passes where the unit was active
                for (int i = 0; i < back.data.length; i++) {
                    if (input.data[i] <= 0) {
                        back.data[i] = 0;
                    }
                }
                delta = back;
            }
        }
        return List.of(grads);
    }

    private static void addRow(DMatrixRMaj m, DMatrixRMaj row) {
        for (int r = 0; r < m.numRows; r++) {
            int base = r * m.numCols;
            for (int c = 0; c < m.numCols; c++) {
                m.data[base + c] += row.data[c];
            }
        }
    }

    private static void softmaxRows(DMatrixRMaj z) {
        for (int r = 0; r < z.numRows; r++) {
            int base = r * z.numCols;
            double max = Double.NEGATIVE_INFINITY;
            for (int c = 0; c < z.numCols; c++) {
                max = Math.max(max, z.data[base + c]);
            }
            double sum = 0;
            for (int c = 0; c < z.numCols; c++) {
                double e = Math.exp(z.data[base + c] - max);
                z.data[base + c] = e;
                sum += e;
            }
            for (int c = 0; c < z.numCols; c++) {
                z.data[base + c] /= sum;
            }
        }
    }
}

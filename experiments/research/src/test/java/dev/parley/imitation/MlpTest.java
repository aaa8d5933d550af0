package dev.parley.imitation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.ejml.data.DMatrixRMaj;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MlpTest {

    /** A batch of random inputs and random target distributions. */
    private static DMatrixRMaj[] batch(Random r, int n, int in, int out) {
        DMatrixRMaj x = new DMatrixRMaj(n, in);
        DMatrixRMaj y = new DMatrixRMaj(n, out);
        for (int i = 0; i < x.data.length; i++) {
            x.data[i] = r.nextGaussian();
        }
        for (int i = 0; i < n; i++) {
            double sum = 0;
            for (int j = 0; j < out; j++) {
                double v = r.nextDouble();
                // some zero targets, as CFR policies have
                v = v < 0.2 ? 0 : v;
                y.data[i * out + j] = v;
                sum += v;
            }
            if (sum == 0) {
                y.data[i * out] = sum = 1;
            }
            for (int j = 0; j < out; j++) {
                y.data[i * out + j] /= sum;
            }
        }
        return new DMatrixRMaj[] {x, y};
    }

    /**
     * Every analytic gradient entry against the central difference (L(θ+h) − L(θ−h)) / 2h, h = 1e-5, in double
     * precision: the relative error |a − n| / max(1e-8, |a| + |n|) stays below 1e-6 (central differences are
     * accurate to O(h²) ≈ 1e-10 away from ReLU kinks; a kink within h of an input would show as a large error).
     */
    @Test
    void gradientsMatchFiniteDifferences() {
        Random r = new Random(7);
        for (int trial = 0; trial < 3; trial++) {
            Mlp net = Mlp.create(11 + trial, 6, 5, 4, 3);
            // non-zero biases, so that their gradients are exercised away from the initial zeros
            for (DMatrixRMaj p : net.parameters()) {
                for (int i = 0; i < p.data.length; i++) {
                    p.data[i] += 0.1 * r.nextGaussian();
                }
            }
            DMatrixRMaj[] b = batch(r, 9, 6, 3);
            List<DMatrixRMaj> grads = net.gradients(b[0], b[1]);
            assertThat(grads).hasSize(6);
            double worst = 0;
            int checked = 0;
            for (int k = 0; k < grads.size(); k++) {
                DMatrixRMaj p = net.parameters().get(k);
                assertThat(grads.get(k).numRows).isEqualTo(p.numRows);
                assertThat(grads.get(k).numCols).isEqualTo(p.numCols);
                for (int i = 0; i < p.data.length; i++) {
                    double keep = p.data[i];
                    double h = 1e-5;
                    p.data[i] = keep + h;
                    double up = net.loss(b[0], b[1]);
                    p.data[i] = keep - h;
                    double down = net.loss(b[0], b[1]);
                    p.data[i] = keep;
                    double numeric = (up - down) / (2 * h);
                    double analytic = grads.get(k).data[i];
                    double rel = Math.abs(analytic - numeric) / Math.max(1e-8, Math.abs(analytic) + Math.abs(numeric));
                    worst = Math.max(worst, rel);
                    checked++;
                }
            }
            assertThat(checked).isEqualTo(6 * 5 + 5 + 5 * 4 + 4 + 4 * 3 + 3);
            assertThat(worst).as("worst relative error, trial " + trial).isLessThan(1e-6);
        }
    }

    @Test
    void outputsAreDistributionsAndTheLossIsTheirCrossEntropy() {
        Random r = new Random(3);
        Mlp net = Mlp.create(5, 4, 8, 3);
        DMatrixRMaj[] b = batch(r, 5, 4, 3);
        DMatrixRMaj q = net.forward(b[0]).probabilities();
        double ce = 0;
        for (int i = 0; i < 5; i++) {
            double sum = 0;
            for (int j = 0; j < 3; j++) {
                assertThat(q.get(i, j)).isPositive();
                sum += q.get(i, j);
                if (b[1].get(i, j) > 0) {
                    ce -= b[1].get(i, j) * Math.log(q.get(i, j));
                }
            }
            assertThat(sum).isCloseTo(1.0, org.assertj.core.data.Offset.offset(1e-12));
        }
        assertThat(net.loss(b[0], b[1])).isCloseTo(ce / 5, org.assertj.core.data.Offset.offset(1e-12));
    }

    /**
     * Adam and early stopping fit a problem a network can learn: the target is a softmax of a fixed linear map of
     * the input, so the cross-entropy can fall to the targets' own entropy (its minimum); training must close most
     * of the gap from where it starts.
     */
    @Test
    void trainingFitsALearnableMapping() {
        Random r = new Random(5);
        int in = 8;
        int out = 3;
        double[][] w = new double[out][in];
        for (double[] row : w) {
            for (int i = 0; i < in; i++) {
                row[i] = r.nextGaussian();
            }
        }
        List<double[]> xs = new ArrayList<>();
        List<double[]> ys = new ArrayList<>();
        for (int n = 0; n < 600; n++) {
            double[] x = new double[in];
            for (int i = 0; i < in; i++) {
                x[i] = r.nextGaussian();
            }
            double[] z = new double[out];
            double sum = 0;
            for (int a = 0; a < out; a++) {
                for (int i = 0; i < in; i++) {
                    z[a] += w[a][i] * x[i];
                }
                z[a] = Math.exp(z[a]);
                sum += z[a];
            }
            for (int a = 0; a < out; a++) {
                z[a] /= sum;
            }
            xs.add(x);
            ys.add(z);
        }
        Trainer.Examples train = Trainer.Examples.of(xs.subList(0, 500), ys.subList(0, 500));
        Trainer.Examples val = Trainer.Examples.of(xs.subList(500, 600), ys.subList(500, 600));
        double entropy = 0;
        for (double[] y : ys.subList(500, 600)) {
            for (double p : y) {
                entropy -= p > 0 ? p * Math.log(p) : 0;
            }
        }
        entropy /= 100;
        Mlp start = Mlp.create(1, in, 32, 32, out);
        double before = start.loss(val.features(), val.targets());
        Trainer.Result res = Trainer.train(train, val, new int[] {32, 32}, new Trainer.Config(1e-3, 32, 300, 20, 1),
                e -> { });
        assertThat(res.validationLoss()).isLessThan(before);
        // most of the excess over the minimum is gone
        assertThat(res.validationLoss() - entropy).isLessThan(0.25 * (before - entropy));
        assertThat(res.bestEpoch()).isPositive().isLessThanOrEqualTo(res.epochs());
    }

    @Test
    void aSavedModelLoadsWithTheSamePredictionsAndABadFileIsNamed(@TempDir Path dir) throws Exception {
        Mlp net = Mlp.create(9, 4, 6, 3);
        Path file = dir.resolve("model.json");
        ModelFile.write(file, new ModelFile.Saved(net, List.of("a", "b", "c"), "test-features"));
        ModelFile.Saved back = ModelFile.read(file);
        assertThat(back.labels()).containsExactly("a", "b", "c");
        assertThat(back.featurizer()).isEqualTo("test-features");
        double[] x = {0.3, -1, 2, 0.5};
        assertThat(back.network().predict(x)).containsExactly(net.predict(x));

        Files.writeString(file, Files.readString(file).replace("\"sizes\":[4,6,3]", "\"sizes\":[4,7,3]"));
        assertThatThrownBy(() -> ModelFile.read(file)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(file.toString()).hasMessageContaining("weights of layer 1");
        Files.writeString(file, "{ not json");
        assertThatThrownBy(() -> ModelFile.read(file)).hasMessageStartingWith(file.toString());
    }

    @Test
    void klIsZeroOnlyForTheSameDistribution() {
        double[] p = {0.5, 0.5, 0};
        assertThat(ImitationStudy.kl(p, p)).isZero();
        // KL((.5,.5,0) || (.25,.25,.5)) = log 2
        assertThat(ImitationStudy.kl(p, new double[] {0.25, 0.25, 0.5}))
                .isCloseTo(Math.log(2), org.assertj.core.data.Offset.offset(1e-12));
    }
}

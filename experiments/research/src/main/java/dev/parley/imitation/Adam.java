package dev.parley.imitation;

import java.util.ArrayList;
import java.util.List;
import org.ejml.data.DMatrixRMaj;

/** Adam (Kingma & Ba 2015) with bias correction, updating parameter matrices in place. */
public final class Adam {

    private final double rate;
    private final double beta1;
    private final double beta2;
    private final double epsilon;
    private final List<DMatrixRMaj> m = new ArrayList<>();
    private final List<DMatrixRMaj> v = new ArrayList<>();
    private int t;

    public Adam(double rate) {
        this(rate, 0.9, 0.999, 1e-8);
    }

    public Adam(double rate, double beta1, double beta2, double epsilon) {
        if (!(rate > 0)) {
            throw new IllegalArgumentException("the learning rate must be positive, got " + rate);
        }
        this.rate = rate;
        this.beta1 = beta1;
        this.beta2 = beta2;
        this.epsilon = epsilon;
    }

    /** One step: {@code params[i] -= rate · m̂ / (√v̂ + ε)}. */
    public void step(List<DMatrixRMaj> params, List<DMatrixRMaj> grads) {
        if (m.isEmpty()) {
            for (DMatrixRMaj p : params) {
                m.add(new DMatrixRMaj(p.numRows, p.numCols));
                v.add(new DMatrixRMaj(p.numRows, p.numCols));
            }
        }
        t++;
        double c1 = 1 - Math.pow(beta1, t);
        double c2 = 1 - Math.pow(beta2, t);
        for (int k = 0; k < params.size(); k++) {
            double[] p = params.get(k).data;
            double[] g = grads.get(k).data;
            double[] mk = m.get(k).data;
            double[] vk = v.get(k).data;
            for (int i = 0; i < p.length; i++) {
                mk[i] = beta1 * mk[i] + (1 - beta1) * g[i];
                vk[i] = beta2 * vk[i] + (1 - beta2) * g[i] * g[i];
                p[i] -= rate * (mk[i] / c1) / (Math.sqrt(vk[i] / c2) + epsilon);
            }
        }
    }
}

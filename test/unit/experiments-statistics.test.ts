import assert from 'node:assert/strict';
import { chiSquareUpper, compareMeans, compareRates, erfc, normalUpper, sampleRatio, studentQuantile, wilson } from '../../src/behaviour/experimentStatistics';

const near = (actual: number, expected: number, tolerance: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= tolerance, `${what}: ${actual} is not ${expected} ± ${tolerance}`);

describe('experiment statistics', () => {
  it('distributions match published tables', () => {
    near(erfc(1), 0.157299207050285, 1e-12, 'erfc(1)');
    near(normalUpper(1.959963984540054), 0.025, 1e-12, 'normal 97.5%');
    // Student t table: t(0.975; 1) = 12.7062, t(0.975; 10) = 2.2281, t(0.975; 30) = 2.0423
    near(studentQuantile(0.975, 1), 12.7062, 1e-4, 't 1 df');
    near(studentQuantile(0.975, 10), 2.2281, 1e-4, 't 10 df');
    near(studentQuantile(0.975, 30), 2.0423, 1e-4, 't 30 df');
    // chi-square table: 3.841 (1 df), 5.991 (2 df), 7.815 (3 df) at 0.05; 10.828 (1 df) at 0.001
    near(chiSquareUpper(3.841459, 1), 0.05, 1e-6, 'chi2 1 df');
    near(chiSquareUpper(5.991465, 2), 0.05, 1e-6, 'chi2 2 df');
    near(chiSquareUpper(7.814728, 3), 0.05, 1e-6, 'chi2 3 df');
    near(chiSquareUpper(10.827566, 1), 0.001, 1e-7, 'chi2 1 df, 0.001');
  });

  it('Wilson and Newcombe intervals match Newcombe (1998), Statistics in Medicine 17:873–890', () => {
    // Table I: 81/263 → Wilson 0.2553 to 0.3662
    const w = wilson(81, 263);
    near(w.low, 0.2553, 1e-4, 'wilson low');
    near(w.high, 0.3662, 1e-4, 'wilson high');
    // Table II, example (a): 56/70 − 48/80 = 0.2, method 10 (hybrid score): 0.0524 to 0.3339
    const c = compareRates(48, 80, 56, 70);
    near(c.difference, 0.2, 1e-9, 'difference');
    near(c.ci.low, 0.0524, 1e-4, 'newcombe low');
    near(c.ci.high, 0.3339, 1e-4, 'newcombe high');
    // example (d): 6/7 − 0/10, method 10: upper limit 0.9743
    const d = compareRates(0, 10, 6, 7);
    near(d.ci.high, 0.9743, 1e-4, 'newcombe (d) high');
    assert.equal(c.significant, true);
    // example (e): 0/10 − 0/20 = 0, method 10: −0.1611 to 0.2775
    const zero = compareRates(0, 20, 0, 10);
    near(zero.ci.low, -0.1611, 1e-4, 'zero low');
    near(zero.ci.high, 0.2775, 1e-4, 'zero high');
    assert.equal(zero.significant, false);
  });

  it('two-proportion z-test p-value from the textbook formula', () => {
    // 120/1000 vs 150/1000: pooled p = 0.135, se = sqrt(0.135·0.865·(2/1000)) , z = 0.03 / se
    const se = Math.sqrt(0.135 * 0.865 * (2 / 1000));
    const c = compareRates(120, 1000, 150, 1000);
    near(c.pValue, 2 * normalUpper(0.03 / se), 1e-12, 'p');
    near(0.03 / se, 1.9631, 1e-4, 'z by hand');
    near(c.pValue, 0.0496, 1e-4, 'p by hand');
  });

  it("Welch's t interval computed by hand", () => {
    // a: 1,2,3,4,5 (mean 3, s² 2.5); b: 2,4,6,8,10,12 (mean 7, s² 14)
    const a = { n: 5, sum: 15, sumOfSquares: 55 };
    const b = { n: 6, sum: 42, sumOfSquares: 364 };
    const va = 2.5 / 5;
    const vb = 14 / 6;
    const df = (va + vb) ** 2 / (va ** 2 / 4 + vb ** 2 / 5);
    const c = compareMeans(a, b);
    near(c.degreesOfFreedom, df, 1e-9, 'df');
    near(df, 6.9723, 1e-4, 'df by hand');
    const t = studentQuantile(0.975, df);
    near(c.ci.low, 4 - t * Math.sqrt(va + vb), 1e-9, 'low');
    near(c.ci.high, 4 + t * Math.sqrt(va + vb), 1e-9, 'high');
    // t(0.975; 6.97): just above the table's 2.3646 at 7 df, below 2.4469 at 6
    assert.ok(t > 2.3646 && t < 2.38, `t ${t}`);
    assert.equal(c.significant, true);
  });

  it('sample ratio mismatch: chi-square against the shares', () => {
    // 5000/5000 of 50/50: no mismatch; 5200/4800: chi² = 16, p ≈ 6.3e-5: mismatch
    assert.equal(sampleRatio([5000, 5000], [50, 50]).mismatch, false);
    const skewed = sampleRatio([5200, 4800], [50, 50]);
    near(skewed.chiSquare, 16, 1e-9, 'chi2');
    near(skewed.pValue, 6.334e-5, 1e-7, 'p');
    assert.equal(skewed.mismatch, true);
    const three = sampleRatio([340, 330, 330], [34, 33, 33]);
    near(three.chiSquare, 0, 1e-9, 'three');
    assert.equal(three.degreesOfFreedom, 2);
  });
});

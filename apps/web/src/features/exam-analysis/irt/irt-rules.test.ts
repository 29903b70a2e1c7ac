import { describe, expect, it } from 'vitest';
import { discriminationLabel, iccSeries, informationPeak } from './irt-rules';

describe('IRT tab rules', () => {
  it('ICC crosses ½ at θ = b and information peaks there at a²/4', () => {
    const series = iccSeries(2, 1);
    const atB = series.find((p) => p.theta === 1);
    expect(atB?.p).toBe(0.5);
    expect(atB?.information).toBe(1);
    expect(series).toHaveLength(81);
  });

  it('finds the information peak and the standard error there', () => {
    expect(
      informationPeak([
        { theta: -1, information: 1 },
        { theta: 0, information: 4 },
        { theta: 1, information: 2 },
      ]),
    ).toEqual({ theta: 0, information: 4, se: 0.5 });
    expect(informationPeak([]).se).toBeNull();
  });

  it('names discrimination bands', () => {
    expect(discriminationLabel(-0.2)).toBe('负区分');
    expect(discriminationLabel(0.5)).toBe('低');
    expect(discriminationLabel(1)).toBe('中等');
    expect(discriminationLabel(2)).toBe('很高');
  });
});

describe('discrimination bands at their edges', () => {
  it('puts each edge into the band above it', () => {
    expect(discriminationLabel(-0.01)).toBe('负区分');
    expect(discriminationLabel(0)).toBe('很低');
    expect(discriminationLabel(0.34)).toBe('很低');
    expect(discriminationLabel(0.35)).toBe('低');
    expect(discriminationLabel(0.65)).toBe('中等');
    expect(discriminationLabel(1.35)).toBe('高');
    expect(discriminationLabel(1.69)).toBe('高');
    expect(discriminationLabel(1.7)).toBe('很高');
  });

  it('keeps the first of equal peaks, and has no error without information', () => {
    expect(
      informationPeak([
        { theta: -1, information: 2 },
        { theta: 1, information: 2 },
      ]),
    ).toMatchObject({ theta: -1, information: 2 });
    expect(informationPeak([{ theta: 0, information: 0 }]).se).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { reportKindOf } from './public-report-route';

describe('reportKindOf', () => {
  it('sends recruitment tokens (id.expires.mac) to the recruitment report', () => {
    expect(reportKindOf(`12.1790000000.${'a'.repeat(43)}`)).toBe('recruit');
    // A tampered signature keeps its shape: the recruitment page refuses it with its own message.
    expect(reportKindOf(`12.1790000000.${'a'.repeat(42)}B`)).toBe('recruit');
  });

  it('sends exam tokens (payload.mac) and anything else to the exam report', () => {
    // Buffer.from('7.3.1790000000').toString('base64url') + '.' + mac
    expect(reportKindOf(`Ny4zLjE3OTAwMDAwMDA.${'b'.repeat(43)}`)).toBe('exam');
    expect(reportKindOf('123.456')).toBe('exam');
    expect(reportKindOf('')).toBe('exam');
    expect(reportKindOf('a.1.x')).toBe('exam');
    expect(reportKindOf('1.2.3.4')).toBe('exam');
  });
});

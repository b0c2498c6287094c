import { describe, expect, it } from 'vitest';
import { displayName } from './display-name';

describe('displayName (the navigation name rule)', () => {
  it('uses the full name when both first and last name exist', () => {
    expect(displayName({ firstName: 'Carola', lastName: 'Häggkvist', email: 'carola@example.se' })).toBe('Carola Häggkvist');
  });

  it('falls back to the e-mail when either name part is missing or empty', () => {
    expect(displayName({ firstName: 'Carola', lastName: null, email: 'carola@example.se' })).toBe('carola@example.se');
    expect(displayName({ firstName: null, lastName: 'Häggkvist', email: 'carola@example.se' })).toBe('carola@example.se');
    expect(displayName({ firstName: '', lastName: 'Häggkvist', email: 'carola@example.se' })).toBe('carola@example.se');
  });

  it("says 'Användare' when there is neither a full name nor an e-mail", () => {
    expect(displayName({ firstName: 'Carola', lastName: null, email: '' })).toBe('Användare');
    expect(displayName(null)).toBe('Användare');
    expect(displayName(undefined)).toBe('Användare');
  });
});

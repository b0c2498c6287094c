import { describe, expect, it } from 'vitest';
import { publicNameProblem } from './use-sign-in';

describe('publicNameProblem (the register form checks the display name with the contracts schema)', () => {
  it('passes a valid name and gives the Swedish message of the first problem otherwise', () => {
    expect(publicNameProblem('Mia Medlem')).toBeNull();
    expect(publicNameProblem('')).toBe('Visningsnamnet måste vara minst 2 tecken');
    expect(publicNameProblem('mia@example.se')).toBe('Visningsnamnet får inte vara en e-postadress (inget @)');
  });
});

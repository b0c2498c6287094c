import { semanticTokens as chakraSemanticTokens } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { darkSemanticTokens } from './dark-semantic-tokens';

type Tokens = Record<string, Record<string, { value: unknown }>>;

/** Chakra's value of a token in dark mode: its `_dark` side, or the one value it has for both. */
const darkSide = (value: unknown) => (typeof value === 'object' && value !== null && '_dark' in value ? (value as { _dark: unknown })._dark : value);

describe('the dark semantic tokens', () => {
  for (const group of ['colors', 'shadows', 'radii'] as const) {
    it(`equal the dark side of Chakra's own ${group}, token by token`, () => {
      const ours = darkSemanticTokens[group] as Tokens;
      const chakra = chakraSemanticTokens[group] as unknown as Tokens;
      const compared = Object.entries(ours).flatMap(([name, token]) =>
        'value' in token
          ? [[name, token.value, darkSide((chakra[name] as unknown as { value: unknown }).value)]]
          : Object.entries(token).map(([role, inner]) => [`${name}.${role}`, inner.value, darkSide(chakra[name]?.[role]?.value)]),
      );
      expect(compared.length).toBeGreaterThan(0);
      for (const [path, value, chakraValue] of compared) expect({ path, value }).toEqual({ path, value: chakraValue });
    });
  }

  it('keep every role of each palette they name', () => {
    const chakra = chakraSemanticTokens.colors as unknown as Tokens;
    for (const [name, roles] of Object.entries(darkSemanticTokens.colors as Tokens)) {
      expect({ name, roles: Object.keys(roles).sort() }).toEqual({ name, roles: Object.keys(chakra[name]!).sort() });
    }
  });
});

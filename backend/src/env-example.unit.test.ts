import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './app/paths';
import { SETTING_NAMES, settingsShape, type SettingName } from './config-schema';

/**
 * .env.example documents every setting of the schema (config-schema.ts) and nothing else, so neither can drift:
 * each name both ways, each example value valid, and each default written as the schema has it.
 */
const ENV_EXAMPLE = readFileSync(path.join(REPO_ROOT, '.env.example'), 'utf8').split('\n');
/** docker-compose.yml without its comments (which quote `${VAR:?message}` as an example). */
const COMPOSE = readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')
  .split('\n')
  .filter((line) => !/^\s*#/.test(line))
  .join('\n');

/** Documented in .env.example but read by docker-compose.yml only, never by the app. */
const COMPOSE_ONLY = new Set(['POSTGRES_PASSWORD']);

/** `NAME=value` or `# NAME=value`: a setting's example line (set or commented out). */
const ASSIGNMENT = /^(?:# ?)?([A-Z][A-Z0-9_]*)=(.*)$/;

const examples = ENV_EXAMPLE.flatMap((line, index) => {
  const match = ASSIGNMENT.exec(line);
  return match ? [{ name: match[1]!, value: match[2]!, index }] : [];
});
const documented = new Set(examples.map((example) => example.name));

/** The comment lines right above a setting's first example line, up to a blank line or another example. */
function documentationOf(name: string): string {
  const first = examples.find((example) => example.name === name)!;
  const lines: string[] = [];
  for (let i = first.index - 1; i >= 0; i -= 1) {
    const line = ENV_EXAMPLE[i]!;
    if (!line.startsWith('#') || ASSIGNMENT.test(line)) break;
    lines.unshift(line.replace(/^# ?/, ''));
  }
  return lines.join(' ');
}

/** The raw default of a setting, as it would be written in the environment; undefined when it has none. */
const defaultOf = (name: SettingName): string | undefined => {
  const field: z.ZodTypeAny = settingsShape[name];
  return field instanceof z.ZodDefault ? String(field._def.defaultValue()) : undefined;
};

describe('.env.example', () => {
  it('documents every setting the schema reads', () => {
    expect(SETTING_NAMES.filter((name) => !documented.has(name))).toEqual([]);
  });

  it("documents nothing but the schema's settings and the compose-only ones", () => {
    expect([...documented].filter((name) => !(SETTING_NAMES as string[]).includes(name) && !COMPOSE_ONLY.has(name))).toEqual([]);
  });

  it('gives each setting a description', () => {
    expect(SETTING_NAMES.filter((name) => documentationOf(name).length < 20)).toEqual([]);
  });

  it('gives only example values the schema accepts', () => {
    const refused = examples
      .filter((example) => !COMPOSE_ONLY.has(example.name))
      .filter((example) => !settingsShape[example.name as SettingName].safeParse(example.value).success)
      .map((example) => `${example.name}=${example.value}`);
    expect(refused).toEqual([]);
  });

  it('states each default as the schema has it', () => {
    const wrong = SETTING_NAMES.flatMap((name) => {
      const fallback = defaultOf(name);
      if (fallback === undefined) return [];
      return new RegExp(`Default: ${fallback.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(documentationOf(name)) ? [] : [`${name}: Default: ${fallback}`];
    });
    expect(wrong).toEqual([]);
  });
});

describe('docker-compose.yml', () => {
  it('sets only settings of the schema on the app, and takes only documented variables from .env', () => {
    const block = COMPOSE.slice(COMPOSE.indexOf('x-environment: &environment'));
    const appSettings = [...block.slice(0, block.search(/\n\S/)).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]!);
    expect(appSettings.length).toBeGreaterThan(5);
    expect(appSettings.filter((name) => !(SETTING_NAMES as string[]).includes(name))).toEqual([]);
    const fromEnvFile = [...COMPOSE.matchAll(/\$\{([A-Z][A-Z0-9_]*)/g)].map((match) => match[1]!);
    expect(fromEnvFile.filter((name) => !documented.has(name))).toEqual([]);
  });
});

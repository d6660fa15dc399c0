import { describe, expect, it } from 'vitest';
import { bundledTranslations, listKeys, SUPPORTED_LANGUAGES } from './index.ts';

describe('bundled translations', () => {
  const english = listKeys(bundledTranslations.en);

  it.each(SUPPORTED_LANGUAGES.filter((l) => l !== 'en'))('%s has every English key and no extra ones', (lang) => {
    expect(listKeys(bundledTranslations[lang])).toEqual(english);
  });

  it.each(SUPPORTED_LANGUAGES)('%s has no empty text', (lang) => {
    const walk = (tree: object): string[] => Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : walk(v)));
    expect(walk(bundledTranslations[lang]).filter((text) => text.trim() === '')).toEqual([]);
  });
});

import { RISK_RATINGS, type RiskRating } from '@causeway/contracts';
import Decimal from 'decimal.js';
import type { RiskFactor } from '../../db/schema/edd.ts';

/**
 * docs/rules/edd.md "Risk rating": the thresholds of settled volume over the last 365 days, in EUR. 15,000 is the
 * amount from which EU rules treat even an occasional transaction as needing due diligence; 50,000 a year of
 * crypto bought or sold is what we treat as needing to know where the money comes from.
 */
export const VOLUME_MEDIUM_EUR = '15000';
export const VOLUME_HIGH_EUR = '50000';
/** How far back the volume is counted. */
export const VOLUME_WINDOW_DAYS = 365;

/**
 * Screening labels of the KYC vendor's review that make a person high risk: a politically exposed person, adverse
 * media, or a match on a list of people of concern (Sumsub's label names; the sandbox uses the same).
 */
export const HIGH_RISK_LABELS: Readonly<Record<string, string>> = {
  PEP: 'SCREENING_PEP',
  ADVERSE_MEDIA: 'SCREENING_ADVERSE_MEDIA',
  COMPROMISED_PERSONS: 'SCREENING_COMPROMISED_PERSONS',
  CRIMINAL: 'SCREENING_CRIMINAL',
};

/** What the rules read: the data we hold about the person. */
export interface RiskInputs {
  residenceCountry: string | null;
  nationality: string | null;
  /** The risk list's level of each country it names (countries not on it add nothing). */
  countryLevels: ReadonlyMap<string, 'medium' | 'high' | 'extreme'>;
  /** The labels of the KYC vendor's last review. */
  reviewLabels: readonly string[];
  /** Settled orders of the last VOLUME_WINDOW_DAYS days, in EUR (a decimal string). */
  volume12m: string;
}

const rank = (rating: RiskRating) => RISK_RATINGS.indexOf(rating);
export const higherOf = (a: RiskRating, b: RiskRating): RiskRating => (rank(a) >= rank(b) ? a : b);
export const isAtLeast = (rating: RiskRating, floor: RiskRating): boolean => rank(rating) >= rank(floor);

/**
 * The rating the rules give, with the findings behind it: the highest finding wins, and two or more medium findings
 * together make high (COMBINED). No finding: low. Pure: the same inputs always give the same rating.
 */
export function rateRisk(inputs: RiskInputs): { rating: RiskRating; factors: RiskFactor[] } {
  const factors: RiskFactor[] = [];
  const countries: Array<[string, string | null]> = [
    ['RESIDENCE', inputs.residenceCountry],
    ['NATIONALITY', inputs.nationality],
  ];
  for (const [kind, country] of countries) {
    const level = country ? inputs.countryLevels.get(country.toUpperCase()) : undefined;
    if (level) factors.push({ code: `${kind}_COUNTRY_${level.toUpperCase()}`, rating: level, detail: country!.toUpperCase() });
  }
  for (const label of new Set(inputs.reviewLabels)) {
    const code = HIGH_RISK_LABELS[label];
    if (code) factors.push({ code, rating: 'high', detail: label });
  }
  const volume = new Decimal(inputs.volume12m);
  if (volume.gte(VOLUME_HIGH_EUR)) factors.push({ code: 'VOLUME_HIGH', rating: 'high', detail: `${volume.toFixed(2)} EUR` });
  else if (volume.gte(VOLUME_MEDIUM_EUR)) factors.push({ code: 'VOLUME_MEDIUM', rating: 'medium', detail: `${volume.toFixed(2)} EUR` });

  let rating: RiskRating = factors.reduce<RiskRating>((highest, factor) => higherOf(highest, factor.rating), 'low');
  const mediums = factors.filter((factor) => factor.rating === 'medium');
  if (rating === 'medium' && mediums.length >= 2) {
    factors.push({ code: 'COMBINED', rating: 'high', detail: mediums.map((factor) => factor.code).join('+') });
    rating = 'high';
  }
  return { rating, factors };
}

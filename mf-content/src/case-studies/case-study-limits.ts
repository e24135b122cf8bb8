import type { CaseStudy } from '@agency/contracts/browser';

/** Spec section 9: a card shows at most 3 result metrics and 3 services. */
export const CARD_RESULT_LIMIT = 3;
export const CARD_SERVICE_LIMIT = 3;

export const cardResults = (study: CaseStudy) => study.results.slice(0, CARD_RESULT_LIMIT);
export const cardServices = (study: CaseStudy) => study.services.slice(0, CARD_SERVICE_LIMIT);

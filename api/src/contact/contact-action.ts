import { contactRequestSchema, type FormOutcome } from '@agency/contracts';
import { typedFields, type FormAction } from '../http/form-action';
import { storeContact, type ContactStore, type StoredContact } from './contact-store';

/** Per client address: far above what a person sends, low enough to stop a flood. */
export const CONTACT_RATE_LIMIT = { limit: 30, windowMs: 15 * 60_000 };

const success: FormOutcome = { form: 'contact', status: 'success' };

/** The contact form (POST /api/contacts and /forms/contact): its rules, once, storing into `contacts`. */
export const contactAction = (
  contacts: ContactStore,
): FormAction<typeof contactRequestSchema, object, StoredContact> => ({
  form: 'contact',
  schema: contactRequestSchema,
  limit: { name: 'contact', ...CONTACT_RATE_LIMIT },
  context: () => Promise.resolve({}),
  store: (db, input, _ctx, source) => storeContact(contacts, db, { ...typedFields(input), source }),
  json: (stored) => stored,
  outcome: () => success,
  // Honeypot filled in: answer like a success so bots learn nothing, store nothing.
  decoy: { json: () => ({ id: 0, createdAt: new Date().toISOString() }), outcome: () => success },
  // What was typed: a resend with other tracking hints is still the same request.
  identity: (input) => [typedFields(input)],
});

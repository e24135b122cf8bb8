import { z } from 'zod';

export {
  BUDGET_OPTIONS,
  budgetLabel,
  ContactMessages,
  NewsletterMessages,
  contactRequestSchema,
  newsletterSchema,
  type BudgetValue,
  type ContactRequest,
  type ContactRequestInput,
  type NewsletterInput,
} from './forms';

export const contactCreatedSchema = z.object({ id: z.number(), createdAt: z.string() });
/**
 * A sign-up awaits its confirmation from the inbox (double opt-in): `createdAt` is the subscription's
 * first sign-up, the same when a pending address signs up again.
 */
export const newsletterCreatedSchema = z.object({
  email: z.string(),
  createdAt: z.string(),
  confirmation: z.literal('pending'),
});
